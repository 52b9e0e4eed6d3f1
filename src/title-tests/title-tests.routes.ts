import { z } from 'zod';
import type { AppContext } from '../app-context';
import { isFounder } from '../auth/roles';
import type { UserRow } from '../auth/session.service';
import { forbidden } from '../errors/app-error';
import { emptyBodySchema, type RestRouter } from '../http/rest-route';
import { createTitleTest } from './create-test.service';
import { exportTest } from './export.service';
import { fastForwardTest } from './fast-forward-test.service';
import { forceAnalytics, simulateRotation } from './founder-tools.service';
import { performTestAction } from './actions.service';
import { planTest } from './plan.service';
import { getDashboardStatsJson, getOwnTestView, getTestAnalyticsJson, listTestsJson } from './views.service';
import {
  actionResultSchema,
  createTestInputSchema,
  dashboardStatsSchema,
  fastForwardBodySchema,
  founderToolResultSchema,
  testActionParamsSchema,
  testAnalyticsWithVerdictSchema,
  testPlanInputSchema,
  testPlanSchema,
  testExportQuerySchema,
  testIdSchema,
  titleTestSchema,
} from './title-tests.schemas';

function requireFounder(app: AppContext, user: UserRow): void {
  if (!isFounder(app.config, user)) throw forbidden('Founder tools are for the founder account only.');
}

/** Title-test REST paths (docs/product.md#rest-paths); each calls the same service as the tRPC procedure. */
export function registerTitleTestRoutes(rest: RestRouter, app: AppContext): void {
  rest.route({
    method: 'POST',
    url: '/api/tests',
    summary: 'Create a title test',
    tags: ['tests'],
    auth: 'user',
    body: createTestInputSchema,
    response: titleTestSchema,
    successStatus: 201,
    handler: async ({ auth, body }) =>
      getOwnTestView(app, auth.user, await createTitleTest(app.engine, auth.user, body)),
  });

  rest.route({
    method: 'GET',
    url: '/api/tests',
    summary: "The signed-in user's tests",
    tags: ['tests'],
    auth: 'user',
    response: z.array(titleTestSchema),
    // Polled by dashboards and tools: ETag / 304 (src/http/rest-route.ts).
    conditional: true,
    // The stored cards as they are (validated when stored, src/title-tests/stored-figures.ts).
    handler: ({ auth }) => listTestsJson(app, auth.user),
  });

  rest.route({
    method: 'GET',
    url: '/api/tests/plan',
    summary: 'What a planned test can detect (minimum detectable effect)',
    tags: ['tests'],
    auth: 'user',
    query: testPlanInputSchema,
    response: testPlanSchema,
    handler: ({ auth, query }) => planTest(app, auth.user, query),
  });

  rest.route({
    method: 'GET',
    url: '/api/tests/:id/analytics',
    summary: 'Per-rotation analytics of a test',
    tags: ['tests'],
    auth: 'user',
    params: testIdSchema,
    response: testAnalyticsWithVerdictSchema,
    // Polled by dashboards and tools: ETag / 304 (src/http/rest-route.ts).
    conditional: true,
    // Built from figures validated when stored; only the clock's fields are added.
    handler: ({ auth, params }) => getTestAnalyticsJson(app, auth.user, params.id),
  });

  rest.route({
    method: 'GET',
    url: '/api/tests/:id/export',
    summary:
      'Download a test’s figures: format=csv with table=windows (each window: title, start, measured hours, views, CTR, impressions, view duration and their source) or table=daily (YouTube’s daily figures), or format=json (the whole analysis: windows, verdict with lifts, intervals and chance to be best, daily figures)',
    tags: ['tests'],
    auth: 'user',
    params: testIdSchema,
    query: testExportQuerySchema,
    response: z.string(),
    handler: ({ auth, params, query }) => exportTest(app, auth.user, params.id, query),
  });

  rest.route({
    method: 'POST',
    url: '/api/tests/:id/force-analytics',
    summary: 'Collect metrics now (founder only)',
    tags: ['tests'],
    auth: 'user',
    params: testIdSchema,
    body: emptyBodySchema,
    response: founderToolResultSchema,
    handler: async ({ auth, params }) => {
      requireFounder(app, auth.user);
      return { success: true as const, message: await forceAnalytics(app.engine, auth.user, params.id) };
    },
  });

  rest.route({
    method: 'POST',
    url: '/api/tests/:id/fast-forward',
    summary: 'Move the simulated clock a day or to the end of the test (founder, simulator only)',
    tags: ['tests'],
    auth: 'user',
    params: testIdSchema,
    body: fastForwardBodySchema,
    response: founderToolResultSchema,
    handler: async ({ auth, params, body }) => {
      requireFounder(app, auth.user);
      return {
        success: true as const,
        message: await fastForwardTest(app.engine, auth.user, params.id, body.span),
      };
    },
  });

  rest.route({
    method: 'POST',
    url: '/api/tests/:id/simulate-rotation',
    summary: 'Apply the next rotation now (founder only)',
    tags: ['tests'],
    auth: 'user',
    params: testIdSchema,
    body: emptyBodySchema,
    response: founderToolResultSchema,
    handler: async ({ auth, params }) => {
      requireFounder(app, auth.user);
      return { success: true as const, message: await simulateRotation(app.engine, auth.user, params.id) };
    },
  });

  rest.route({
    method: 'POST',
    url: '/api/tests/:id/:action',
    summary: 'Pause, resume, complete or cancel a test',
    tags: ['tests'],
    auth: 'user',
    params: testActionParamsSchema,
    body: emptyBodySchema,
    response: actionResultSchema,
    handler: async ({ auth, params }) => {
      await performTestAction(app.engine, auth.user, params.id, params.action);
      return { success: true as const, test: await getOwnTestView(app, auth.user, params.id) };
    },
  });

  rest.route({
    method: 'GET',
    url: '/api/dashboard/stats',
    summary: 'Dashboard figures',
    tags: ['tests'],
    auth: 'user',
    response: dashboardStatsSchema,
    // Polled by dashboards and tools: ETag / 304 (src/http/rest-route.ts).
    conditional: true,
    handler: ({ auth }) => getDashboardStatsJson(app, auth.user),
  });
}
