import { inArray } from 'drizzle-orm';
import { titleTests, users } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import { createTitleTest } from '../../src/title-tests/create-test.service';
import { assertUserReadsLeft, chargedToUser } from '../../src/youtube/gateway/user-reads';
import { chunks } from '../rotation/world-plan';
import { inParallel } from '../rotation/measure';
import { challengerKey } from './challenger-images';
import type { Creator, TestRequest } from './population';
import { videoIdOf, videoTitleOf } from './seed';
import type { EngineContext } from '../../src/title-tests/engine/engine-context';

const DAY_MS = 86_400_000;
/** Creations in flight at once: they queue on the admission lock anyway, as concurrent visitors would. */
const CREATION_LANES = 4;

export interface Creation {
  creator: Creator;
  request: TestRequest;
  /** The test's state right after creation: started, waiting for capacity, or refused (with why). */
  outcome: 'started' | 'queued' | 'refused';
  testId: string | null;
  refusal: string | null;
  /** The simulated instant it was asked. */
  createdAt: Date;
}

/**
 * Creators asking for their tests through the product's own path (createTitleTest: validation, the
 * plan's running limit, the video read on the creator's grant, admission under the capacity lock),
 * each request at the step its instant falls in.
 */
export function createArrivals(
  ctx: EngineContext,
  creators: Creator[],
  /** Each thumbnail or package request's uploaded image, by challengerKey. */
  challengerImages: ReadonlyMap<string, string>,
  /** Every test runs to its end date, even after a look names a winner. */
  runToEnd = false,
) {
  const due = creators
    .flatMap((creator) => creator.requests.map((request) => ({ creator, request })))
    .sort((a, b) => a.request.atMs - b.request.atMs);
  let next = 0;
  const rows = new Map<string, UserRow>();
  const creations: Creation[] = [];

  async function loadUsers(): Promise<void> {
    for (const part of chunks(creators, 1_000)) {
      const found = await ctx.db
        .select()
        .from(users)
        .where(
          inArray(
            users.id,
            part.map((creator) => creator.userId),
          ),
        );
      for (const row of found) rows.set(row.id, row);
    }
  }

  async function create(item: { creator: Creator; request: TestRequest }): Promise<void> {
    const { creator, request } = item;
    const now = ctx.clock.now();
    try {
      // As the create operation does (src/api/within-limit.ts): the video read comes from the
      // creator's share of the users' reads. Its per-minute rate limit runs on real time, which a
      // compressed run would turn into an artifact, so it is left out.
      await assertUserReadsLeft(ctx, creator.userId);
      const testId = await chargedToUser(creator.userId, () =>
        createTitleTest(
          ctx,
          rows.get(creator.userId)!,
          {
            videoId: videoIdOf(creator, request.video),
            ...variantsOf(creator, request, challengerImages),
            rotationIntervalMinutes: request.rotationIntervalMinutes,
            winnerMetric: request.winnerMetric,
            endDate: new Date(now.getTime() + request.durationDays * DAY_MS).toISOString(),
            runToEnd,
            // A creator starts what they asked for, even where the plan warns it is weak.
            acknowledgeWeakPlan: true,
          },
          rows.get(creator.userId)!,
        ),
      );
      const [test] = await ctx.db
        .select({ status: titleTests.status })
        .from(titleTests)
        .where(inArray(titleTests.id, [testId]));
      const outcome = test?.status === 'queued' ? 'queued' : 'started';
      creations.push({ creator, request, outcome, testId, refusal: null, createdAt: now });
    } catch (error) {
      creations.push({
        creator,
        request,
        outcome: 'refused',
        testId: null,
        refusal: (error as Error).message,
        createdAt: now,
      });
    }
  }

  return {
    loadUsers,
    creations,
    /** Runs every request due by `elapsedMs` after the run's start; resolves when all are answered. */
    async runUntil(elapsedMs: number): Promise<number> {
      const start = next;
      while (next < due.length && due[next]!.request.atMs <= elapsedMs) next++;
      await inParallel(due.slice(start, next), CREATION_LANES, create);
      return next - start;
    },
  };
}

/** The request's variants by the creator's kind: a new title, a new image (the title stays), or both. */
function variantsOf(creator: Creator, request: TestRequest, images: ReadonlyMap<string, string>) {
  const titles = [videoTitleOf(creator, request.video), `Upload ${request.video}: a sharper challenger`];
  if (creator.kind === 'titles') return { kind: creator.kind, titles };
  const thumbnailIds = [images.get(challengerKey(creator, request.video))!];
  return creator.kind === 'thumbnails'
    ? { kind: creator.kind, thumbnailIds }
    : { kind: creator.kind, titles, thumbnailIds };
}
