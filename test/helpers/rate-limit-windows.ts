import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/**
 * A minute passes: the product's clock moves a minute and every rate-limit window now open ends.
 * The windows run on real time (moving the product's clock must not end them), so the stored
 * windows are aged instead.
 */
export async function endRateLimitWindows(testApp: TestApp): Promise<void> {
  testApp.clock.advance(61_000);
  await testApp.built.app.db.execute(
    sql`update rate_limits set window_start = window_start - interval '61 seconds' where key not like 'youtube-reads:%'`,
  );
}
