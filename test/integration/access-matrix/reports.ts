import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../db/schema';
import { emails, workspaceOf, type Access, type Member } from './callers';
import { as, call, get, json, post, sharedTest, trpcMutation, trpcQuery, world, type Row } from './world';

// The access matrix's part for what the tests tell: report links and past tests
// (/api/tests/{id}/share-link, /api/reports, /api/tests/history, trpc reports.*), What works here
// (/api/learning) and the accuracy status (/api/analytics).

/** Opts the caller's workspace into the pool of What works here (as its owner would). */
const poolOptIn = async (caller: Member) => {
  await world.testApp.built.app.db
    .update(users)
    .set({ learningPoolOptIn: true })
    .where(eq(users.email, emails[workspaceOf(caller)]));
};
/** A live report link on the owner's shared test (what revoking needs); its address. */
const ownerShareLink = async () => {
  const response = await call(post(`/api/tests/${await sharedTest()}/share-link`), as('owner'));
  expect(response.status).toBe(201);
  return (await json<{ url: string }>(response)).url;
};
/** The public report path of a live link on the owner's shared test (path and query). */
const ownerReportPath = async () => {
  const link = new URL(await ownerShareLink());
  return `/api/reports?token=${encodeURIComponent(link.searchParams.get('token')!)}`;
};

export const reportsAccess: Record<string, Access> = {
  'GET /api/analytics/accuracy-status': 'team-read',
  'GET /api/tests/{id}/share-link': 'owner-team-read',
  'POST /api/tests/{id}/share-link': 'owner-team-write',
  'DELETE /api/tests/{id}/share-link': 'owner-team-write',
  'GET /api/tests/history': 'team-read',
  'GET /api/learning': 'team-read',
  'GET /api/learning/export': 'team-read',
  'GET /api/admin/learning': 'admin',
  // Compare with other channels: the account's owner chooses; the team reads the choice and, once
  // the owner opted in, the pool (each row opts the caller's workspace in first).
  'GET /api/learning/sharing': 'team-read',
  'POST /api/learning/sharing': 'account-owner',
  'GET /api/learning/deployment': 'team-read',
  // A shared report's link proves itself (its token); it needs no session.
  'GET /api/reports': 'public',
  'trpc analytics.accuracyStatus': 'team-read',
  'trpc reports.shareLink': 'owner-team-read',
  'trpc reports.createShareLink': 'owner-team-write',
  'trpc reports.revokeShareLink': 'owner-team-write',
  'trpc reports.history': 'team-read',
  'trpc learning.channel': 'team-read',
  'trpc learning.deployment': 'admin',
  'trpc learning.sharing': 'team-read',
  'trpc learning.setSharing': 'account-owner',
  'trpc learning.pool': 'team-read',
};

export const reportsRows: Record<string, Row> = {
  'GET /api/tests/{id}/share-link': {
    resource: sharedTest,
    request: (id) => get(`/api/tests/${id}/share-link`),
  },
  'POST /api/tests/{id}/share-link': {
    resource: sharedTest,
    request: (id) => post(`/api/tests/${id}/share-link`),
  },
  'DELETE /api/tests/{id}/share-link': {
    resource: sharedTest,
    request: (id) => ({ method: 'DELETE', path: `/api/tests/${id}/share-link` }),
    before: async () => {
      await ownerShareLink();
    },
  },
  'GET /api/reports': { resource: ownerReportPath, request: (path) => get(path) },
  'trpc reports.shareLink': { resource: sharedTest, request: (id) => trpcQuery('reports.shareLink', { id }) },
  'trpc reports.createShareLink': {
    resource: sharedTest,
    request: (id) => trpcMutation('reports.createShareLink', { id }),
  },
  'POST /api/learning/sharing': { request: () => post('/api/learning/sharing', { optedIn: false }) },
  'trpc learning.setSharing': { request: () => trpcMutation('learning.setSharing', { optedIn: false }) },
  'GET /api/learning/deployment': { request: () => get('/api/learning/deployment'), before: poolOptIn },
  'trpc learning.pool': { request: () => trpcQuery('learning.pool'), before: poolOptIn },
  'trpc reports.revokeShareLink': {
    resource: sharedTest,
    request: (id) => trpcMutation('reports.revokeShareLink', { id }),
    before: async () => {
      await ownerShareLink();
    },
  },
};
