import type { Access } from './callers';
import {
  alexTest,
  as,
  call,
  get,
  json,
  post,
  setTier,
  sharedTest,
  trpcMutation,
  trpcQuery,
  type Row,
} from './world';

// The access matrix's part for the admin tools (/api/admin, trpc admin.*); the admin's capacity
// and learning views sit with their features (tests.ts, reports.ts).

const samId = async () => (await json<{ id: string }>(await call(get('/api/auth/me'), as('other')))).id;

export const adminAccess: Record<string, Access> = {
  'GET /api/admin/check': 'signed-in',
  'GET /api/admin/metrics': 'admin',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users/{id}/upgrade': 'admin',
  'POST /api/admin/users/{id}/downgrade': 'admin',
  'GET /api/admin/tests': 'admin',
  'GET /api/admin/tests/{id}/full-report': 'admin',
  'POST /api/admin/tests/{id}/cancel': 'admin',
  'DELETE /api/admin/tests/{id}': 'admin',
  'GET /api/admin/settings': 'admin',
  'GET /api/admin/audit': 'admin',
  'trpc admin.check': 'signed-in',
  'trpc admin.metrics': 'admin',
  'trpc admin.users': 'admin',
  'trpc admin.upgradeUser': 'admin',
  'trpc admin.downgradeUser': 'admin',
  'trpc admin.tests': 'admin',
  'trpc admin.fullReport': 'admin',
  'trpc admin.cancelTest': 'admin',
  'trpc admin.deleteTest': 'admin',
  'trpc admin.settings': 'admin',
  'trpc admin.audit': 'admin',
};

export const adminRows: Record<string, Row> = {
  'POST /api/admin/users/{id}/upgrade': {
    resource: samId,
    request: (id) => post(`/api/admin/users/${id}/upgrade`, { tier: 'authority' }),
    before: () => setTier('other', 'free'),
  },
  'POST /api/admin/users/{id}/downgrade': {
    resource: samId,
    request: (id) => post(`/api/admin/users/${id}/downgrade`, { tier: 'cancelled' }),
    before: () => setTier('other', 'authority'),
  },
  'GET /api/admin/tests/{id}/full-report': {
    resource: sharedTest,
    request: (id) => get(`/api/admin/tests/${id}/full-report`),
  },
  'POST /api/admin/tests/{id}/cancel': {
    resource: alexTest,
    fresh: true,
    request: (id) => post(`/api/admin/tests/${id}/cancel`),
  },
  'DELETE /api/admin/tests/{id}': {
    resource: alexTest,
    fresh: true,
    request: (id) => ({ method: 'DELETE', path: `/api/admin/tests/${id}` }),
  },
  'trpc admin.upgradeUser': {
    resource: samId,
    request: (id) => trpcMutation('admin.upgradeUser', { id, tier: 'authority' }),
    before: () => setTier('other', 'free'),
  },
  'trpc admin.downgradeUser': {
    resource: samId,
    request: (id) => trpcMutation('admin.downgradeUser', { id, tier: 'cancelled' }),
    before: () => setTier('other', 'authority'),
  },
  'trpc admin.fullReport': { resource: sharedTest, request: (id) => trpcQuery('admin.fullReport', { id }) },
  'trpc admin.cancelTest': {
    resource: alexTest,
    fresh: true,
    request: (id) => trpcMutation('admin.cancelTest', { id }),
  },
  'trpc admin.deleteTest': {
    resource: alexTest,
    fresh: true,
    request: (id) => trpcMutation('admin.deleteTest', { id }),
  },
};
