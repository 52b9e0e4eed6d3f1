import { activeTestLimit, planLimitMessage } from '../shared/plans';
import { LATEST_SCHEDULE_DESIGN } from '../statistics/schedule';
import { recordAudit, testAuditState } from '../audit';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { titleTests, titleVariants } from '../../db/schema';
import { scheduleAdvance } from './engine/title-tests.jobs';
import type { UserRow } from '../../db/schema/users';
import { assertTakesNewTests, assertUsable, chosenChannel } from '../channels';
import { AppError, badRequest, conflict, notFound } from '../errors/app-error';
import { defaultDurationDaysFor } from '../shared/test-shapes';
import { storeSchedule } from './engine/schedule-rows';
import { admitNewTest, assertShapeCanFit, type TestShape } from '../capacity';
import { forecastTest, undecidablePlanProblem, verdictProblem, weakPlanProblem } from './forecast.service';
import { withTx, type ServiceContext } from '../context/service-context';
import type { EngineContext } from './engine/engine-context';
import { refreshTestFigures } from './figures/stored-figures';
import { runningStatuses } from '../shared/test-states';
import { MAX_TEST_DAYS, VIDEO_BUSY_MESSAGE, VIDEO_HAS_YOUR_TEST_MESSAGE } from '../shared/title-test-rules';
import { ASSUMED_LAG, channelLag, lagProblem, washoutFor } from './figures/channel-lag';
import {
  START_TOLERANCE_MS,
  createTestInputSchema,
  type CreateTestInput,
} from './records/title-tests.schemas';
import type { TestForecast } from './records/title-tests.schemas';
import { RECONNECT_INSTRUCTIONS } from '../shared/reconnect';
import { estimateViewsPerDay } from '../shared/video-traffic';
import { rotatesThumbnails } from '../shared/test-kinds';
import { storeImage } from '../images';
import { prepareThumbnails, type OriginalThumbnail } from './test-thumbnails';
import type { VideoToTest } from './engine/youtube-port';

const DAY = 86_400_000;

/**
 * Creates a title test: validates everything first (input, the video is the creator's own, plan
 * limit, quota budget), then in one transaction stores the test, its variants and its seeded
 * schedule, and enqueues the first rotation. Bad input changes nothing.
 */
export async function createTitleTest(
  ctx: EngineContext,
  user: UserRow,
  rawInput: CreateTestInput,
  /** Who creates it, for the audit log: the owner (the default) or their team's editor. */
  // Required: the audit log records who acted (the owner, or their team's editor), never a default.
  actor: Pick<UserRow, 'id'>,
): Promise<string> {
  const input = createTestInputSchema.parse(rawInput);
  const now = ctx.clock.now();
  const startDate = input.startDate ? new Date(input.startDate) : now;
  const endDate = input.endDate
    ? new Date(input.endDate)
    : new Date(
        startDate.getTime() + (input.durationDays ?? defaultDurationDaysFor(input.winnerMetric)) * DAY,
      );
  if (startDate.getTime() < now.getTime() - START_TOLERANCE_MS) {
    throw badRequest('The start date is in the past. Choose now or a later time.');
  }
  if (endDate <= startDate) throw badRequest('The end date must be after the start date.');
  if (endDate.getTime() - startDate.getTime() > MAX_TEST_DAYS * DAY) {
    throw badRequest(`A test can run for at most ${MAX_TEST_DAYS} days. Choose an earlier end date.`);
  }
  const start = startDate < now ? now : startDate;
  // Variant 1 is what is live now: a thumbnail test's first variant is the video's own thumbnail.
  const variantCount = input.kind === 'thumbnails' ? input.thumbnailIds.length + 1 : input.titles.length;

  const seed = randomBytes(16).toString('hex');
  const cannotDecide = verdictProblem(
    {
      intervalMinutes: input.rotationIntervalMinutes,
      metric: input.winnerMetric,
      titleCount: variantCount,
      durationDays: (endDate.getTime() - start.getTime()) / DAY,
      start,
    },
    input.kind,
  );
  if (cannotDecide) throw badRequest(cannotDecide);

  const connection = await chosenChannel(ctx.db, user, input.channelId);
  if (!connection) throw badRequest('Connect your YouTube channel first: sign in with Google.');
  assertUsable(connection);
  if (connection.status !== 'connected') {
    throw conflict(`Your YouTube channel is disconnected. ${RECONNECT_INSTRUCTIONS}.`);
  }
  // More channels connected than the plan includes (it went down): new tests only on the first.
  await assertTakesNewTests(ctx.db, user, connection);
  // How long views follow the previous title on this channel sets the washout (channel-lag.ts).
  const lag =
    (await channelLag(ctx.db, { userId: user.id, channelConnectionId: connection.id })) ?? ASSUMED_LAG;
  const tooShort = lagProblem(input, lag);
  if (tooShort) throw badRequest(tooShort);

  const running = await ctx.db
    .select({
      videoId: titleTests.videoId,
      interval: titleTests.rotationIntervalMinutes,
      userId: titleTests.userId,
    })
    .from(titleTests)
    .where(inArray(titleTests.status, [...runningStatuses]));
  // Only the caller's own: another channel's running test must not show (its video answers 404 below).
  if (running.some((test) => test.videoId === input.videoId && test.userId === user.id)) {
    throw conflict(VIDEO_HAS_YOUR_TEST_MESSAGE);
  }
  const limit = activeTestLimit(user);
  const mine = running.filter((test) => test.userId === user.id).length;
  if (limit !== null && mine >= limit)
    throw new AppError('FORBIDDEN', planLimitMessage(user.subscriptionTier, limit));
  const shape = shapeOf(input);
  // A demo account's tests run on the simulator's quota of its own copy, never the deployment's.
  if (!user.isDemo) assertShapeCanFit(ctx.config, user, shape, endDate.getTime() - start.getTime());

  let video;
  try {
    video = await ctx.youtube.getVideoToTest(connection, input.videoId);
  } catch (error) {
    const failure = ctx.youtube.classify(error);
    throw new AppError(
      failure.kind === 'quota' ? 'RATE_LIMITED' : 'UPSTREAM_UNAVAILABLE',
      `YouTube could not be reached: ${failure.message}`,
      {
        cause: error,
      },
    );
  }
  if (!video || video.channelId !== connection.youtubeChannelId) throw notFound('Video on your channel');
  const original = rotatesThumbnails(input.kind)
    ? await prepareThumbnails(ctx, user, connection, video, input.thumbnailIds)
    : null;

  // The plan the test promises, as the dialog previewed it: kept with the test, and confirmed on
  // the video's own traffic before the first switch (engine/forecast-confirmation.ts).
  const viewsPerDay =
    estimateViewsPerDay({ viewCount: video.viewCount, publishedAt: video.snippet.publishedAt }, now) ??
    undefined;
  const forecast = await forecastTest(
    ctx,
    user,
    {
      channelId: connection.id,
      titleCount: variantCount,
      rotationIntervalMinutes: input.rotationIntervalMinutes,
      winnerMetric: input.winnerMetric,
      durationDays: (endDate.getTime() - start.getTime()) / DAY,
      startDate: start.toISOString(),
      viewsPerDay,
      videoId: video.id,
      kind: input.kind,
    },
    { alternatives: false },
  );
  // The plan counts the day the test first reads the video: a shape that decides on paper may not.
  const undecidable = undecidablePlanProblem(forecast, variantCount, input.kind);
  if (undecidable) throw badRequest(undecidable);
  // A shape that, on this video's traffic, would only notice a title that doubles the metric very
  // likely ends Inconclusive: refused unless the creator starts it knowingly (the dialog's checkbox).
  const weak = input.acknowledgeWeakPlan ? null : weakPlanProblem(forecast, viewsPerDay ?? null);
  if (weak) throw badRequest(weak);

  try {
    return await insertTest(ctx, {
      user,
      actor,
      connectionId: connection.id,
      video,
      input,
      original,
      seed,
      start,
      startDate,
      endDate,
      now,
      washoutMinutes: washoutFor(input.rotationIntervalMinutes, lag),
      forecast,
    });
  } catch (error) {
    // The partial unique index lets one test at a time change a video's title: a creation racing
    // the caller's own, or a test another account runs on a channel both connected. Whose it is
    // is not said (docs/decisions/0021-a-channel-two-accounts-connect.md).
    if (isUniqueViolation(error)) throw conflict(VIDEO_BUSY_MESSAGE);
    throw error;
  }
}

/**
 * The test's variants, by position: titles as given; a thumbnail test's all keep the video's title
 * and variant 1 shows its original thumbnail; a package pairs each title with its image, variant 1
 * with the original.
 */
function variantRows(
  input: ReturnType<typeof createTestInputSchema.parse>,
  videoTitle: string,
  originalImageId: string | null,
): Array<{ position: number; title: string; thumbnailImageId: string | null }> {
  const images = [originalImageId, ...input.thumbnailIds];
  if (input.kind === 'titles')
    return input.titles.map((title, position) => ({ position, title, thumbnailImageId: null }));
  if (input.kind === 'thumbnails')
    return images.map((thumbnailImageId, position) => ({ position, title: videoTitle, thumbnailImageId }));
  return input.titles.map((title, position) => ({
    position,
    title,
    thumbnailImageId: images[position] ?? null,
  }));
}

/** What the test asks of YouTube capacity (src/capacity/cost-model.ts). */
const shapeOf = (input: ReturnType<typeof createTestInputSchema.parse>): TestShape => ({
  rotationIntervalMinutes: input.rotationIntervalMinutes,
  winnerMetric: input.winnerMetric,
  kind: input.kind,
});

function isUniqueViolation(error: unknown): boolean {
  for (
    let cause = error;
    cause instanceof Error || (cause && typeof cause === 'object');
    cause = (cause as { cause?: unknown }).cause
  ) {
    if ((cause as { code?: string }).code === '23505') return true;
    if (!(cause as { cause?: unknown }).cause) break;
  }
  return false;
}

async function insertTest(
  ctx: EngineContext,
  args: {
    user: UserRow;
    actor: Pick<UserRow, 'id'>;
    connectionId: string;
    video: Pick<VideoToTest, 'id' | 'title' | 'form'>;
    input: ReturnType<typeof createTestInputSchema.parse>;
    original: OriginalThumbnail | null;
    seed: string;
    start: Date;
    startDate: Date;
    endDate: Date;
    now: Date;
    washoutMinutes: number;
    forecast: TestForecast;
  },
): Promise<string> {
  const { user, video, input, seed, start, startDate, endDate, now } = args;
  return ctx.db.transaction(async (tx) => {
    // Does it fit the deployment's YouTube capacity now, or wait in line (src/capacity)?
    const admission = user.isDemo
      ? ({ start: true } as const)
      : await admitNewTest(withTx(ctx, tx), user, shapeOf(input), {
          durationMs: endDate.getTime() - start.getTime(),
          startsAt: start,
          readMs: args.forecast.calibrationHours * 3_600_000,
        });
    // Kept with the test, as YouTube served it: the end or a cancel puts it back byte for byte.
    const originalImage = args.original
      ? await storeImage({ db: tx }, user.id, args.original, 'youtube-original')
      : null;
    const [test] = await tx
      .insert(titleTests)
      .values({
        userId: user.id,
        channelConnectionId: args.connectionId,
        videoId: video.id,
        kind: input.kind,
        videoFormat: video.form.format,
        originalThumbnailImageId: originalImage?.id ?? null,
        liveThumbnailSha256: args.original?.sha256 ?? null,
        videoTitle: video.title,
        originalTitle: video.title,
        status: !admission.start ? 'queued' : startDate > now ? 'scheduled' : 'active',
        expectedStartAt: admission.start ? null : admission.expectedStartAt,
        rotationIntervalMinutes: input.rotationIntervalMinutes,
        winnerMetric: input.winnerMetric,
        washoutMinutes: args.washoutMinutes,
        startDate: start,
        endDate,
        scheduleSeed: seed,
        scheduleDesign: LATEST_SCHEDULE_DESIGN,
        stopAtVerdict: !input.runToEnd,
        forecast: args.forecast,
        heldBy: ctx.holding ?? null,
      })
      .returning();
    const variants = await tx
      .insert(titleVariants)
      .values(
        variantRows(input, video.title, originalImage?.id ?? null).map((row) => ({
          ...row,
          testId: test!.id,
        })),
      )
      .returning();
    // A queued test's schedule is drawn when it starts (capacity.service.ts).
    if (admission.start) {
      await storeSchedule(
        tx,
        test!,
        variants.map((variant) => variant.id),
        input.rotationIntervalMinutes,
        start,
        endDate,
      );
      await scheduleAdvance(withTx(ctx, tx), test!.id, start);
    }
    await refreshTestFigures(tx, { testIds: [test!.id] }, now);
    await recordAudit(tx, {
      actorUserId: args.actor.id,
      action: 'test.create',
      targetType: 'test',
      targetId: test!.id,
      before: null,
      after: testAuditState(test!),
      at: now,
    });
    return test!.id;
  });
}

/** The test if it belongs to the user; another user's test is "not found" (no existence leak). */
export async function findOwnTest(ctx: ServiceContext, user: UserRow, testId: string) {
  const [test] = await ctx.db
    .select()
    .from(titleTests)
    .where(and(eq(titleTests.id, testId), eq(titleTests.userId, user.id)))
    .limit(1);
  if (!test) throw notFound('Test');
  return test;
}
