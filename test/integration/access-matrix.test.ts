import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelConnections,
  teamMembers,
  teamRoles,
  titleTests,
  users,
  type TeamRole,
} from '../../db/schema';
import { createSession } from '../../src/auth/session.service';
import { DEMO_USER_EMAIL } from '../../src/config';
import { simulatorControl } from '../../src/demo/simulator-control';
import { GOOGLE_SCOPES, googleCallbackPath } from '../../src/youtube/google-clients';
import { unsubscribeUrl } from '../../src/notifications/unsubscribe-link';
import { imageFilePath } from '../../src/shared/image-rules';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import {
  allOperations,
  changedTables,
  errorMessageOf,
  watchDatabase,
  writeSuiteCounts,
  type ApiOperation,
} from '../helpers/api-operations';
import { googleSessionToken } from '../helpers/creators';
import { signedEvent } from '../helpers/stripe-webhooks';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 13, item 9: who may call what. Every REST operation of /api/openapi.json and every tRPC
// procedure, called by five callers; each cell's answer is checked against one table derived from
// the access map below. An operation missing from the map fails the suite: adding one means
// saying who may use it.

/** Who may call an operation. */
type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in user. */
  | 'signed-in'
  /** Only the user who owns the resource the call names (a test, a checkout, a portal). */
  | 'owner'
  /** Admins (ADMIN_EMAILS, FOUNDER_EMAILS or the users.is_admin flag). */
  | 'admin'
  /** The founder (FOUNDER_EMAILS; with the simulator, demo accounts on their own tests: docs/decisions/0003), on their own test. */
  | 'founder'
  /** Any signed-in user; a team member reads the team owner's (viewers and editors). */
  | 'team-read'
  /** Any signed-in user; a team member changes the owner's as an editor, never as a viewer. */
  | 'team-write'
  /** The owner of the named resource, and their team's viewers and editors. */
  | 'owner-team-read'
  /** The owner of the named resource, and their team's editors (a viewer is refused). */
  | 'owner-team-write'
  /** Any signed-in user for their own account; a team member, of either role, is refused (the owner's choice). */
  | 'account-owner';

/** THE access map: every operation the server offers, and who may call it. */
const ACCESS: Record<string, Access> = {
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
  'GET /api/videos/recent': 'team-write',
  'GET /api/channels': 'team-read',
  // A browser navigation: to Google's consent signed in, to the sign-in page without a session.
  'GET /api/channels/connect': 'public',
  'POST /api/channels/{id}/disconnect': 'owner',
  'GET /api/analytics/accuracy-status': 'team-read',
  'POST /api/tests': 'team-write',
  'GET /api/tests': 'team-read',
  'GET /api/tests/plan': 'team-read',
  'GET /api/capacity': 'team-read',
  'GET /api/admin/capacity': 'admin',
  'GET /api/tests/{id}/analytics': 'owner-team-read',
  'GET /api/tests/{id}/export': 'owner-team-read',
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
  'POST /api/tests/{id}/force-analytics': 'founder',
  'POST /api/tests/{id}/fast-forward': 'founder',
  'POST /api/tests/{id}/simulate-rotation': 'founder',
  'POST /api/tests/{id}/{action}': 'owner-team-write',
  'POST /api/tests/{id}/extend': 'owner-team-write',
  'GET /api/tests/{id}/extension-plan': 'owner-team-read',
  'GET /api/dashboard/stats': 'team-read',
  'POST /api/create-subscription': 'signed-in',
  'POST /api/billing/portal': 'signed-in',
  'POST /api/billing/webhook': 'public',
  'GET /api/billing/checkout/complete': 'public',
  'GET /api/billing/simulated-checkout/{id}': 'owner',
  'POST /api/billing/simulated-checkout/{id}/pay': 'owner',
  'GET /api/billing/simulated-portal/{id}': 'owner',
  'POST /api/billing/simulated-portal/{id}/{action}': 'owner',
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
  'trpc analytics.accuracyStatus': 'team-read',
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
  'trpc billing.createSubscription': 'signed-in',
  'trpc billing.portal': 'signed-in',
  'trpc videos.recent': 'team-write',
  'trpc reports.shareLink': 'owner-team-read',
  'trpc reports.createShareLink': 'owner-team-write',
  'trpc reports.revokeShareLink': 'owner-team-write',
  'trpc reports.history': 'team-read',
  'trpc learning.channel': 'team-read',
  'trpc learning.deployment': 'admin',
  'trpc learning.sharing': 'team-read',
  'trpc learning.setSharing': 'account-owner',
  'trpc learning.pool': 'team-read',
  // The team: the owner manages it (a plan without a team answers 403 after the access check);
  // the invitee reads an invitation without a session and accepts it signed in.
  'GET /api/team': 'signed-in',
  'POST /api/team/invitations': 'signed-in',
  'DELETE /api/team/invitations/{id}': 'owner',
  'PATCH /api/team/members/{id}': 'owner',
  'DELETE /api/team/members/{id}': 'owner',
  'GET /api/team/invitation': 'public',
  'POST /api/team/invitation/accept': 'signed-in',
  'POST /api/team/leave': 'signed-in',
  'trpc team.get': 'signed-in',
  'trpc team.invite': 'signed-in',
  'trpc team.revokeInvitation': 'owner',
  'trpc team.changeMemberRole': 'owner',
  'trpc team.removeMember': 'owner',
  'trpc team.accept': 'signed-in',
  'trpc team.leave': 'signed-in',
  // Images: uploaded into the workspace (an editor's go to the owner), read by the workspace, and
  // their bytes served to anyone holding the unguessable id (docs/decisions/0035).
  'POST /api/images': 'team-write',
  'GET /api/images/{id}': 'owner-team-read',
  'GET /api/images/{id}/file': 'public',
  'trpc images.upload': 'team-write',
  'trpc images.get': 'owner-team-read',
};

/**
 * The callers. "owner" owns the resource a call names (a plain Google user, on Authority); "other"
 * is a second plain user who owns nothing named here; "admin" is in ADMIN_EMAILS and not a
 * founder; "founder" is the demo account (founder of its own tests with the simulator, and no
 * admin: docs/decisions/0003); "viewer" and
 * "editor" are on the owner's team with those roles.
 */
const CALLERS = ['anonymous', 'other', 'owner', 'admin', 'founder', 'viewer', 'editor'] as const;
type Caller = (typeof CALLERS)[number];
type Member = Exclude<Caller, 'anonymous'>;
/** A cell's expected answer: the refusal's status, or "allowed" (the operation's own answer). */
type Outcome = 401 | 403 | 404 | 'allowed';

/** What each kind of access answers each caller. */
const signedIn = { other: 'allowed', owner: 'allowed', admin: 'allowed', founder: 'allowed' } as const;
// Someone else's resource is not found, whoever asks (admins act through the admin paths).
const ownerOnly = { anonymous: 401, other: 404, owner: 'allowed', admin: 404, founder: 404 } as const;
const OUTCOMES: Record<Access, Record<Caller, Outcome>> = {
  public: { anonymous: 'allowed', ...signedIn, viewer: 'allowed', editor: 'allowed' },
  'signed-in': { anonymous: 401, ...signedIn, viewer: 'allowed', editor: 'allowed' },
  'team-read': { anonymous: 401, ...signedIn, viewer: 'allowed', editor: 'allowed' },
  'team-write': { anonymous: 401, ...signedIn, viewer: 403, editor: 'allowed' },
  // A member acts as themselves outside the team's operations: the owner's resource is not theirs.
  owner: { ...ownerOnly, viewer: 404, editor: 404 },
  'owner-team-read': { ...ownerOnly, viewer: 'allowed', editor: 'allowed' },
  'owner-team-write': { ...ownerOnly, viewer: 403, editor: 'allowed' },
  'account-owner': { anonymous: 401, ...signedIn, viewer: 403, editor: 403 },
  admin: {
    anonymous: 401,
    other: 403,
    owner: 403,
    admin: 'allowed',
    founder: 403,
    viewer: 403,
    editor: 403,
  },
  founder: {
    anonymous: 401,
    other: 403,
    owner: 403,
    admin: 403,
    founder: 'allowed',
    viewer: 403,
    editor: 403,
  },
};

// ---------------------------------------------------------------------------------------------

let testApp: TestApp;
let operations: ApiOperation[];
let watch: Awaited<ReturnType<typeof watchDatabase>>;
const tokens = {} as Record<Member, string>;
const accounts = { other: 'sim-sam', owner: 'sim-alex', admin: 'sim-priya', founder: DEMO_ACCOUNT_ID };
const emails = {
  other: 'sam.chen@example.com',
  owner: 'alex.rivera@example.com',
  admin: 'priya.n@example.com',
  founder: DEMO_USER_EMAIL,
  viewer: 'vera.viewer@example.com',
  editor: 'eddie.editor@example.com',
};
/** The team members' accounts (the simulator's four Google accounts are taken by the others). */
const memberIds = {} as Record<TeamRole, string>;
/** Whose channels a caller works on: a team member works on the owner's. */
const workspaceOf = (caller: Member): Exclude<Member, TeamRole> =>
  caller === 'viewer' || caller === 'editor' ? 'owner' : caller;
let cells = 0;
/** Milliseconds per operation (its rows' setup and calls), for the slowest list in access.json. */
const timings: Record<string, number> = {};

async function signIn(caller: Member): Promise<string> {
  if (caller === 'viewer' || caller === 'editor') {
    const { db, clock } = testApp.built.app;
    return (await createSession(db, { userId: memberIds[caller], ttlDays: 1, now: clock.now() })).token;
  }
  if (caller === 'founder') {
    const login = await fetch(`${testApp.url}/api/auth/demo-login`, { method: 'POST' });
    return ((await login.json()) as { sessionToken: string }).sessionToken;
  }
  return googleSessionToken(testApp, accounts[caller]);
}

interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body (an image upload), sent with its own content type. */
  bytes?: { contentType: string; body: Buffer };
  headers?: Record<string, string>;
}

async function call(request: Call, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { origin: testApp.url, ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (request.bytes) {
    headers['content-type'] = request.bytes.contentType;
    body = new Uint8Array(request.bytes.body);
  } else if (request.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof request.json === 'string' ? request.json : JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  return fetch(`${testApp.url}${request.path}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  });
}

const as = (caller: Member) => tokens[caller];
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

/** The first of `caller`'s videos with no running test. */
async function freeVideo(caller: Member): Promise<string> {
  const running = await testApp.built.app.db
    .select({ videoId: titleTests.videoId })
    .from(titleTests)
    .where(inArray(titleTests.status, ['scheduled', 'active', 'paused']));
  for (let index = 0; index < 40; index += 1) {
    const videoId = simulatedVideoId(accounts[workspaceOf(caller)], index);
    if (!running.some((test) => test.videoId === videoId)) return videoId;
  }
  throw new Error(`no free video for ${caller}`);
}

const creation = async (caller: Member) => ({
  videoId: await freeVideo(caller),
  titles: ['Matrix A', 'Matrix B'],
  rotationIntervalMinutes: 1440,
});

/** A new running test of `caller`'s. */
async function newTest(caller: Member): Promise<string> {
  const response = await call(
    { method: 'POST', path: '/api/tests', json: await creation(caller) },
    as(caller),
  );
  if (response.status !== 201)
    throw new Error(`creating a test: ${response.status} ${await response.text()}`);
  return (await json<{ id: string }>(response)).id;
}

/** Ends a test the matrix is done with, so the owner's few videos stay free for the next rows. */
async function cancelTest(caller: Member, id: string): Promise<void> {
  await (await call(post(`/api/tests/${id}/cancel`), as(caller))).text();
}

/** A checkout page `caller` opened, as its path. */
async function openCheckout(caller: 'owner', plan: 'pro' | 'authority'): Promise<string> {
  const response = await call(
    { method: 'POST', path: '/api/create-subscription', json: { plan } },
    as(caller),
  );
  expect(response.status).toBe(200);
  return new URL((await json<{ checkoutUrl: string }>(response)).checkoutUrl).pathname;
}

async function openPortal(caller: 'owner'): Promise<string> {
  const response = await call({ method: 'POST', path: '/api/billing/portal', json: {} }, as(caller));
  expect(response.status).toBe(200);
  return new URL((await json<{ url: string }>(response)).url).pathname;
}

async function setTier(caller: Member, tier: 'free' | 'authority') {
  const email = emails[workspaceOf(caller)];
  await testApp.built.app.db
    .update(users)
    .set({ subscriptionTier: tier, subscriptionStatus: tier === 'free' ? 'inactive' : 'active' })
    .where(eq(users.email, email));
}

/**
 * How each operation is called. `resource` is prepared once per row and names the owner's (or,
 * for founder tools, the founder's) resource; a row marked `fresh` gets a new one for every
 * allowed caller after the first, because the call uses it up. `allowed` lists the answers an
 * allowed caller may get (default: the operation's success status).
 */
interface Row {
  resource?: () => Promise<string>;
  fresh?: boolean;
  request: (resource: string, caller: Caller) => Promise<Call> | Call;
  allowed?: number[];
  /** Sign-out and account deletion end the session they are called with: each caller gets a new one. */
  endsSession?: boolean;
  /** Runs before an allowed caller's call (puts a fixture in the state the call needs). */
  before?: (caller: Member) => Promise<void>;
  /** Runs after an allowed caller's call, with its answer (ends what it started). */
  after?: (caller: Member, body: unknown, resource: string) => Promise<void>;
}

const get = (path: string): Call => ({ method: 'GET', path });
const post = (path: string, body: unknown = {}): Call => ({ method: 'POST', path, json: body });
const trpcQuery = (path: string, input?: unknown): Call =>
  get(
    `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
  );
const trpcMutation = (path: string, input?: unknown): Call =>
  post(`/trpc/${path}`, input === undefined ? {} : { json: input });

let shared: string | null = null;
/** The owner's test that rows which only read it share. */
const sharedTest = async () => (shared ??= await newTest('owner'));
const alexTest = () => newTest('owner');
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
  const [test] = await testApp.built.app.db
    .select({ endDate: titleTests.endDate })
    .from(titleTests)
    .where(eq(titleTests.id, id));
  return new Date(test!.endDate.getTime() + 86_400_000).toISOString();
};
/** Any tier allows a first test; Authority allows the matrix's second one. */
const unlimited = (caller: Member) => setTier(caller, 'authority');
const samId = async () => (await json<{ id: string }>(await call(get('/api/auth/me'), as('other')))).id;
const callbackCode = async () =>
  simulatorControl(testApp.built.app.config).grant('sim-sam', {
    redirectUri: `${testApp.url}${googleCallbackPath}`,
    scope: GOOGLE_SCOPES.join(' '),
  });
const plan = { titleCount: 2, rotationIntervalMinutes: 1440, durationDays: 14 };
/** An e-mail choice any user may make. */
const quietQuota = { email: { 'quota-deferred': false } };
/** The owner's unsubscribe link of one kind of e-mail, as their e-mails carry it (path and query). */
const ownerUnsubscribe = async () => {
  const me = await json<{ id: string }>(await call(get('/api/auth/me'), as('owner')));
  const link = new URL(unsubscribeUrl(testApp.built.app.config, me.id, 'quota-deferred'));
  return `${link.pathname}${link.search}`;
};
/** Opts the caller's workspace into the pool of What works here (as its owner would). */
const poolOptIn = async (caller: Member) => {
  await testApp.built.app.db
    .update(users)
    .set({ learningPoolOptIn: true })
    .where(eq(users.email, emails[workspaceOf(caller)]));
};
/** A spare channel of the owner's, already disconnected: disconnecting it touches no test and no grant. */
const spareChannel = async () => {
  const me = await json<{ id: string }>(await call(get('/api/auth/me'), as('owner')));
  const [row] = await testApp.built.app.db
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
/** A pending invitation of the owner's team, to an address nobody here signs in with. */
let invitations = 0;
const ownerInvitation = async () => {
  invitations += 1;
  const response = await call(
    post('/api/team/invitations', { email: `invitee${invitations}@example.com`, role: 'viewer' }),
    as('owner'),
  );
  expect(response.status).toBe(201);
  return json<{ id: string; url: string }>(response);
};
const ownerInvitationId = async () => (await ownerInvitation()).id;
/** Withdraws the invitation an allowed invite made, so the owner's seats stay free. */
const withdrawInvitation = async (caller: Member, body: unknown) => {
  const made = body as { id?: string; result?: { data: { json: { id: string } } } } | null;
  const id = made?.id ?? made?.result?.data.json.id;
  if (id) await (await call({ method: 'DELETE', path: `/api/team/invitations/${id}` }, as(caller))).text();
};
/** A third member of the owner's team, made for a removal to remove (its membership row id). */
const spareMember = async () => {
  const { db } = testApp.built.app;
  const [member] = await db
    .insert(users)
    .values({ email: `spare.${randomUUID()}@example.com`, name: 'Spare Member', username: 'spare' })
    .returning({ id: users.id });
  return addMember(member!.id, 'viewer');
};
async function addMember(userId: string, role: TeamRole): Promise<string> {
  const { db, clock } = testApp.built.app;
  const owner = await json<{ id: string }>(await call(get('/api/auth/me'), as('owner')));
  const [row] = await db
    .insert(teamMembers)
    .values({ ownerUserId: owner.id, memberUserId: userId, role, createdAt: clock.now() })
    .returning({ id: teamMembers.id });
  return row!.id;
}
/** Takes a spare member off the team again, so their seat is free for the invitation rows. */
const removeSpare = async (_: Member, __: unknown, id: string) => {
  await testApp.built.app.db.delete(teamMembers).where(eq(teamMembers.id, id));
};
/** Puts a member who left back on the team, with their role. */
const rejoin = async (caller: Member) => {
  if (caller === 'viewer' || caller === 'editor') await addMember(memberIds[caller], caller);
};
/** Another user's e-mail: the deletion is refused after the access check, and nobody is deleted. */
const wrongConfirmation = { confirmEmail: 'somebody.else@example.com' };
const webhook = () => {
  const event = signedEvent(
    'ping',
    { id: 'x_1', object: 'ping' },
    testApp.built.app.config.stripe.webhookSecret!,
  );
  return {
    method: 'POST',
    path: '/api/billing/webhook',
    json: event.payload,
    headers: { 'stripe-signature': event.signature },
  };
};

/** A small valid thumbnail (1280 × 720 PNG), made once. */
let thumbnail: Promise<Buffer> | null = null;
const thumbnailPng = () =>
  (thumbnail ??= sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer());
const uploadImage = async (): Promise<Call> => ({
  method: 'POST',
  path: '/api/images',
  bytes: { contentType: 'image/png', body: await thumbnailPng() },
});
/** An image of the owner's workspace, by id. */
const ownerImage = async () => {
  const response = await call(await uploadImage(), as('owner'));
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
};

const ROWS: Record<string, Row> = {
  'POST /api/images': { request: uploadImage },
  'GET /api/images/{id}': { resource: ownerImage, request: (id) => get(`/api/images/${id}`) },
  'GET /api/images/{id}/file': { resource: ownerImage, request: (id) => get(imageFilePath(id)) },
  'trpc images.upload': {
    request: async () =>
      trpcMutation('images.upload', { contentBase64: (await thumbnailPng()).toString('base64') }),
  },
  'trpc images.get': { resource: ownerImage, request: (id) => trpcQuery('images.get', { id }) },
  'GET /api/auth/google': { request: () => get('/api/auth/google'), allowed: [302] },
  'POST /api/auth/google': {
    request: async () =>
      post('/api/auth/google', {
        code: await callbackCode(),
        redirectUri: `${testApp.url}${googleCallbackPath}`,
      }),
  },
  'GET /api/auth/google/callback': { request: () => get(googleCallbackPath), allowed: [302] },
  'POST /api/auth/logout': { request: () => post('/api/auth/logout'), endsSession: true },
  'GET /api/auth/logout': { request: () => get('/api/auth/logout'), endsSession: true },
  'POST /api/account/delete': {
    request: () => post('/api/account/delete', wrongConfirmation),
    allowed: [400],
  },
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
  'GET /api/tests/{id}/export': {
    resource: sharedTest,
    request: (id) => get(`/api/tests/${id}/export?format=json`),
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
  'POST /api/tests': {
    request: async (_, caller) => post('/api/tests', await creation(caller as Member)),
    before: unlimited,
    after: endCreated,
  },
  'GET /api/capacity': { request: () => get('/api/capacity?rotationIntervalMinutes=1440') },
  'GET /api/tests/plan': {
    request: () =>
      get(`/api/tests/plan?${new URLSearchParams(Object.entries(plan).map(([k, v]) => [k, String(v)]))}`),
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
  'POST /api/create-subscription': { request: () => post('/api/create-subscription', { plan: 'pro' }) },
  // Only a subscriber has a portal to open; the others pass the access check and get 409.
  'POST /api/billing/portal': { request: () => post('/api/billing/portal'), allowed: [200, 409] },
  'POST /api/billing/webhook': { request: webhook },
  'GET /api/billing/checkout/complete': {
    request: () => get('/api/billing/checkout/complete?session_id=cs_sim_000000000000000000000000'),
    allowed: [303],
  },
  'GET /api/billing/simulated-checkout/{id}': {
    resource: () => openCheckout('owner', 'pro'),
    request: (path) => get(path),
    allowed: [200],
  },
  'POST /api/billing/simulated-checkout/{id}/pay': {
    resource: () => openCheckout('owner', 'pro'),
    request: (path) => ({ method: 'POST', path: `${path}/pay`, form: {} }),
    allowed: [303],
  },
  'GET /api/billing/simulated-portal/{id}': {
    resource: () => openPortal('owner'),
    request: (path) => get(path),
    allowed: [200],
  },
  'POST /api/billing/simulated-portal/{id}/{action}': {
    resource: () => openPortal('owner'),
    request: (path) => ({ method: 'POST', path: `${path}/switch`, form: { plan: 'pro' } }),
    allowed: [303],
    // Back on Authority: the owner's team lapses on Pro, and the later rows need it.
    after: () => setTier('owner', 'authority'),
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
  'trpc auth.demoLogin': { request: () => trpcMutation('auth.demoLogin') },
  'trpc billing.createSubscription': {
    request: () => trpcMutation('billing.createSubscription', { plan: 'pro' }),
  },
  'trpc billing.portal': { request: () => trpcMutation('billing.portal'), allowed: [200, 409] },
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
  'POST /api/team/invitations': {
    // Only the owner's plan has a team: the others pass the access check and get its 403.
    request: (_, caller) =>
      post('/api/team/invitations', { email: `guest.of.${caller}@example.com`, role: 'viewer' }),
    allowed: [201, 403],
    after: withdrawInvitation,
  },
  'trpc team.invite': {
    request: (_, caller) =>
      trpcMutation('team.invite', { email: `trpc.guest.of.${caller}@example.com`, role: 'viewer' }),
    allowed: [200, 403],
    after: withdrawInvitation,
  },
  'DELETE /api/team/invitations/{id}': {
    resource: ownerInvitationId,
    request: (id) => ({ method: 'DELETE', path: `/api/team/invitations/${id}` }),
  },
  'trpc team.revokeInvitation': {
    resource: ownerInvitationId,
    request: (id) => trpcMutation('team.revokeInvitation', { id }),
  },
  // A spare viewer made an editor (then taken off the team): only the owner finds their member.
  'PATCH /api/team/members/{id}': {
    resource: spareMember,
    request: (id) => ({ method: 'PATCH', path: `/api/team/members/${id}`, json: { role: 'editor' } }),
    after: removeSpare,
  },
  'trpc team.changeMemberRole': {
    resource: spareMember,
    request: (id) => trpcMutation('team.changeMemberRole', { id, role: 'editor' }),
    after: removeSpare,
  },
  'DELETE /api/team/members/{id}': {
    resource: spareMember,
    fresh: true,
    request: (id) => ({ method: 'DELETE', path: `/api/team/members/${id}` }),
  },
  'trpc team.removeMember': {
    resource: spareMember,
    fresh: true,
    request: (id) => trpcMutation('team.removeMember', { id }),
  },
  'GET /api/team/invitation': {
    resource: async () => new URL((await ownerInvitation()).url).searchParams.get('token')!,
    request: (token) => get(`/api/team/invitation?token=${encodeURIComponent(token)}`),
  },
  // An invitation to nobody here: each caller passes the access check and is refused by the
  // invitation's own rules (the owner's own team 409, anyone else not the invited address 403).
  'POST /api/team/invitation/accept': {
    resource: async () => new URL((await ownerInvitation()).url).searchParams.get('token')!,
    request: (token) => post('/api/team/invitation/accept', { token }),
    allowed: [403, 409],
  },
  'trpc team.accept': {
    resource: async () => new URL((await ownerInvitation()).url).searchParams.get('token')!,
    request: (token) => trpcMutation('team.accept', { token }),
    allowed: [403, 409],
  },
  // A member leaves (and is put back for the next rows); anyone else is on no team: 404.
  'POST /api/team/leave': { request: () => post('/api/team/leave'), allowed: [200, 404], after: rejoin },
  'trpc team.leave': { request: () => trpcMutation('team.leave'), allowed: [200, 404], after: rejoin },
};

/** The default call: the operation with no parameters, an empty JSON body for writes. */
function defaultRow(operation: ApiOperation): Row {
  if (operation.transport === 'trpc') {
    return {
      request: () => (operation.method === 'GET' ? trpcQuery(operation.path) : trpcMutation(operation.path)),
    };
  }
  return { request: () => (operation.method === 'GET' ? get(operation.path) : post(operation.path)) };
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  testApp = await startTestApp({
    ADMIN_EMAILS: emails.admin,
    SIGN_IN_RATE_LIMIT: '100000',
    YOUTUBE_DAILY_QUOTA: '1000000',
  });
  operations = await allOperations(testApp.url);
  for (const caller of ['other', 'owner', 'admin', 'founder'] as const) tokens[caller] = await signIn(caller);
  // The owner subscribes (Authority: any number of running tests, a Customer Portal and a team).
  const checkout = await openCheckout('owner', 'authority');
  const paid = await call({ method: 'POST', path: `${checkout}/pay`, form: {} }, as('owner'));
  expect(paid.status).toBe(303);
  for (const role of teamRoles) {
    const [member] = await testApp.built.app.db
      .insert(users)
      .values({ email: emails[role], name: `Team ${role}`, username: role })
      .returning({ id: users.id });
    memberIds[role] = member!.id;
    await addMember(member!.id, role);
    tokens[role] = await signIn(role);
  }
  watch = await watchDatabase(testApp, ['rate_limits']);
});
afterAll(async () => {
  writeSuiteCounts('access', {
    operations: operations?.length ?? 0,
    callers: CALLERS.length,
    cells,
    slowest: Object.entries(timings)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 8)
      .map(([key, ms]) => `${key}: ${ms} ms`),
  });
  await testApp?.close();
});

describe('the access matrix', () => {
  it('has an access entry for every operation the server offers, and none for one it does not', () => {
    const keys = operations.map((operation) => operation.key);
    expect(
      keys.filter((key) => !(key in ACCESS)),
      'operations with no access entry',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((key) => !keys.includes(key)),
      'entries for no operation',
    ).toEqual([]);
    expect(
      Object.keys(ROWS).filter((key) => !keys.includes(key)),
      'calls for no operation',
    ).toEqual([]);
  });

  it('has the seven callers it claims: roles as the server decides them', async () => {
    const me = async (caller: Member) =>
      json<{ isAdmin: boolean; isFounder: boolean; team: unknown }>(
        await call(get('/api/auth/me'), as(caller)),
      );
    expect(await me('viewer')).toMatchObject({
      isAdmin: false,
      team: { ownerEmail: emails.owner, role: 'viewer' },
    });
    expect(await me('editor')).toMatchObject({
      isAdmin: false,
      team: { ownerEmail: emails.owner, role: 'editor' },
    });
    expect(await me('other')).toMatchObject({ isAdmin: false, isFounder: false, team: null });
    expect(await me('owner')).toMatchObject({ isAdmin: false, isFounder: false });
    expect(await me('admin')).toMatchObject({ isAdmin: true, isFounder: false });
    expect(await me('founder')).toMatchObject({ isAdmin: false, isFounder: true });
  });

  it('answers every operation × caller as the table says, and a refusal changes nothing', async () => {
    const failures: string[] = [];
    // The table: each operation's row of expected outcomes. One with no access entry is reported
    // by the test above; the others are still checked here.
    const table = operations
      .filter((operation) => operation.key in ACCESS)
      .map((operation) => ({ operation, outcomes: OUTCOMES[ACCESS[operation.key]!] }));
    for (const { operation, outcomes } of table) {
      const started = performance.now();
      const row = ROWS[operation.key] ?? defaultRow(operation);
      let resource = row.resource ? await row.resource() : '';
      let used = false;
      // Refused callers first, on the untouched resource; then the allowed ones.
      const order = [...CALLERS].sort(
        (a, b) => Number(outcomes[a] === 'allowed') - Number(outcomes[b] === 'allowed'),
      );
      for (const caller of order) {
        const expected = outcomes[caller];
        if (expected === 'allowed') {
          if (row.fresh && used) resource = await row.resource!();
          used = true;
          await row.before?.(caller as Member);
        }
        const token = caller === 'anonymous' ? null : row.endsSession ? await signIn(caller) : tokens[caller];
        const before = await watch.digest();
        const response = await call(await row.request(resource, caller), token);
        cells += 1;
        const text = await response.text();
        const cell = `${operation.key} as ${caller}: expected ${expected}, got ${response.status} ${text.slice(0, 200)}`;
        if (expected === 'allowed') {
          if (!(row.allowed ?? [operation.successStatus]).includes(response.status)) failures.push(cell);
          if (caller !== 'anonymous' && row.after) {
            await row.after(caller, text.startsWith('{') ? JSON.parse(text) : null, resource);
          }
          continue;
        }
        if (response.status !== expected) {
          failures.push(cell);
          continue;
        }
        const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
        if (!(operation.html && html) && !errorMessageOf(JSON.parse(text))) {
          failures.push(`${cell} (no error message)`);
        }
        const changed = changedTables(before, await watch.digest());
        if (changed.length > 0) failures.push(`${cell}: the refusal changed ${changed.join(', ')}`);
      }
      timings[operation.key] = Math.round(performance.now() - started);
    }
    expect(failures, `${failures.length} of ${cells} cells`).toEqual([]);
    expect(cells, `[access] ${cells} cells: ${table.length} operations × ${CALLERS.length} callers`).toBe(
      table.length * CALLERS.length,
    );
    // 43–52 s with the image rows, alone or beside three other suites: room for a busy machine.
  }, 90_000);

  it("does not let the founder's tools touch another user's test", async () => {
    const id = await sharedTest();
    const before = await watch.digest();
    for (const request of [
      post(`/api/tests/${id}/force-analytics`),
      post(`/api/tests/${id}/fast-forward`, { span: 'day' }),
      post(`/api/tests/${id}/simulate-rotation`),
      trpcMutation('tests.forceAnalytics', { id }),
      trpcMutation('tests.fastForward', { id, span: 'day' }),
      trpcMutation('tests.simulateRotation', { id }),
    ]) {
      const response = await call(request, as('founder'));
      expect(response.status, request.path).toBe(404);
    }
    expect(changedTables(before, await watch.digest())).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 25: what the seven callers alone did not reach.

/** A new account signed in as a bearer session (plan `tier`), optionally on someone's channel. */
async function extraAccount(
  name: string,
  tier: 'free' | 'authority',
  channelOf?: Exclude<Member, TeamRole>,
): Promise<{ id: string; email: string; token: string }> {
  const { db, clock } = testApp.built.app;
  const email = `${name}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ email, name: `Extra ${name}`, username: name, subscriptionTier: tier })
    .returning({ id: users.id });
  if (channelOf) {
    // The same YouTube channel connected by a second account (both signed in with its Google login).
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, emails[channelOf]));
    // The owner's Google channel, not a spare (disconnected) one a row of the matrix added: without
    // the filter the row read first depends on where updates left the rows in the table.
    const [connection] = await db
      .select()
      .from(channelConnections)
      .where(and(eq(channelConnections.userId, owner!.id), eq(channelConnections.status, 'connected')));
    await db.insert(channelConnections).values({ ...connection!, id: randomUUID(), userId: user!.id });
  }
  const { token } = await createSession(db, { userId: user!.id, ttlDays: 1, now: clock.now() });
  return { id: user!.id, email, token };
}

const inviteAs = async (token: string, email: string) => {
  const response = await call(post('/api/team/invitations', { email, role: 'viewer' }), token);
  expect(response.status, await response.clone().text()).toBe(201);
  return new URL((await json<{ url: string }>(response)).url).searchParams.get('token')!;
};

describe('beyond the matrix', () => {
  it('keeps teams one level deep: an owner with invitations out joins no team, and a joined inviter’s invitations stop', async () => {
    const pat = await extraAccount('pat.owner', 'authority');
    const quinn = await extraAccount('quinn.owner', 'authority');
    const erin = await extraAccount('erin.editor', 'free');
    const toErin = await inviteAs(pat.token, erin.email);
    const toPat = await inviteAs(quinn.token, pat.email);
    const before = await watch.digest();
    const joining = await call(post('/api/team/invitation/accept', { token: toPat }), pat.token);
    expect(joining.status).toBe(409);
    expect(errorMessageOf(await joining.json())).toMatch(/invitations to your own team pending/);
    expect(changedTables(before, await watch.digest())).toEqual([]);

    // However Pat came to be on a team (a race, an old row), Pat's invitations no longer open one.
    await testApp.built.app.db.insert(teamMembers).values({
      ownerUserId: quinn.id,
      memberUserId: pat.id,
      role: 'viewer',
      createdAt: testApp.clock.now(),
    });
    const nested = await call(post('/api/team/invitation/accept', { token: toErin }), erin.token);
    expect(nested.status).toBe(403);
    expect(errorMessageOf(await nested.json())).toMatch(/joined another team/);
    const [erinOnTeam] = await testApp.built.app.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.memberUserId, erin.id));
    expect(erinOnTeam).toBeUndefined();
  });

  it('keeps a channel two accounts connected to each one’s own tests, and says nothing of the other’s', async () => {
    const ownersTest = await sharedTest();
    const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, ownersTest));
    const second = await extraAccount('second.login', 'authority', 'owner');
    const before = await watch.digest();
    for (const request of [
      post('/api/tests', {
        videoId: test!.videoId,
        titles: ['Mine A', 'Mine B'],
        rotationIntervalMinutes: 1440,
      }),
      trpcMutation('tests.create', {
        videoId: test!.videoId,
        titles: ['Mine A', 'Mine B'],
        rotationIntervalMinutes: 1440,
      }),
    ]) {
      const refused = await call(request, second.token);
      const text = await refused.text();
      expect(refused.status, text).toBe(409);
      expect(text).toContain('another test is already changing its title');
      expect(text).not.toMatch(/running test|cancel|Matrix A|Matrix B|alex/i);
    }
    // Refused after the video was read as the second account's (so nothing is said of a video
    // that is not theirs): that read is in the quota ledger; no test, title or audit row changed.
    const reads = ['quota_ledger', 'sim_quota_days', 'sim_quota_usage'];
    expect(changedTables(before, await watch.digest()).filter((table) => !reads.includes(table))).toEqual([]);
    // The owner's test is not the second account's to see or to end.
    const list = await json<Array<{ id: string }>>(await call(get('/api/tests'), second.token));
    expect(list.map((entry) => entry.id)).not.toContain(ownersTest);
    expect((await call(get(`/api/tests/${ownersTest}/analytics`), second.token)).status).toBe(404);
    expect((await call(post(`/api/tests/${ownersTest}/cancel`), second.token)).status).toBe(404);
  });

  it('ends a deleting account’s report and invitation links at once', async () => {
    const leaving = await extraAccount('leaving.owner', 'authority', 'other');
    const created = await call(
      post('/api/tests', {
        videoId: await freeVideo('other'),
        titles: ['Gone A', 'Gone B'],
        rotationIntervalMinutes: 1440,
      }),
      leaving.token,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const link = await call(post(`/api/tests/${id}/share-link`), leaving.token);
    expect(link.status, await link.clone().text()).toBe(201);
    const reportToken = new URL((await json<{ url: string }>(link)).url).searchParams.get('token')!;
    const invitationToken = await inviteAs(leaving.token, 'invited.by.leaving@example.com');
    const report = get(`/api/reports?token=${encodeURIComponent(reportToken)}`);
    const invitation = get(`/api/team/invitation?token=${encodeURIComponent(invitationToken)}`);
    expect((await call(report, null)).status).toBe(200);
    expect((await call(invitation, null)).status).toBe(200);

    const deleted = await call(post('/api/account/delete', { confirmEmail: leaving.email }), leaving.token);
    expect(deleted.status, await deleted.clone().text()).toBe(202);
    for (const request of [report, invitation]) {
      const response = await call(request, null);
      const text = await response.text();
      expect(response.status, `${request.path}: ${text}`).toBe(404);
      expect(text).not.toMatch(/Gone A|Gone B|Extra leaving/);
    }
  });
});
