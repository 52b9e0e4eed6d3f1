import { z } from 'zod';
import { titleTestStatuses } from '../../db/schema/title-tests';
import { TEST_KINDS } from '../shared/test-kinds';
import { VERDICTS, WINNER_METRICS } from '../shared/test-shapes';
import { TITLE_CHANGES } from '../shared/title-change';
import { figureExpectationsSchema, testAnalyticsSummarySchema, verdictViewSchema } from '../title-tests';

// Shared report links and the past-tests history (docs/product.md#shared-report-links,
// docs/product.md#past-tests).

/** GET /api/reports?token=…: the token of a report link, as the link carries it. */
export const reportTokenSchema = z.object({
  token: z
    .string({ message: 'token is required: the report link’s token.' })
    .min(1, 'token is required: the report link’s token.')
    .max(200, 'That is not a report link’s token.'),
});

/** The owner's live link: its address, shown again whenever they look. */
export const shareLinkSchema = z.object({
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type ShareLinkView = z.infer<typeof shareLinkSchema>;

/** GET /api/tests/{id}/share-link: the live link, if any, and the revoked ones (newest first). */
export const shareLinksSchema = z.object({
  current: shareLinkSchema.nullable(),
  revoked: z.array(z.object({ createdAt: z.iso.datetime(), revokedAt: z.iso.datetime() })),
});
export type ShareLinks = z.infer<typeof shareLinksSchema>;

/** POST /api/tests/{id}/share-link: the new link, and whether it replaced (revoked) a live one. */
export const createdShareLinkSchema = shareLinkSchema.extend({ replacedPrevious: z.boolean() });

/** DELETE /api/tests/{id}/share-link. */
export const revokedShareLinkSchema = z.object({ success: z.literal(true), revokedAt: z.iso.datetime() });

/**
 * What anyone with the link sees: the test's titles, figures and verdict as the analytics panel
 * shows them, and nothing about its owner (no user, e-mail, test id, channel or token) and
 * nothing to act on.
 */
export const publicReportSchema = z.object({
  videoTitle: z.string(),
  status: z.enum(titleTestStatuses),
  winnerMetric: z.enum(WINNER_METRICS),
  rotationIntervalMinutes: z.number(),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  /** What the test rotated: titles, thumbnails, or title + thumbnail packages. */
  kind: z.enum(TEST_KINDS),
  titles: z.array(z.string()),
  /** Each variant's thumbnail, parallel to `titles` (thumbnail and package tests), else null. */
  thumbnails: z.array(z.string().nullable()),
  summary: testAnalyticsSummarySchema.pick({
    totalViews: true,
    averageCtr: true,
    averageViewDuration: true,
    rotationsCount: true,
  }),
  verdict: verdictViewSchema,
  expected: figureExpectationsSchema,
  /** The product's clock when the report was read: what "in 2 days" counts from. */
  clockAt: z.iso.datetime().nullable(),
  /** When the owner created this link. */
  sharedAt: z.iso.datetime(),
});
export type PublicReport = z.infer<typeof publicReportSchema>;

/** One finished test in the history. */
export const pastTestSchema = z.object({
  id: z.uuid(),
  videoTitle: z.string(),
  status: z.enum(['completed', 'cancelled']),
  /** What the test rotated: titles, thumbnails, or title + thumbnail packages. */
  kind: z.enum(TEST_KINDS),
  /** Each variant's thumbnail by its index (thumbnail and package tests), else null. */
  thumbnails: z.array(z.string().nullable()),
  winnerMetric: z.enum(WINNER_METRICS),
  startDate: z.iso.datetime(),
  /** When it ended (its end date when it ran to it). */
  endedAt: z.iso.datetime(),
  verdict: z.enum(VERDICTS),
  /** In the verdict module's words: Winner, Performed the same, Inconclusive. */
  verdictLabel: z.string(),
  /** A completed CTR or watch-time test still waiting for YouTube's figures of its last days. */
  awaitingFinalData: z.boolean(),
  baselineTitle: z.string(),
  winnerTitleIndex: z.number().nullable(),
  /** The title that went live at the end (0 = the original): the winner, else a challenger that beat the original. */
  liveTitleIndex: z.number(),
  /**
   * The title the lift is about: the winner when a challenger won, else the challenger with the
   * highest estimated lift (for a Title 1 win, how far the best challenger fell short).
   */
  comparedTitleIndex: z.number().nullable(),
  comparedTitle: z.string().nullable(),
  /** Lift of the compared title vs Title 1 and its 95% interval, in percent; null without an estimate. */
  liftPercent: z.number().nullable(),
  liftLowPercent: z.number().nullable(),
  liftHighPercent: z.number().nullable(),
  /** What a winning challenger changed compared with Title 1; null unless a challenger won. */
  winningChange: z.array(z.enum(TITLE_CHANGES)).nullable(),
});
export type PastTest = z.infer<typeof pastTestSchema>;

/** GET /api/tests/history: the signed-in user's finished tests, newest first, with counts. */
export const pastTestsSchema = z.object({
  counts: z.object({
    finished: z.number(),
    /** Verdict Winner. */
    decided: z.number(),
    same: z.number(),
    /** Inconclusive (tests still awaiting final figures are counted apart). */
    inconclusive: z.number(),
    awaitingFinalData: z.number(),
  }),
  /** Median lift vs Title 1 of the compared title over decided tests; null when none is decided. */
  medianDecidedLiftPercent: z.number().nullable(),
  tests: z.array(pastTestSchema),
});
export type PastTests = z.infer<typeof pastTestsSchema>;
