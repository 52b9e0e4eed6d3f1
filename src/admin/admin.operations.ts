import { z } from 'zod';
import { isAdmin } from '../auth';
import { declareOn } from '../api/declare/operation';
import { listAuditLog } from './admin-audit.service';
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
  auditEntrySchema,
  downgradeBodySchema,
  fullReportSchema,
  messageSchema,
  tierChangeResultSchema,
  upgradeBodySchema,
  userIdSchema,
} from './admin.schemas';
import type { EngineContext } from '../title-tests';

const { mutation, query } = declareOn<EngineContext>();

/**
 * The admin console (docs/product.md#rest-paths). All but the check answer 401 to anonymous and
 * 403 to non-admin callers: `access: 'admin'` is the one admin check (src/api/access.ts), made
 * before any handler runs, so the services trust their caller.
 */
export const adminOperations = {
  /** Whether the caller may open the admin console; decided on the server only. */
  check: query({
    access: 'user',
    output: adminCheckSchema,
    rest: { method: 'GET', path: '/api/admin/check', summary: 'Whether the caller has admin access' },
    handler: ({ ctx, caller }) => ({ isAdmin: isAdmin(ctx.config, caller.user) }),
  }),

  metrics: query({
    access: 'admin',
    output: adminMetricsSchema,
    rest: { method: 'GET', path: '/api/admin/metrics', summary: 'Platform figures and health' },
    handler: ({ ctx }) => getAdminMetrics(ctx),
  }),

  users: query({
    access: 'admin',
    output: z.array(adminUserSchema),
    rest: { method: 'GET', path: '/api/admin/users', summary: 'Every user with their plan' },
    handler: ({ ctx }) => listUsersForAdmin(ctx),
  }),

  upgradeUser: mutation({
    access: 'admin',
    input: userIdSchema.extend(upgradeBodySchema.shape),
    output: tierChangeResultSchema,
    rest: {
      method: 'POST',
      path: '/api/admin/users/:id/upgrade',
      summary: "Upgrade a user's plan (pro, authority or lifetime)",
    },
    handler: async ({ ctx, caller, input }) => ({
      success: true as const,
      ...(await changeUserTier(ctx, caller.user, input.id, { direction: 'upgrade', tier: input.tier })),
    }),
  }),

  downgradeUser: mutation({
    access: 'admin',
    input: userIdSchema.extend(downgradeBodySchema.shape),
    output: tierChangeResultSchema,
    rest: {
      method: 'POST',
      path: '/api/admin/users/:id/downgrade',
      summary: "Downgrade a user's plan (pro, or cancelled to end access)",
    },
    handler: async ({ ctx, caller, input }) => ({
      success: true as const,
      ...(await changeUserTier(ctx, caller.user, input.id, { direction: 'downgrade', tier: input.tier })),
    }),
  }),

  tests: query({
    access: 'admin',
    output: z.array(adminTestSchema),
    rest: { method: 'GET', path: '/api/admin/tests', summary: "Every user's tests with KPIs and owner" },
    handler: ({ ctx }) => listTestsForAdmin(ctx),
  }),

  fullReport: query({
    access: 'admin',
    input: adminTestIdSchema,
    output: fullReportSchema,
    rest: {
      method: 'GET',
      path: '/api/admin/tests/:id/full-report',
      summary: 'Everything stored about one test',
    },
    handler: ({ ctx, input }) => getFullReport(ctx, input.id),
  }),

  cancelTest: mutation({
    access: 'admin',
    input: adminTestIdSchema,
    output: messageSchema,
    rest: {
      method: 'POST',
      path: '/api/admin/tests/:id/cancel',
      summary: "Cancel anyone's running test (its original title is restored)",
    },
    handler: ({ ctx, caller, input }) => cancelTestAsAdmin(ctx, caller.user, input.id),
  }),

  deleteTest: mutation({
    access: 'admin',
    input: adminTestIdSchema,
    output: messageSchema,
    rest: {
      method: 'DELETE',
      path: '/api/admin/tests/:id',
      summary: 'Delete a test (a running one is cancelled first so its original title is restored)',
    },
    handler: ({ ctx, caller, input }) => deleteTestAsAdmin(ctx, caller.user, input.id),
  }),

  settings: query({
    access: 'admin',
    output: adminSettingsSchema,
    rest: {
      method: 'GET',
      path: '/api/admin/settings',
      summary: 'Security status as this deployment is configured',
    },
    handler: ({ ctx }) => getAdminSettings(ctx),
  }),

  audit: query({
    access: 'admin',
    output: z.array(auditEntrySchema),
    rest: {
      method: 'GET',
      path: '/api/admin/audit',
      summary: 'The newest audit entries: who created or acted on a test, changed a plan or a team, and when',
    },
    handler: ({ ctx }) => listAuditLog(ctx),
  }),
};
