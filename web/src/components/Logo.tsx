import { Group, Text, ThemeIcon } from '@mantine/core';
import { AppLink } from './AppLink';
import classes from './Logo.module.css';

/** The Titlewise wordmark, linking home. */
export function Logo({ to = '/', compact = false }: { to?: '/' | '/dashboard'; compact?: boolean }) {
  return (
    <AppLink to={to} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={32}
          radius="md"
          variant="gradient"
          gradient={{ from: 'violet.7', to: 'pink.7', deg: 135 }}
          aria-hidden
        >
          <Text fw={800} fz="sm" c="white">
            Tw
          </Text>
        </ThemeIcon>
        <Text fw={800} fz="lg" c="dark.8" className={compact ? classes.compactWord : undefined}>
          Titlewise
        </Text>
      </Group>
    </AppLink>
  );
}
