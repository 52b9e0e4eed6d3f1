import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { teamMembers, titleTests, users, type TeamRole } from '../../../db/schema';
import { createSession } from '../../../src/auth/session.service';
import { simulatedVideoId } from '../../../src/youtube-simulator/video-store';
import { googleSessionToken } from '../../helpers/creators';
import type { TestApp } from '../../helpers/test-app';
import { accounts, emails, workspaceOf, type Caller, type Member } from './callers';

// The access matrix's shared world: the app and the callers' sessions (set by the test's
// beforeAll), how a call is made, how each operation's row says how to call it, and the fixtures
// several features' rows use.

/** The running app and the callers' sessions; access-matrix.test.ts fills it in its beforeAll. */
export const world = {
  testApp: undefined as unknown as TestApp,
  tokens: {} as Record<Member, string>,
  /** The team members' accounts (the simulator's four Google accounts are taken by the others). */
  memberIds: {} as Record<TeamRole, string>,
  /** The owner's test that rows which only read it share, once made. */
  shared: null as string | null,
};

/** Starts the world on a new app (and forgets the shared test of any earlier run in this worker). */
export function enterWorld(testApp: TestApp): TestApp {
  world.testApp = testApp;
  world.shared = null;
  return testApp;
}

export async function signIn(caller: Member): Promise<string> {
  if (caller === 'viewer' || caller === 'editor') {
    const { db, clock } = world.testApp.built.app;
    return (await createSession(db, { userId: world.memberIds[caller], ttlDays: 1, now: clock.now() })).token;
  }
  if (caller === 'founder') {
    const login = await fetch(`${world.testApp.url}/api/auth/demo-login`, { method: 'POST' });
    return ((await login.json()) as { sessionToken: string }).sessionToken;
  }
  return googleSessionToken(world.testApp, accounts[caller]);
}

export interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body (an image upload), sent with its own content type. */
  bytes?: { contentType: string; body: Buffer };
  headers?: Record<string, string>;
}

export async function call(request: Call, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { origin: world.testApp.url, ...request.headers };
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
  return fetch(`${world.testApp.url}${request.path}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  });
}

export const as = (caller: Member) => world.tokens[caller];
export const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

/** The first of `caller`'s videos with no running test. */
export async function freeVideo(caller: Member): Promise<string> {
  const running = await world.testApp.built.app.db
    .select({ videoId: titleTests.videoId })
    .from(titleTests)
    .where(inArray(titleTests.status, ['scheduled', 'active', 'paused']));
  for (let index = 0; index < 40; index += 1) {
    const videoId = simulatedVideoId(accounts[workspaceOf(caller)], index);
    if (!running.some((test) => test.videoId === videoId)) return videoId;
  }
  throw new Error(`no free video for ${caller}`);
}

export const creation = async (caller: Member) => ({
  videoId: await freeVideo(caller),
  titles: ['Matrix A', 'Matrix B'],
  rotationIntervalMinutes: 1440,
});

/** A new running test of `caller`'s. */
export async function newTest(caller: Member): Promise<string> {
  const response = await call(
    { method: 'POST', path: '/api/tests', json: await creation(caller) },
    as(caller),
  );
  if (response.status !== 201)
    throw new Error(`creating a test: ${response.status} ${await response.text()}`);
  return (await json<{ id: string }>(response)).id;
}

/** Ends a test the matrix is done with, so the owner's few videos stay free for the next rows. */
export async function cancelTest(caller: Member, id: string): Promise<void> {
  await (await call(post(`/api/tests/${id}/cancel`), as(caller))).text();
}

/** A checkout page `caller` opened, as its path. */
export async function openCheckout(caller: 'owner', plan: 'pro' | 'authority'): Promise<string> {
  const response = await call(
    { method: 'POST', path: '/api/create-subscription', json: { plan } },
    as(caller),
  );
  expect(response.status).toBe(200);
  return new URL((await json<{ checkoutUrl: string }>(response)).checkoutUrl).pathname;
}

export async function setTier(caller: Member, tier: 'free' | 'authority') {
  const email = emails[workspaceOf(caller)];
  await world.testApp.built.app.db
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
export interface Row {
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

export const get = (path: string): Call => ({ method: 'GET', path });
export const post = (path: string, body: unknown = {}): Call => ({ method: 'POST', path, json: body });
export const trpcQuery = (path: string, input?: unknown): Call =>
  get(
    `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
  );
export const trpcMutation = (path: string, input?: unknown): Call =>
  post(`/trpc/${path}`, input === undefined ? {} : { json: input });

/** The owner's test that rows which only read it share. */
export const sharedTest = async () => (world.shared ??= await newTest('owner'));
/** A new running test of the owner's, for a row that uses it up. */
export const alexTest = () => newTest('owner');
/** Puts `userId` on the owner's team with `role`; the membership row's id. */
export async function addMember(userId: string, role: TeamRole): Promise<string> {
  const { db, clock } = world.testApp.built.app;
  const owner = await json<{ id: string }>(await call(get('/api/auth/me'), as('owner')));
  const [row] = await db
    .insert(teamMembers)
    .values({ ownerUserId: owner.id, memberUserId: userId, role, createdAt: clock.now() })
    .returning({ id: teamMembers.id });
  return row!.id;
}
