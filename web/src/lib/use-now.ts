import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, for words relative to it ("in 5 minutes"). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The product's clock, running: the server said it was `clockAt` when the answer arrived at
 * `receivedAt` (ms). With the simulator the product's clock can be days ahead of the viewer's,
 * and the instants the server gives ("the verdict is expected at …") are on the product's clock.
 */
export function useProductNow(clockAt: string | null | undefined, receivedAt: number): Date {
  const now = useNow();
  const offset = clockAt ? Date.parse(clockAt) - receivedAt : 0;
  return new Date(now.getTime() + offset);
}
