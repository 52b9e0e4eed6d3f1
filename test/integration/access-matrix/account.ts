import { randomUUID } from 'node:crypto';
import { channelConnections } from '../../../db/schema';
import { simulatorControl } from '../../../src/demo/simulator-control';
import { unsubscribeUrl } from '../../../src/notifications/unsubscribe-link';
import { GOOGLE_SCOPES, googleCallbackPath } from '../../../src/youtube/google-clients';
import type { Access } from './callers';
import { as, call, get, json, post, trpcMutation, world, type Row } from './world';

// The access matrix's part for the account: signing in and out (/api/auth, the demo login),
// deleting it, its channels (/api/account, /api/channels) and its notifications.

const callbackCode = async () =>
  simulatorControl(world.testApp.built.app.config).grant('sim-sam', {
    redirectUri: `${world.testApp.url}${googleCallbackPath}`,
    scope: GOOGLE_SCOPES.join(' '),
  });
/** An e-mail choice any user may make. */
const quietQuota = { email: { 'quota-deferred': false } };
/** The owner's unsubscribe link of one kind of e-mail, as their e-mails carry it (path and query). */
const ownerUnsubscribe = async () => {
  const me = await json<{ id: string }>(await call(get('/api/auth/me'), as('owner')));
  const link = new URL(unsubscribeUrl(world.testApp.built.app.config, me.id, 'quota-deferred'));
  return `${link.pathname}${link.search}`;
};
/** A spare channel of the owner's, already disconnected: disconnecting it touches no test and no grant. */
const spareChannel = async () => {
  const me = await json<{ id: string }>(await call(get('/api/auth/me'), as('owner')));
  const [row] = await world.testApp.built.app.db
    .insert(channelConnections)
    .values({
      userId: me.id,
      youtubeChannelId: `UCspare${randomUUID()}`,
      title: 'Spare channel',
      status: 'disconnected',
    })
    .returning({ id: channelConnections.id });
  return row!.id;
};
/** Another user's e-mail: the deletion is refused after the access check, and nobody is deleted. */
const wrongConfirmation = { confirmEmail: 'somebody.else@example.com' };

export const accountAccess: Record<string, Access> = {
  'GET /api/auth/google': 'public',
  'POST /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  'GET /api/auth/me': 'signed-in',
  'GET /api/auth/user': 'signed-in',
  'POST /api/auth/demo-login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/logout': 'public',
  'POST /api/auth/time-zone': 'signed-in',
  'POST /api/account/delete': 'signed-in',
  'GET /api/notifications': 'signed-in',
  'POST /api/notifications/read': 'signed-in',
  'GET /api/notifications/preferences': 'signed-in',
  'POST /api/notifications/preferences': 'signed-in',
  // The unsubscribe link of an e-mail proves itself (an HMAC); it needs no session.
  'GET /api/notifications/unsubscribe': 'public',
  'POST /api/notifications/unsubscribe': 'public',
  'GET /api/channels': 'team-read',
  // A browser navigation: to Google's consent signed in, to the sign-in page without a session.
  'GET /api/channels/connect': 'public',
  'POST /api/channels/{id}/disconnect': 'owner',
  'trpc auth.me': 'public',
  'trpc auth.demoLogin': 'public',
  'trpc auth.logout': 'public',
  'trpc auth.timeZone': 'signed-in',
  'trpc account.delete': 'signed-in',
  'trpc account.disconnectChannel': 'owner',
  'trpc channels.list': 'team-read',
  'trpc notifications.list': 'signed-in',
  'trpc notifications.markRead': 'signed-in',
  'trpc notifications.preferences': 'signed-in',
  'trpc notifications.setPreferences': 'signed-in',
};

export const accountRows: Record<string, Row> = {
  'GET /api/auth/google': { request: () => get('/api/auth/google'), allowed: [302] },
  'POST /api/auth/google': {
    request: async () =>
      post('/api/auth/google', {
        code: await callbackCode(),
        redirectUri: `${world.testApp.url}${googleCallbackPath}`,
      }),
  },
  'GET /api/auth/google/callback': { request: () => get(googleCallbackPath), allowed: [302] },
  'POST /api/auth/logout': { request: () => post('/api/auth/logout'), endsSession: true },
  'GET /api/auth/logout': { request: () => get('/api/auth/logout'), endsSession: true },
  'POST /api/account/delete': {
    request: () => post('/api/account/delete', wrongConfirmation),
    allowed: [400],
  },
  'trpc auth.logout': { request: () => trpcMutation('auth.logout'), endsSession: true },
  'trpc account.delete': { request: () => trpcMutation('account.delete', wrongConfirmation), allowed: [400] },
  'GET /api/channels/connect': { request: () => get('/api/channels/connect'), allowed: [302] },
  'POST /api/channels/{id}/disconnect': {
    resource: spareChannel,
    fresh: true,
    request: (id) => post(`/api/channels/${id}/disconnect`),
  },
  'trpc account.disconnectChannel': {
    resource: spareChannel,
    fresh: true,
    request: (id) => trpcMutation('account.disconnectChannel', { id }),
  },
  'POST /api/notifications/preferences': {
    request: () => post('/api/notifications/preferences', quietQuota),
  },
  'POST /api/auth/time-zone': { request: () => post('/api/auth/time-zone', { timeZone: 'UTC' }) },
  'trpc auth.timeZone': { request: () => trpcMutation('auth.timeZone', { timeZone: 'UTC' }) },
  'trpc notifications.setPreferences': {
    request: () => trpcMutation('notifications.setPreferences', quietQuota),
  },
  'GET /api/notifications/unsubscribe': { resource: ownerUnsubscribe, request: (link) => get(link) },
  'POST /api/notifications/unsubscribe': { resource: ownerUnsubscribe, request: (link) => post(link) },
  'trpc auth.demoLogin': { request: () => trpcMutation('auth.demoLogin') },
};
