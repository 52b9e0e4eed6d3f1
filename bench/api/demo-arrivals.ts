import { note } from '../rotation/measure';

/** Issue 35's goal for the demo: 20 visitors arriving together all in within 2 minutes, each within 5 s. */
export const DEMO_GOALS = { visitors: 20, eachMs: 5_000, allMs: 120_000 };

export interface DemoArrivals {
  /** Click to dashboard for each of the visitors arriving at once, in ms. */
  together: number[];
  /** From the first click to the last dashboard of those, in ms. */
  togetherMs: number;
  /** The same number of visitors one after the other. */
  inRow: number[];
}

/**
 * Demo visitors on the settled server, each from an address of its own (the server believes the
 * bench's X-Forwarded-For: TRUST_PROXY names loopback), so the per-address limits apply as they do
 * to real visitors: the click on "Try the demo" (POST /api/auth/demo-login) to their dashboard's
 * test list (GET /api/tests).
 */
export async function measureDemoArrivals(baseUrl: string): Promise<DemoArrivals> {
  let visitors = 0;
  const visit = async (): Promise<number> => {
    visitors += 1;
    const address = `198.51.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
    const started = performance.now();
    const login = await fetch(`${baseUrl}/api/auth/demo-login`, {
      method: 'POST',
      headers: { origin: new URL(baseUrl).origin, 'x-forwarded-for': address },
    });
    const body = (await login.json()) as { sessionToken?: string; error?: string };
    if (login.status !== 200 || !body.sessionToken)
      throw new Error(`demo sign-in answered ${login.status}: ${body.error ?? ''}`);
    const list = await fetch(`${baseUrl}/api/tests`, {
      headers: { authorization: `Bearer ${body.sessionToken}`, 'x-forwarded-for': address },
    });
    if (list.status !== 200) throw new Error(`the demo dashboard answered ${list.status}`);
    await list.arrayBuffer();
    return performance.now() - started;
  };
  note(`${DEMO_GOALS.visitors} demo visitors at once, then ${DEMO_GOALS.visitors} in a row`);
  const started = performance.now();
  const together = await Promise.all(Array.from({ length: DEMO_GOALS.visitors }, visit));
  const togetherMs = performance.now() - started;
  const inRow: number[] = [];
  for (let index = 0; index < DEMO_GOALS.visitors; index += 1) inRow.push(await visit());
  return { together, togetherMs, inRow };
}
