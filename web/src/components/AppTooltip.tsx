import { Tooltip } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A tooltip opens after 700 ms, at once if another closed less than 300 ms ago
 * (docs/product.md#client-behaviour).
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

export function tooltipOpenDelay(now: number): number {
  return now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

interface AppTooltipProps {
  label: ReactNode;
  children: ReactNode;
}

/** Wraps any control; opens on hover or keyboard focus, closes on leave, blur or Escape. */
export function AppTooltip({ label, children }: AppTooltipProps) {
  const [opened, setOpened] = useState(false);
  const openedRef = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const open = () => {
    window.clearTimeout(timer.current);
    const delay = tooltipOpenDelay(performance.now());
    const show = () => {
      openedRef.current = true;
      setOpened(true);
    };
    if (delay === 0) show();
    else timer.current = window.setTimeout(show, delay);
  };
  const close = () => {
    window.clearTimeout(timer.current);
    if (openedRef.current) lastClosedAt = performance.now();
    openedRef.current = false;
    setOpened(false);
  };

  return (
    <Tooltip
      label={label}
      opened={opened}
      withArrow
      multiline
      maw={280}
      events={{ hover: false, focus: false, touch: false }}
    >
      <span
        style={{ display: 'inline-flex' }}
        onPointerEnter={open}
        onPointerLeave={close}
        onFocus={open}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        {children}
      </span>
    </Tooltip>
  );
}
