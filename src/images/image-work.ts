import { AppError } from '../errors/app-error';
import { BoundedWork, WorkRefusedError } from '../platform/bounded-work';
import type { ConcurrencyLimits } from '../platform/concurrency-limiter';
import { IMAGE_MESSAGES } from '../shared/image-rules';

/*
 * The decoding an upload causes, bounded per process (docs/images.md#bounded-work): one account
 * has at most one upload being read at a time, and the whole process reads IMAGE_WORK_LIMITS
 * images at once, a few more waiting briefly, the rest refused at once. The request slots
 * (src/api/request-limit.ts) are many more, so uploads can never hold them all: another user's
 * reads keep their slots and the other core.
 *
 * The bound belongs to the process, as the cores and libvips' threads it guards do, so it lives
 * here rather than per request or per app.
 */

/** One image read at a time (sharp is set to one thread), three more may wait up to 15 seconds. */
export const IMAGE_WORK_LIMITS: ConcurrencyLimits = { maxConcurrent: 1, maxQueued: 3, maxWaitMs: 15_000 };

const imageWork = new BoundedWork(IMAGE_WORK_LIMITS);

/**
 * Runs `work` (a decode) for `accountId` within the bounds: 429 when that account already has an
 * upload being read, 503 when the process has more images waiting than it lets wait.
 */
export async function withImageWork<T>(accountId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await imageWork.run(accountId, work);
  } catch (error) {
    if (!(error instanceof WorkRefusedError)) throw error;
    throw error.reason === 'in-flight'
      ? new AppError('RATE_LIMITED', IMAGE_MESSAGES.uploadInFlight)
      : new AppError('UPSTREAM_UNAVAILABLE', IMAGE_MESSAGES.busy);
  }
}

/** Images being read and waiting in this process. */
export const imageWorkLoad = (): { reading: number; waiting: number } => {
  const { running, waiting } = imageWork.load();
  return { reading: running, waiting };
};
