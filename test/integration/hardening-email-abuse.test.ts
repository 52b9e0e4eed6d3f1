import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { teamSeatLimits } from '../../src/shared/plans';
import { INVITATION_EMAILS_PER_ADDRESS_PER_DAY } from '../../src/shared/team';
import { googleBrowser } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { deliverEmails } from '../helpers/notification-mail';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 25, item 1: the one operation that e-mails an address someone else typed is the team
// invitation (notification e-mails go only to the account's own address, about its own tests). Its
// e-mails are rationed per sender and per recipient: past either, the invitation still stands and
// its link is returned unsent, so nobody's inbox fills up and nobody can block an owner's invite.

let testApp: TestApp;
let alex: HttpClient;
let priya: HttpClient;
const DAY_MS = 86_400_000;
const SEATS = teamSeatLimits.authority;

interface Created {
  id: string;
  url: string;
  emailed: boolean;
}

async function invite(owner: HttpClient, email: string): Promise<Created> {
  const response = await owner.post('/api/team/invitations', { email, role: 'viewer' });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Created;
}

beforeAll(async () => {
  testApp = await startTestApp();
  [alex, priya] = await Promise.all([
    googleBrowser(testApp, 'sim-alex'),
    googleBrowser(testApp, 'sim-priya'),
  ]);
  await testApp.built.app.db.update(users).set({ subscriptionTier: 'authority' });
  expect(testApp.built.app.config.mail.url).not.toBeNull();
});
afterAll(async () => {
  await testApp.close();
});

const nextDay = () => testApp.clock.advance(DAY_MS + 1000);

describe('invitation e-mails', () => {
  it(`reach one address at most ${INVITATION_EMAILS_PER_ADDRESS_PER_DAY} times a day, however often it is re-invited`, async () => {
    nextDay();
    const created: Created[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) created.push(await invite(alex, 'target@example.com'));
    expect(created.map((invitation) => invitation.emailed)).toEqual(
      created.map((_, index) => index < INVITATION_EMAILS_PER_ADDRESS_PER_DAY),
    );
    expect(await deliverEmails(testApp)).toBe(INVITATION_EMAILS_PER_ADDRESS_PER_DAY);
    // The last invitation still works: its link is the owner's to pass on.
    const preview = await fetch(
      `${testApp.url}/api/team/invitation?${new URL(created.at(-1)!.url).search.slice(1)}`,
    );
    expect(preview.status).toBe(200);
  });

  it('reach one address at most that often from all owners together', async () => {
    nextDay();
    const fromAlex = await invite(alex, 'shared-target@example.com');
    const fromPriya = await invite(priya, 'shared-target@example.com');
    const again = await invite(priya, 'shared-target@example.com');
    expect([fromAlex.emailed, fromPriya.emailed, again.emailed]).toEqual([true, true, false]);
    expect(await deliverEmails(testApp)).toBe(2);
  });

  it(`leave one owner at most one a seat (${SEATS}) a day, invite-then-withdraw included`, async () => {
    nextDay();
    const emailed: boolean[] = [];
    for (let index = 0; index < 8; index += 1) {
      const invitation = await invite(alex, `passer-by-${index}@example.com`);
      emailed.push(invitation.emailed);
      expect((await alex.request('DELETE', `/api/team/invitations/${invitation.id}`)).status).toBe(200);
    }
    expect(emailed).toEqual(emailed.map((_, index) => index < SEATS));
    // Withdrawn before the worker ran, so none goes out; what counts is what was offered to send.
    await deliverEmails(testApp);
    nextDay();
    expect((await invite(alex, 'next-day@example.com')).emailed).toBe(true);
  });
});
