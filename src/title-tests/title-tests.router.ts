import { z } from 'zod';
import { authedProcedure, founderProcedure, router } from '../trpc/init';
import { createTitleTest } from './create-test.service';
import { fastForwardTest } from './fast-forward-test.service';
import { forceAnalytics, simulateRotation } from './founder-tools.service';
import { performTestAction } from './actions.service';
import { planTest } from './plan.service';
import { getDashboardStats, getOwnTestView, getTestAnalytics, listTests } from './views.service';
import {
  actionResultSchema,
  createTestInputSchema,
  dashboardStatsSchema,
  fastForwardInputSchema,
  founderToolResultSchema,
  testActionParamsSchema,
  testAnalyticsWithVerdictSchema,
  testPlanInputSchema,
  testPlanSchema,
  testIdSchema,
  titleTestSchema,
} from './title-tests.schemas';

export const titleTestsRouter = router({
  list: authedProcedure
    .output(z.array(titleTestSchema))
    .query(({ ctx }) => listTests(ctx.app, ctx.auth.user)),

  create: authedProcedure
    .input(createTestInputSchema)
    .output(titleTestSchema)
    .mutation(async ({ ctx, input }) => {
      const id = await createTitleTest(ctx.app.engine, ctx.auth.user, input);
      return getOwnTestView(ctx.app, ctx.auth.user, id);
    }),

  action: authedProcedure
    .input(testActionParamsSchema)
    .output(actionResultSchema)
    .mutation(async ({ ctx, input }) => {
      await performTestAction(ctx.app.engine, ctx.auth.user, input.id, input.action);
      return { success: true as const, test: await getOwnTestView(ctx.app, ctx.auth.user, input.id) };
    }),

  analytics: authedProcedure
    .input(testIdSchema)
    .output(testAnalyticsWithVerdictSchema)
    .query(({ ctx, input }) => getTestAnalytics(ctx.app, ctx.auth.user, input.id)),

  plan: authedProcedure
    .input(testPlanInputSchema)
    .output(testPlanSchema)
    .query(({ ctx, input }) => planTest(ctx.app, ctx.auth.user, input)),

  dashboardStats: authedProcedure
    .output(dashboardStatsSchema)
    .query(({ ctx }) => getDashboardStats(ctx.app, ctx.auth.user)),

  forceAnalytics: founderProcedure
    .input(testIdSchema)
    .output(founderToolResultSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      message: await forceAnalytics(ctx.app.engine, ctx.auth.user, input.id),
    })),

  fastForward: founderProcedure
    .input(fastForwardInputSchema)
    .output(founderToolResultSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      message: await fastForwardTest(ctx.app.engine, ctx.auth.user, input.id, input.span),
    })),

  simulateRotation: founderProcedure
    .input(testIdSchema)
    .output(founderToolResultSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      message: await simulateRotation(ctx.app.engine, ctx.auth.user, input.id),
    })),
});
