import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
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
import {
  allOperations,
  changedTables,
  errorMessageOf,
  watchDatabase,
  writeSuiteCounts,
  type ApiOperation,
} from '../helpers/api-operations';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { accountAccess, accountRows } from './access-matrix/account';
import { adminAccess, adminRows } from './access-matrix/admin';
import { billingAccess, billingRows } from './access-matrix/billing';
import { CALLERS, OUTCOMES, emails, type Access, type Member } from './access-matrix/callers';
import { imagesAccess, imagesRows } from './access-matrix/images';
import { reportsAccess, reportsRows } from './access-matrix/reports';
import { teamAccess, teamRows } from './access-matrix/team';
import { testsAccess, testsRows } from './access-matrix/tests';
import {
  addMember,
  as,
  call,
  enterWorld,
  freeVideo,
  get,
  json,
  openCheckout,
  post,
  sharedTest,
  signIn,
  trpcMutation,
  trpcQuery,
  world,
  type Row,
} from './access-matrix/world';

// Issue 13, item 9: who may call what. Every REST operation of /api/openapi.json and every tRPC
// procedure, called by five callers; each cell's answer is checked against one table derived from
// the access map below. An operation missing from the map fails the suite: adding one means
// saying who may use it.
//
// The map and the rows (how each operation is called) are kept by feature in access-matrix/: the
// callers and what each kind of access answers them (callers.ts), the app, the calls and the
// fixtures several features use (world.ts), and one part per API area. It stays one test file:
// one app and one database for all the cells.

/** The feature parts: each one's access entries and rows. */
const PARTS = {
  account: { access: accountAccess, rows: accountRows },
  admin: { access: adminAccess, rows: adminRows },
  billing: { access: billingAccess, rows: billingRows },
  images: { access: imagesAccess, rows: imagesRows },
  reports: { access: reportsAccess, rows: reportsRows },
  team: { access: teamAccess, rows: teamRows },
  tests: { access: testsAccess, rows: testsRows },
};

/** The parts' maps as one; an operation two parts both claim fails the suite before it runs. */
function merged<T>(what: 'access' | 'rows'): Record<string, T> {
  const into: Record<string, T> = {};
  const from: Record<string, string> = {};
  for (const [part, maps] of Object.entries(PARTS)) {
    for (const [key, value] of Object.entries(maps[what] as Record<string, T>)) {
      if (key in into) {
        throw new Error(`access-matrix/${from[key]}.ts and ${part}.ts both have ${what} for '${key}'`);
      }
      into[key] = value;
      from[key] = part;
    }
  }
  return into;
}

/** THE access map: every operation the server offers, and who may call it. */
const ACCESS = merged<Access>('access');
/** How each operation is called, where the default call will not do. */
const ROWS = merged<Row>('rows');

// ---------------------------------------------------------------------------------------------

let testApp: TestApp;
let operations: ApiOperation[];
let watch: Awaited<ReturnType<typeof watchDatabase>>;
const { tokens, memberIds } = world;
let cells = 0;
/** Milliseconds per operation (its rows' setup and calls), for the slowest list in access.json. */
const timings: Record<string, number> = {};

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
  testApp = enterWorld(
    await startTestApp({
      ADMIN_EMAILS: emails.admin,
      SIGN_IN_RATE_LIMIT: '100000',
      YOUTUBE_DAILY_QUOTA: '1000000',
    }),
  );
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
    // 14–52 s with the image rows, alone or beside three other suites: room for a CI runner where a
    // file runs up to three times slower than alone.
  }, 600_000);

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
