import { z } from 'zod';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/roles';
import { emptyBodySchema, type RestRouter } from '../http/rest-route';
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

/**
 * Admin REST paths (docs/product.md#rest-paths). All but the check answer 401 to anonymous and 403
 * to non-admin callers.
 */
export function registerAdminRoutes(rest: RestRouter, app: AppContext): void {
  const tags = ['admin'];

  rest.route({
    method: 'GET',
    url: '/api/admin/check',
    summary: 'Whether the caller has admin access',
    tags,
    auth: 'user',
    response: adminCheckSchema,
    handler: async ({ auth }) => ({ isAdmin: isAdmin(app.config, auth.user) }),
  });

  rest.route({
    method: 'GET',
    url: '/api/admin/metrics',
    summary: 'Platform figures and health',
    tags,
    auth: 'admin',
    response: adminMetricsSchema,
    handler: ({ auth }) => getAdminMetrics(app, auth.user),
  });

  rest.route({
    method: 'GET',
    url: '/api/admin/users',
    summary: 'Every user with their plan',
    tags,
    auth: 'admin',
    response: z.array(adminUserSchema),
    handler: ({ auth }) => listUsersForAdmin(app, auth.user),
  });

  rest.route({
    method: 'POST',
    url: '/api/admin/users/:id/upgrade',
    summary: "Upgrade a user's plan (pro, authority or lifetime)",
    tags,
    auth: 'admin',
    params: userIdSchema,
    body: upgradeBodySchema,
    response: tierChangeResultSchema,
    handler: async ({ auth, params, body }) => ({
      success: true as const,
      ...(await changeUserTier(app, auth.user, params.id, { direction: 'upgrade', tier: body.tier })),
    }),
  });

  rest.route({
    method: 'POST',
    url: '/api/admin/users/:id/downgrade',
    summary: "Downgrade a user's plan (pro, or cancelled to end access)",
    tags,
    auth: 'admin',
    params: userIdSchema,
    body: downgradeBodySchema,
    response: tierChangeResultSchema,
    handler: async ({ auth, params, body }) => ({
      success: true as const,
      ...(await changeUserTier(app, auth.user, params.id, { direction: 'downgrade', tier: body.tier })),
    }),
  });

  rest.route({
    method: 'GET',
    url: '/api/admin/tests',
    summary: "Every user's tests with KPIs and owner",
    tags,
    auth: 'admin',
    response: z.array(adminTestSchema),
    handler: ({ auth }) => listTestsForAdmin(app, auth.user),
  });

  rest.route({
    method: 'GET',
    url: '/api/admin/tests/:id/full-report',
    summary: 'Everything stored about one test',
    tags,
    auth: 'admin',
    params: adminTestIdSchema,
    response: fullReportSchema,
    handler: ({ auth, params }) => getFullReport(app, auth.user, params.id),
  });

  rest.route({
    method: 'POST',
    url: '/api/admin/tests/:id/cancel',
    summary: "Cancel anyone's running test (its original title is restored)",
    tags,
    auth: 'admin',
    params: adminTestIdSchema,
    body: emptyBodySchema,
    response: messageSchema,
    handler: ({ auth, params }) => cancelTestAsAdmin(app.engine, auth.user, params.id),
  });

  rest.route({
    method: 'DELETE',
    url: '/api/admin/tests/:id',
    summary: 'Delete a test (a running one is cancelled first so its original title is restored)',
    tags,
    auth: 'admin',
    params: adminTestIdSchema,
    response: messageSchema,
    handler: ({ auth, params }) => deleteTestAsAdmin(app.engine, auth.user, params.id),
  });

  rest.route({
    method: 'GET',
    url: '/api/admin/settings',
    summary: 'Security status as this deployment is configured',
    tags,
    auth: 'admin',
    response: adminSettingsSchema,
    handler: async ({ auth }) => getAdminSettings(app, auth.user),
  });
}
