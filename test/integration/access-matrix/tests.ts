import { eq } from 'drizzle-orm';
import { titleTests } from '../../../db/schema';
import type { Access, Member } from './callers';
import {
  alexTest,
  cancelTest,
  creation,
  get,
  newTest,
  post,
  setTier,
  sharedTest,
  trpcMutation,
  trpcQuery,
  world,
  type Row,
} from './world';

// The access matrix's part for title tests (/api/tests, /api/dashboard/stats, trpc tests.*), and
// what choosing one reads: the capacity for its shape and the channel's recent videos
// (/api/capacity, /api/videos).

const founderTest = () => newTest('founder');
/**
 * A founder's test already cancelled: the founder passes the founder and ownership checks and is
 * told it has ended (409), without moving the deployment's clock a day or applying a rotation
 * (founder-tools.test.ts and fast-forward-tool.test.ts cover what those tools do).
 */
const endedFounderTest = async () => {
  const id = await newTest('founder');
  await cancelTest('founder', id);
  return id;
};
const endAlexTest = (_: Member, __: unknown, id: string) => cancelTest('owner', id);
const endFounderTest = (_: Member, __: unknown, id: string) => cancelTest('founder', id);
/** The test an allowed create made (REST answers it, tRPC wraps it), cancelled. */
const endCreated = async (caller: Member, body: unknown) => {
  const created = body as { id?: string; result?: { data: { json: { id: string } } } };
  const id = created.id ?? created.result?.data.json.id;
  if (id) await cancelTest(caller, id);
};
/** A day after the test's current end: a new end an extension accepts. */
const dayLater = async (id: string) => {
  const [test] = await world.testApp.built.app.db
    .select({ endDate: titleTests.endDate })
    .from(titleTests)
    .where(eq(titleTests.id, id));
  return new Date(test!.endDate.getTime() + 86_400_000).toISOString();
};
/** Any tier allows a first test; Authority allows the matrix's second one. */
const unlimited = (caller: Member) => setTier(caller, 'authority');
const plan = { titleCount: 2, rotationIntervalMinutes: 1440, durationDays: 14 };
/** The plan as the REST row's query parameters. */
const planQuery = Object.entries(plan).map(([k, v]): [string, string] => [k, String(v)]);

export const testsAccess: Record<string, Access> = {
  'GET /api/videos/recent': 'team-write',
  'POST /api/tests': 'team-write',
  'GET /api/tests': 'team-read',
  'GET /api/tests/plan': 'team-read',
  'GET /api/capacity': 'team-read',
  'GET /api/admin/capacity': 'admin',
  'GET /api/tests/{id}/analytics': 'owner-team-read',
  'GET /api/tests/{id}/export': 'owner-team-read',
  'POST /api/tests/{id}/force-analytics': 'founder',
  'POST /api/tests/{id}/fast-forward': 'founder',
  'POST /api/tests/{id}/simulate-rotation': 'founder',
  'POST /api/tests/{id}/{action}': 'owner-team-write',
  'POST /api/tests/{id}/extend': 'owner-team-write',
  'GET /api/tests/{id}/extension-plan': 'owner-team-read',
  'GET /api/dashboard/stats': 'team-read',
  'trpc tests.list': 'team-read',
  'trpc tests.create': 'team-write',
  'trpc tests.action': 'owner-team-write',
  'trpc tests.extend': 'owner-team-write',
  'trpc tests.extensionPlan': 'owner-team-read',
  'trpc tests.analytics': 'owner-team-read',
  'trpc tests.plan': 'team-read',
  'trpc capacity.forShape': 'team-read',
  'trpc capacity.overview': 'admin',
  'trpc tests.dashboardStats': 'team-read',
  'trpc tests.forceAnalytics': 'founder',
  'trpc tests.fastForward': 'founder',
  'trpc tests.simulateRotation': 'founder',
  'trpc videos.recent': 'team-write',
};

export const testsRows: Record<string, Row> = {
  'GET /api/tests/{id}/export': {
    resource: sharedTest,
    request: (id) => get(`/api/tests/${id}/export?format=json`),
  },
  'POST /api/tests': {
    request: async (_, caller) => post('/api/tests', await creation(caller as Member)),
    before: unlimited,
    after: endCreated,
  },
  'GET /api/capacity': { request: () => get('/api/capacity?rotationIntervalMinutes=1440') },
  'GET /api/tests/plan': {
    request: () => get(`/api/tests/plan?${new URLSearchParams(planQuery).toString()}`),
  },
  'GET /api/tests/{id}/analytics': {
    resource: sharedTest,
    request: (id) => get(`/api/tests/${id}/analytics`),
  },
  'POST /api/tests/{id}/force-analytics': {
    resource: founderTest,
    request: (id) => post(`/api/tests/${id}/force-analytics`),
    after: endFounderTest,
  },
  'POST /api/tests/{id}/fast-forward': {
    resource: endedFounderTest,
    request: (id) => post(`/api/tests/${id}/fast-forward`, { span: 'day' }),
    allowed: [409],
  },
  'POST /api/tests/{id}/simulate-rotation': {
    resource: endedFounderTest,
    request: (id) => post(`/api/tests/${id}/simulate-rotation`),
    allowed: [409],
  },
  'POST /api/tests/{id}/{action}': {
    resource: alexTest,
    fresh: true,
    request: (id) => post(`/api/tests/${id}/pause`),
    after: endAlexTest,
  },
  'POST /api/tests/{id}/extend': {
    resource: alexTest,
    fresh: true,
    request: async (id) => post(`/api/tests/${id}/extend`, { endDate: await dayLater(id) }),
    after: endAlexTest,
  },
  'GET /api/tests/{id}/extension-plan': {
    resource: sharedTest,
    request: async (id) =>
      get(`/api/tests/${id}/extension-plan?endDate=${encodeURIComponent(await dayLater(id))}`),
  },
  'trpc tests.create': {
    request: async (_, caller) => trpcMutation('tests.create', await creation(caller as Member)),
    before: unlimited,
    after: endCreated,
  },
  'trpc tests.action': {
    resource: alexTest,
    fresh: true,
    request: (id) => trpcMutation('tests.action', { id, action: 'pause' }),
    after: endAlexTest,
  },
  'trpc tests.extend': {
    resource: alexTest,
    fresh: true,
    request: async (id) => trpcMutation('tests.extend', { id, endDate: await dayLater(id) }),
    after: endAlexTest,
  },
  'trpc tests.extensionPlan': {
    resource: sharedTest,
    request: async (id) => trpcQuery('tests.extensionPlan', { id, endDate: await dayLater(id) }),
  },
  'trpc tests.analytics': { resource: sharedTest, request: (id) => trpcQuery('tests.analytics', { id }) },
  'trpc tests.plan': { request: () => trpcQuery('tests.plan', plan) },
  'trpc capacity.forShape': {
    request: () => trpcQuery('capacity.forShape', { rotationIntervalMinutes: 1440, winnerMetric: 'ctr' }),
  },
  'trpc tests.forceAnalytics': {
    resource: founderTest,
    request: (id) => trpcMutation('tests.forceAnalytics', { id }),
    after: endFounderTest,
  },
  'trpc tests.fastForward': {
    resource: endedFounderTest,
    request: (id) => trpcMutation('tests.fastForward', { id, span: 'day' }),
    allowed: [409],
  },
  'trpc tests.simulateRotation': {
    resource: endedFounderTest,
    request: (id) => trpcMutation('tests.simulateRotation', { id }),
    allowed: [409],
  },
};
