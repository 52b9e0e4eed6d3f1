import { z } from 'zod';
import { channelChoiceSchema } from '../channels';
import { declareOn } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import { performTestAction } from './actions.service';
import { createTitleTest } from './create-test.service';
import { extendTest, previewExtension } from './extend-test.service';
import { exportTest } from './export.service';
import { fastForwardTest } from './fast-forward-test.service';
import { forceAnalytics, simulateRotation } from './founder-tools.service';
import { forecastTest } from './forecast.service';
import {
  actionResultSchema,
  createTestInputSchema,
  dashboardStatsSchema,
  extendTestInputSchema,
  extensionForecastSchema,
  fastForwardInputSchema,
  founderToolResultSchema,
  testActionParamsSchema,
  testAnalyticsWithVerdictSchema,
  testExportQuerySchema,
  testIdSchema,
  testForecastInputSchema,
  testForecastSchema,
  titleTestSchema,
} from './records/title-tests.schemas';
import { getDashboardStatsJson, getOwnTestView, getTestAnalyticsJson, listTestsJson } from './views.service';
import type { TimeControlContext } from './simulation/simulated-time';

const { mutation, query, restOnly } = declareOn<TimeControlContext>();

/** Title tests (docs/product.md#rest-paths): the creator's tests, their figures and actions, and the founder's tools. */
export const titleTestOperations = {
  list: query({
    access: 'user',
    team: 'view',
    output: z.array(titleTestSchema),
    // Polled by dashboards and tools: ETag / 304. The stored cards as they are (validated when
    // stored, src/title-tests/figures/stored-figures.ts).
    input: channelChoiceSchema,
    rest: {
      method: 'GET',
      path: '/api/tests',
      summary: "The signed-in user's tests, newest first: of one channel (channelId) or of all",
      conditional: true,
    },
    handler: ({ ctx, caller, input }) => listTestsJson(ctx, caller.user, input.channelId ?? null),
  }),

  create: mutation({
    access: 'user',
    team: 'edit',
    input: createTestInputSchema,
    output: titleTestSchema,
    rest: { method: 'POST', path: '/api/tests', summary: 'Create a title test', successStatus: 201 },
    limit: rateLimits.createTest,
    handler: async ({ ctx, caller, input }) =>
      getOwnTestView(ctx, caller.user, await createTitleTest(ctx, caller.user, input, caller.actor)),
  }),

  plan: query({
    access: 'user',
    team: 'view',
    input: testForecastInputSchema,
    output: testForecastSchema,
    rest: {
      method: 'GET',
      path: '/api/tests/plan',
      summary: 'What a planned test can detect (minimum detectable effect)',
    },
    handler: ({ ctx, caller, input }) => forecastTest(ctx, caller.user, input),
  }),

  analytics: query({
    access: 'user',
    team: 'view',
    input: testIdSchema,
    output: testAnalyticsWithVerdictSchema,
    // Polled: ETag / 304; built from figures validated when stored.
    rest: {
      method: 'GET',
      path: '/api/tests/:id/analytics',
      summary: 'Per-rotation analytics of a test',
      conditional: true,
    },
    handler: ({ ctx, caller, input }) => getTestAnalyticsJson(ctx, caller.user, input.id),
  }),

  export: restOnly({
    access: 'user',
    team: 'view',
    input: testIdSchema.extend(testExportQuerySchema.shape),
    output: z.string(),
    rest: {
      method: 'GET',
      path: '/api/tests/:id/export',
      summary:
        'Download a test’s figures: format=csv with table=windows (each window: title, start, measured hours, views, CTR, impressions, view duration and their source) or table=daily (YouTube’s daily figures), or format=json (the whole analysis: windows, verdict with lifts, intervals and chance to be best, daily figures)',
    },
    limit: rateLimits.testExport,
    handler: ({ ctx, caller, input: { id, ...options } }) => exportTest(ctx, caller.user, id, options),
  }),

  forceAnalytics: mutation({
    access: 'founder',
    input: testIdSchema,
    output: founderToolResultSchema,
    rest: {
      method: 'POST',
      path: '/api/tests/:id/force-analytics',
      summary: 'Collect metrics now (founder only)',
    },
    handler: async ({ ctx, caller, input }) => ({
      success: true as const,
      message: await forceAnalytics(ctx, caller.user, input.id),
    }),
  }),

  fastForward: mutation({
    access: 'founder',
    input: fastForwardInputSchema,
    output: founderToolResultSchema,
    rest: {
      method: 'POST',
      path: '/api/tests/:id/fast-forward',
      summary: 'Move the simulated clock a day or to the end of the test (founder, simulator only)',
    },
    limit: rateLimits.clockMove,
    // Up to minutes of jobs: outside the request slots, one per account at a time.
    long: true,
    handler: async ({ ctx, caller, input }) => ({
      success: true as const,
      message: await fastForwardTest(ctx, caller.user, input.id, input.span),
    }),
  }),

  simulateRotation: mutation({
    access: 'founder',
    input: testIdSchema,
    output: founderToolResultSchema,
    rest: {
      method: 'POST',
      path: '/api/tests/:id/simulate-rotation',
      summary: 'Apply the next rotation now (founder only)',
    },
    // May move the clock through a day's lead-in: outside the request slots too.
    long: true,
    handler: async ({ ctx, caller, input }) => ({
      success: true as const,
      message: await simulateRotation(ctx, caller.user, input.id),
    }),
  }),

  action: mutation({
    access: 'user',
    team: 'edit',
    input: testActionParamsSchema,
    output: actionResultSchema,
    rest: {
      method: 'POST',
      path: '/api/tests/:id/:action',
      summary: 'Pause, resume, complete or cancel a test',
    },
    handler: async ({ ctx, caller, input }) => {
      await performTestAction(ctx, caller.user, input.id, input.action, caller.actor);
      return { success: true as const, test: await getOwnTestView(ctx, caller.user, input.id) };
    },
  }),

  extend: mutation({
    access: 'user',
    team: 'edit',
    input: extendTestInputSchema,
    output: actionResultSchema,
    rest: {
      method: 'POST',
      path: '/api/tests/:id/extend',
      summary:
        'Extend a running test, or one waiting for its final figures, to a later end (body endDate): the schedule continues balanced from the old end',
    },
    handler: async ({ ctx, caller, input }) => {
      await extendTest(ctx, caller.user, input, caller.actor);
      return { success: true as const, test: await getOwnTestView(ctx, caller.user, input.id) };
    },
  }),

  extensionPlan: query({
    access: 'user',
    team: 'view',
    input: extendTestInputSchema,
    output: extensionForecastSchema,
    rest: {
      method: 'GET',
      path: '/api/tests/:id/extension-plan',
      summary:
        'What extending a test to endDate would detect (the plan re-run for the new length), and why it would be refused, if it would',
    },
    handler: ({ ctx, caller, input }) => previewExtension(ctx, caller.user, input),
  }),

  dashboardStats: query({
    access: 'user',
    team: 'view',
    output: dashboardStatsSchema,
    // Polled by dashboards and tools: ETag / 304.
    input: channelChoiceSchema,
    rest: {
      method: 'GET',
      path: '/api/dashboard/stats',
      summary: 'Dashboard figures: of one channel (channelId) or of all',
      conditional: true,
    },
    handler: ({ ctx, caller, input }) => getDashboardStatsJson(ctx, caller.user, input.channelId ?? null),
  }),
};
