import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rateLimits, teamInvitations, teamMembers, titleTests, users } from '../../db/schema';
import type { ChannelList } from '../../src/channels/channels.schemas';
import { teamSeatLimits } from '../../src/shared/plans';
import { TEAM_MESSAGES, wrongAccountMessage } from '../../src/shared/team';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleBrowser } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { deliverEmails } from '../helpers/notification-mail';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runDueWork, runFor } from '../helpers/title-test-driver';
import { control } from '../helpers/youtube-gateway';

// The team of an Authority account: invitations by e-mail (signed links that expire), members
// who sign in with their own Google account and work on the owner's channels as editors or
// viewers, every test action in the audit log under who did it, a role changed in place and
// removal both taking effect at once.

let testApp: TestApp;
let alex: HttpClient;
let alexId: string;
const PRIYA = 'priya.n@example.com';
const SAM = 'sam.chen@example.com';

const db = () => testApp.built.app.db;
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
const error = async (response: Response) => (await json<{ error: string }>(response)).error;
const setTier = (userId: string, tier: 'free' | 'pro' | 'authority') =>
  db().update(users).set({ subscriptionTier: tier }).where(eq(users.id, userId));

interface Invitation {
  id: string;
  email: string;
  role: string;
  url: string;
  emailed: boolean;
}
const tokenOf = (invitation: Invitation) => new URL(invitation.url).searchParams.get('token')!;

async function invite(email: string, role: 'editor' | 'viewer'): Promise<Invitation> {
  const response = await alex.post('/api/team/invitations', { email, role });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Invitation>(response);
}

const createTest = (client: HttpClient, video: number) =>
  client.post('/api/tests', {
    videoId: simulatedVideoId('sim-alex', video),
    titles: ['Team check A', 'Team check B'],
    // 4-hourly: the owner's and an editor's tests both fit one Authority account's capacity.
    rotationIntervalMinutes: 240,
    winnerMetric: 'views',
  });

let priya: HttpClient;
let sam: HttpClient;
let alexTestId: string;

beforeAll(async () => {
  testApp = await startTestApp();
  alex = await googleBrowser(testApp, 'sim-alex');
  alexId = (await json<{ id: string }>(await alex.get('/api/auth/me'))).id;
  [priya, sam] = await Promise.all([googleBrowser(testApp, 'sim-priya'), googleBrowser(testApp, 'sim-sam')]);
  const created = await createTest(alex, 0);
  expect(created.status).toBe(201);
  alexTestId = (await json<{ id: string }>(created)).id;
});
afterAll(async () => {
  await testApp.close();
});

describe('inviting', () => {
  it('is for Authority: a Pro owner is refused and nothing is stored', async () => {
    await setTier(alexId, 'pro');
    const refused = await alex.post('/api/team/invitations', { email: PRIYA, role: 'viewer' });
    expect(refused.status).toBe(403);
    expect(await error(refused)).toBe(TEAM_MESSAGES.noTeamOnPlan);
    expect(await db().select().from(teamInvitations)).toHaveLength(0);
    await setTier(alexId, 'authority');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const badEmail = await alex.post('/api/team/invitations', { email: 'not-an-address', role: 'viewer' });
    expect(badEmail.status).toBe(400);
    expect(await error(badEmail)).toMatch(/e-mail address/);
    const badRole = await alex.post('/api/team/invitations', { email: PRIYA, role: 'owner' });
    expect(badRole.status).toBe(400);
    expect(await error(badRole)).toMatch(/editor or viewer/);
    const own = await alex.post('/api/team/invitations', {
      email: 'Alex.Rivera@example.com',
      role: 'viewer',
    });
    expect(own.status).toBe(409);
    expect(await db().select().from(teamInvitations)).toHaveLength(0);
  });

  it('e-mails a signed link through SMTP, which the invitation page reads without a session', async () => {
    const invitation = await invite(PRIYA.toUpperCase(), 'viewer');
    expect(invitation.email).toBe(PRIYA);
    expect(invitation.emailed).toBe(true);
    expect(await deliverEmails(testApp)).toBe(1);
    const caught = await control(testApp, 'GET', `/outbox?to=${encodeURIComponent(PRIYA)}`);
    const [mail] = caught.body as unknown as Array<{ subject: string; text: string; html: string }>;
    expect(mail!.subject).toBe('Alex Rivera invited you to their Titlewise team');
    expect(mail!.text).toContain(invitation.url);
    expect(mail!.html).toContain('Accept the invitation');
    // Only the token's hash is stored.
    const [row] = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row!.tokenHash).not.toContain(tokenOf(invitation));

    const anonymous = await fetch(`${testApp.url}/api/team/invitation?token=${tokenOf(invitation)}`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toMatchObject({ ownerName: 'Alex Rivera', email: PRIYA, role: 'viewer' });
    const forged = await fetch(`${testApp.url}/api/team/invitation?token=${'x'.repeat(43)}`);
    expect(forged.status).toBe(404);
    expect(await error(forged)).toBe(TEAM_MESSAGES.invitationUnknown);
  });

  it('keeps to the plan’s seats, counting pending invitations; withdrawing one frees its seat', async () => {
    const extra: Invitation[] = [];
    for (let index = 1; index < teamSeatLimits.authority; index += 1)
      extra.push(await invite(`guest${index}@example.com`, 'viewer'));
    const full = await alex.post('/api/team/invitations', { email: 'one.more@example.com', role: 'viewer' });
    expect(full.status).toBe(403);
    expect(await error(full)).toMatch(/team seats, all taken/);
    for (const invitation of extra)
      expect((await alex.request('DELETE', `/api/team/invitations/${invitation.id}`)).status).toBe(200);
    const withdrawn = await fetch(`${testApp.url}/api/team/invitation?token=${tokenOf(extra[0]!)}`);
    expect(withdrawn.status).toBe(404);
    expect(await error(withdrawn)).toBe(TEAM_MESSAGES.invitationRevoked);
    const team = await json<{ invitations: Invitation[] }>(await alex.get('/api/team'));
    expect(team.invitations.map((invitation) => invitation.email)).toEqual([PRIYA]);
  });
});

describe('accepting and roles', () => {
  it('refuses another Google account than the invited one, and changes nothing', async () => {
    const [pending] = (await json<{ invitations: Invitation[] }>(await alex.get('/api/team'))).invitations;
    const refused = await sam.post('/api/team/invitation/accept', { token: tokenOf(pending!) });
    expect(refused.status).toBe(403);
    expect(await error(refused)).toBe(wrongAccountMessage(PRIYA));
    expect(await db().select().from(teamMembers)).toHaveLength(0);
  });

  it('lets a viewer read the owner’s channels and tests, and refuses every write', async () => {
    const [pending] = (await json<{ invitations: Invitation[] }>(await alex.get('/api/team'))).invitations;
    const accepted = await priya.post('/api/team/invitation/accept', { token: tokenOf(pending!) });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({
      ownerName: 'Alex Rivera',
      ownerEmail: 'alex.rivera@example.com',
      role: 'viewer',
    });
    const reused = await priya.post('/api/team/invitation/accept', { token: tokenOf(pending!) });
    expect(reused.status).toBe(409);

    const me = await json<{ email: string; team: unknown }>(await priya.get('/api/auth/me'));
    expect(me.email).toBe(PRIYA);
    expect(me.team).toEqual({
      ownerName: 'Alex Rivera',
      ownerEmail: 'alex.rivera@example.com',
      role: 'viewer',
    });
    const channels = await json<ChannelList>(await priya.get('/api/channels'));
    expect(channels.channels.map((channel) => channel.title)).toEqual(['Rivera Builds']);
    const tests = await json<Array<{ id: string }>>(await priya.get('/api/tests'));
    expect(tests.map((test) => test.id)).toEqual([alexTestId]);
    expect((await priya.get(`/api/tests/${alexTestId}/analytics`)).status).toBe(200);

    const before = await db().select().from(titleTests);
    const create = await createTest(priya, 1);
    expect(create.status).toBe(403);
    expect(await error(create)).toBe(TEAM_MESSAGES.viewerReadOnly);
    const pause = await priya.post(`/api/tests/${alexTestId}/pause`);
    expect(pause.status).toBe(403);
    // tRPC answers the same: one declaration, one check.
    const trpc = await priya.post('/trpc/tests.action', { id: alexTestId, action: 'pause' });
    expect(trpc.status).toBe(403);
    expect((await priya.post(`/api/tests/${alexTestId}/share-link`)).status).toBe(403);
    const after = await db().select().from(titleTests);
    expect(after.map((test) => [test.id, test.status])).toEqual(before.map((test) => [test.id, test.status]));
    // Managing the team stays the owner's.
    expect((await priya.post('/api/team/invitations', { email: SAM, role: 'viewer' })).status).toBe(403);
  });

  it('lets an editor create and act on the owner’s tests, each action audited under the editor', async () => {
    const invitation = await invite(SAM, 'editor');
    expect((await sam.post('/api/team/invitation/accept', { token: tokenOf(invitation) })).status).toBe(200);
    // The editor's YouTube reads spend the owner's quota share, not a share of their own.
    const quotaShares = () =>
      db()
        .select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .where(like(rateLimits.key, 'youtube-reads:%:user:%'));
    const samId = (await json<{ id: string }>(await sam.get('/api/auth/me'))).id;
    const videos = await json<Array<{ id: string }>>(await sam.get('/api/videos/recent'));
    expect(videos.map((video) => video.id)).toContain(simulatedVideoId('sim-alex', 2));
    const shares = await quotaShares();
    expect(shares.some((share) => share.key.endsWith(`:user:${alexId}`))).toBe(true);
    expect(shares.some((share) => share.key.endsWith(`:user:${samId}`))).toBe(false);

    const created = await createTest(sam, 2);
    expect(created.status, await created.clone().text()).toBe(201);
    const testId = (await json<{ id: string }>(created)).id;
    const [row] = await db().select().from(titleTests).where(eq(titleTests.id, testId));
    expect(row!.userId).toBe(alexId);
    await runFor(testApp, 1);
    expect((await sam.post(`/api/tests/${testId}/pause`)).status).toBe(200);
    expect((await alex.post(`/api/tests/${testId}/cancel`)).status).toBe(200);
    await runDueWork(testApp);

    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, testId));
    expect(entries.map((entry) => [entry.action, entry.actorUserId]).sort()).toEqual(
      [
        ['test.create', samId],
        ['test.pause', samId],
        ['test.cancel', alexId],
      ].sort(),
    );
    // The admin console lists them with who did it.
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, alexId));
    const audit = await json<Array<{ action: string; targetId: string; actor: { email: string } | null }>>(
      await alex.get('/api/admin/audit'),
    );
    expect(
      audit.find((entry) => entry.targetId === testId && entry.action === 'test.pause')?.actor?.email,
    ).toBe(SAM);
    await db().update(users).set({ isAdmin: false }).where(eq(users.id, alexId));
    expect((await priya.get('/api/admin/audit')).status).toBe(403);
  });
});

describe('changing a role', () => {
  interface Member {
    id: string;
    email: string;
    role: string;
  }
  const memberOf = async (email: string) =>
    (await json<{ members: Member[] }>(await alex.get('/api/team'))).members.find(
      (member) => member.email === email,
    )!;
  const setRole = (client: HttpClient, id: string, role: string) =>
    client.request('PATCH', `/api/team/members/${id}`, { json: { role } });
  const roleChanges = () => db().select().from(auditLog).where(eq(auditLog.action, 'team.role'));

  it('makes a viewer an editor from their next request, audited under the owner, and back again', async () => {
    const member = await memberOf(PRIYA);
    expect(member.role).toBe('viewer');
    const priyaId = (await json<{ id: string }>(await priya.get('/api/auth/me'))).id;
    expect((await createTest(priya, 3)).status).toBe(403);

    const changed = await setRole(alex, member.id, 'editor');
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ id: member.id, email: PRIYA, role: 'editor' });
    expect((await json<{ team: unknown }>(await priya.get('/api/auth/me'))).team).toMatchObject({
      role: 'editor',
    });
    const created = await createTest(priya, 3);
    expect(created.status, await created.clone().text()).toBe(201);
    const testId = (await json<{ id: string }>(created)).id;
    expect((await priya.post(`/api/tests/${testId}/cancel`)).status).toBe(200);
    await runDueWork(testApp);
    const [cancelled] = await db().select().from(auditLog).where(eq(auditLog.targetId, testId));
    expect(cancelled).toBeDefined();

    expect(await roleChanges()).toEqual([
      expect.objectContaining({
        actorUserId: alexId,
        targetType: 'user',
        targetId: alexId,
        before: { memberId: priyaId, role: 'viewer' },
        after: { memberId: priyaId, role: 'editor' },
      }),
    ]);
    // The same role again: answered with the member as they are, nothing changed or recorded.
    const same = await setRole(alex, member.id, 'editor');
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ id: member.id, role: 'editor' });
    expect(await roleChanges()).toHaveLength(1);

    // Back to viewer: her very next write is refused again.
    expect((await setRole(alex, member.id, 'viewer')).status).toBe(200);
    const pause = await priya.post(`/api/tests/${alexTestId}/pause`);
    expect(pause.status).toBe(403);
    expect(await error(pause)).toBe(TEAM_MESSAGES.viewerReadOnly);
    expect(await roleChanges()).toHaveLength(2);
  });

  it('is the owner’s alone, and refuses an unknown member or role with a clear message', async () => {
    const member = await memberOf(PRIYA);
    const before = await db().select().from(teamMembers);
    // A member, even an editor, finds no member of their own to change.
    const byEditor = await setRole(sam, member.id, 'editor');
    expect(byEditor.status).toBe(404);
    expect(await error(byEditor)).toBe('Team member not found.');
    expect((await setRole(priya, member.id, 'editor')).status).toBe(404);
    const trpc = await sam.post('/trpc/team.changeMemberRole', { json: { id: member.id, role: 'editor' } });
    expect(trpc.status).toBe(404);

    const unknown = await setRole(alex, randomUUID(), 'editor');
    expect(unknown.status).toBe(404);
    expect(await error(unknown)).toBe('Team member not found.');
    const badId = await setRole(alex, 'not-a-member', 'editor');
    expect(badId.status).toBe(400);
    expect(await error(badId)).toMatch(/Unknown member id/);
    const badRole = await setRole(alex, member.id, 'owner');
    expect(badRole.status).toBe(400);
    expect(await error(badRole)).toMatch(/editor or viewer/);

    expect(await db().select().from(teamMembers)).toEqual(before);
  });
});

describe('leaving the team', () => {
  it('ends a removed member’s access at their very next request', async () => {
    const team = await json<{ members: Array<{ id: string; email: string; role: string }> }>(
      await alex.get('/api/team'),
    );
    expect(team.members.map((member) => [member.email, member.role])).toEqual([
      [PRIYA, 'viewer'],
      [SAM, 'editor'],
    ]);
    expect((await sam.get(`/api/tests/${alexTestId}/analytics`)).status).toBe(200);
    const samMember = team.members.find((member) => member.email === SAM)!;
    expect((await alex.request('DELETE', `/api/team/members/${samMember.id}`)).status).toBe(200);
    expect((await sam.get(`/api/tests/${alexTestId}/analytics`)).status).toBe(404);
    const own = await json<Array<{ id: string }>>(await sam.get('/api/tests'));
    expect(own.map((test) => test.id)).not.toContain(alexTestId);
    expect((await json<{ team: unknown }>(await sam.get('/api/auth/me'))).team).toBeNull();
    // Removing again: nothing to remove.
    expect((await alex.request('DELETE', `/api/team/members/${samMember.id}`)).status).toBe(404);
  });

  it('suspends the team while the owner’s plan has none, and brings it back with the plan', async () => {
    await setTier(alexId, 'pro');
    expect((await json<{ team: unknown }>(await priya.get('/api/auth/me'))).team).toBeNull();
    expect((await priya.get(`/api/tests/${alexTestId}/analytics`)).status).toBe(404);
    await setTier(alexId, 'authority');
    expect((await priya.get(`/api/tests/${alexTestId}/analytics`)).status).toBe(200);
  });

  it('refuses an expired invitation', async () => {
    const invitation = await invite(SAM, 'viewer');
    await db()
      .update(teamInvitations)
      .set({ expiresAt: new Date(testApp.clock.now().getTime() - 1000) })
      .where(eq(teamInvitations.id, invitation.id));
    const expired = await sam.post('/api/team/invitation/accept', { token: tokenOf(invitation) });
    expect(expired.status).toBe(404);
    expect(await error(expired)).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await json<{ team: unknown }>(await sam.get('/api/auth/me'))).team).toBeNull();
  });

  it('lets a member leave on their own', async () => {
    expect((await priya.post('/api/team/leave')).status).toBe(200);
    expect((await priya.get(`/api/tests/${alexTestId}/analytics`)).status).toBe(404);
    expect((await json<{ members: unknown[] }>(await alex.get('/api/team'))).members).toEqual([]);
  });
});
