import type { AppContext } from '../app-context';
import { findPrimaryConnection } from '../channels/channel-connections.service';
import type { RequestAuth } from '../http/request-auth';
import { describeAccuracy } from './accuracy';
import type { AccuracyStatus } from './analytics.schemas';

/** The accuracy of the signed-in user's figures, from their primary channel connection. No YouTube call. */
export async function getAccuracyStatus(app: AppContext, auth: RequestAuth): Promise<AccuracyStatus> {
  return describeAccuracy(await findPrimaryConnection(app.db, auth.user.id), app.clock.now());
}
