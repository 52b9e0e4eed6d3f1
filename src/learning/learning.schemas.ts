import { z } from 'zod';
import { FEATURE_VERDICTS, THUMBNAIL_FEATURES, TITLE_FEATURES } from '../shared/learning-features';
import { WINNER_METRICS } from '../shared/test-shapes';

const featureSchema = z.enum([...TITLE_FEATURES, ...THUMBNAIL_FEATURES]);

export const featureFindingSchema = z.object({
  feature: featureSchema,
  /** What it is, in the creator's words. */
  label: z.string(),
  /** Finished tests that varied it (each counted once). */
  tests: z.number().int(),
  /** The pooled lift of having it, with its 95% interval; null below the minimum of tests. */
  lift: z.number().nullable(),
  liftLow: z.number().nullable(),
  liftHigh: z.number().nullable(),
  verdict: z.enum(FEATURE_VERDICTS),
  testsNeeded: z.number().int(),
  /** The features it only ever changed together with: its own effect cannot be told apart. */
  tangledWith: z.array(featureSchema),
});

export const learningViewSchema = z.object({
  /** The channel read (null: none connected yet). */
  channelId: z.uuid().nullable(),
  /** Finished tests with a final estimate for their variants. */
  finishedTests: z.number().int(),
  /** Tests a feature needs before its effect is pooled. */
  minimumTests: z.number().int(),
  metrics: z.array(
    z.object({
      metric: z.enum(WINNER_METRICS),
      tests: z.number().int(),
      features: z.array(featureFindingSchema),
    }),
  ),
  /** The test whose answer would tell most, or null when every feature tried is clear. */
  next: z
    .object({
      feature: featureSchema,
      label: z.string(),
      metric: z.enum(WINNER_METRICS),
      kind: z.enum(['titles', 'thumbnails']),
      reason: z.string(),
    })
    .nullable(),
});
export type LearningView = z.infer<typeof learningViewSchema>;

export const learningExportQuerySchema = z.object({
  channelId: z.uuid({ message: 'Unknown channel id.' }).optional(),
  format: z.enum(['csv', 'json'], { message: 'format must be csv or json.' }).default('csv'),
});

/** Whether the account's finished tests are pooled with other opted-in channels (docs/decisions/0047). */
export const learningSharingSchema = z.object({
  optedIn: z.boolean(),
  /** Only the account's owner chooses; a team member reads the owner's choice. */
  canChange: z.boolean(),
});

export const setLearningSharingSchema = z.object({
  optedIn: z.boolean({ message: 'optedIn must be true or false.' }),
});

/** The pool of opted-in channels: counts, and what it shows once enough channels are in it. */
export const learningPoolSchema = z.object({
  /** Channels with finished tests in the pool. */
  channels: z.number().int(),
  /** Channels needed before the pool is shown (MIN_POOL_CHANNELS). */
  minimumChannels: z.number().int(),
  /** Null below the minimum; no channel named (channelId null) and no next test suggested. */
  view: learningViewSchema.nullable(),
});
export type LearningPool = z.infer<typeof learningPoolSchema>;
