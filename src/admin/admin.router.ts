import { z } from 'zod';
import { isAdmin } from '../auth/roles';
import { adminProcedure, authedProcedure, router } from '../trpc/init';
import { getFullReport } from './admin-full-report.service';
import { getAdminMetrics } from './admin-metrics.service';
import { getAdminSettings } from './admin-settings.service';
import { cancelTestAsAdmin, deleteTestAsAdmin, listTestsForAdmin } from './admin-tests.service';
import { changeUserTier, listUsersForAdmin } from './admin-users.service';
import {
  adminCheckSchema,
  adminMetricsSchema,
  adminSettingsSchema,
  adminTestIdSchema,
  adminTestSchema,
  adminUserSchema,
  downgradeBodySchema,
  fullReportSchema,
  messageSchema,
  tierChangeResultSchema,
  upgradeBodySchema,
  userIdSchema,
} from './admin.schemas';

export const adminRouter = router({
  /** Whether the caller may open the admin console; decided on the server only. */
  check: authedProcedure
    .output(adminCheckSchema)
    .query(({ ctx }) => ({ isAdmin: isAdmin(ctx.app.config, ctx.auth.user) })),

  metrics: adminProcedure
    .output(adminMetricsSchema)
    .query(({ ctx }) => getAdminMetrics(ctx.app, ctx.auth.user)),

  users: adminProcedure
    .output(z.array(adminUserSchema))
    .query(({ ctx }) => listUsersForAdmin(ctx.app, ctx.auth.user)),

  upgradeUser: adminProcedure
    .input(userIdSchema.extend(upgradeBodySchema.shape))
    .output(tierChangeResultSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      ...(await changeUserTier(ctx.app, ctx.auth.user, input.id, { direction: 'upgrade', tier: input.tier })),
    })),

  downgradeUser: adminProcedure
    .input(userIdSchema.extend(downgradeBodySchema.shape))
    .output(tierChangeResultSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      ...(await changeUserTier(ctx.app, ctx.auth.user, input.id, {
        direction: 'downgrade',
        tier: input.tier,
      })),
    })),

  tests: adminProcedure
    .output(z.array(adminTestSchema))
    .query(({ ctx }) => listTestsForAdmin(ctx.app, ctx.auth.user)),

  fullReport: adminProcedure
    .input(adminTestIdSchema)
    .output(fullReportSchema)
    .query(({ ctx, input }) => getFullReport(ctx.app, ctx.auth.user, input.id)),

  cancelTest: adminProcedure
    .input(adminTestIdSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => cancelTestAsAdmin(ctx.app.engine, ctx.auth.user, input.id)),

  deleteTest: adminProcedure
    .input(adminTestIdSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => deleteTestAsAdmin(ctx.app.engine, ctx.auth.user, input.id)),

  settings: adminProcedure
    .output(adminSettingsSchema)
    .query(({ ctx }) => getAdminSettings(ctx.app, ctx.auth.user)),
});
