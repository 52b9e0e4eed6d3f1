import type { ServiceContext } from '../context/service-context';
import { chosenChannel } from '../channels';
import type { UserRow } from '../../db/schema/users';
import { describeAccuracy } from './accuracy';
import type { AccuracyStatus } from './analytics.schemas';

/** The accuracy of the figures of one of the user's channels (default the latest connected). No YouTube call. */
export async function getAccuracyStatus(
  ctx: ServiceContext,
  user: UserRow,
  channelId?: string,
): Promise<AccuracyStatus> {
  return describeAccuracy(await chosenChannel(ctx.db, user, channelId), ctx.clock.now(), user.isDemo);
}
