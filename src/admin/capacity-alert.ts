import { eq, or, inArray, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { capacityOverview, FORECAST_WARN_SHARE } from '../capacity';
import { rowsOf } from '../db/rows';
import { transportFor } from '../notifications';
import type { ServiceContext } from '../context/service-context';
import { pacificDayStart } from '../time/pacific';

/**
 * E-mails every admin once a Pacific day when the day's quota forecast reaches 80% (docs/capacity.md):
 * new tests then wait in line, and a larger quota is worth asking Google for. Returns who was told.
 */
export async function alertAdminsNearCapacity(ctx: ServiceContext): Promise<string[]> {
  const url = ctx.config.mail.url;
  if (!url) return [];
  const overview = await capacityOverview(ctx);
  if (overview.forecastShare < FORECAST_WARN_SHARE) return [];
  // Once a day: the first pass past the mark takes the day's row; later passes find it taken.
  const taken = rowsOf<{ key: string }>(
    await ctx.db.execute(sql`
      insert into rate_limits (key, window_start, count)
      values (${`capacity-alert:${overview.day}`}, ${pacificDayStart(overview.day).toISOString()}::timestamptz, 1)
      on conflict (key) do nothing returning key`),
  );
  if (taken.length === 0) return [];
  const emails = [...ctx.config.adminEmails, ...ctx.config.founderEmails];
  const admins = await ctx.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(or(eq(users.isAdmin, true), emails.length > 0 ? inArray(users.email, emails) : sql`false`));
  const percent = Math.round(overview.forecastShare * 100);
  const text = [
    `Today's YouTube quota forecast is ${overview.forecastUnits.toLocaleString('en-US')} of ${overview.quotaUnits.toLocaleString('en-US')} units (${percent}%), with ${overview.usedUnits.toLocaleString('en-US')} used so far.`,
    `${overview.queue.length} test${overview.queue.length === 1 ? '' : 's'} wait for capacity. New tests queue rather than run until running tests end or the quota resets at midnight Pacific.`,
    `See the admin console: ${ctx.config.publicUrl}/admin. To carry more tests, ask Google for a larger quota (docs/capacity.md).`,
  ].join('\n\n');
  for (const admin of admins) {
    await transportFor(url).sendMail({
      from: ctx.config.mail.from,
      to: { name: admin.name, address: admin.email },
      subject: `Titlewise: YouTube quota forecast at ${percent}% today`,
      text,
    });
  }
  return admins.map((admin) => admin.email);
}
