import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** What an external client sends for a bodiless POST: the JSON content type and no body at all. */
function postWithoutBody(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${testApp.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('a POST with the JSON content type and no body answers like a body of {}', () => {
  it('demo sign-in, an action on a test and logout', async () => {
    const login = await postWithoutBody('/api/auth/demo-login');
    expect(login.status).toBe(200);
    const { sessionToken, user } = (await login.json()) as {
      sessionToken: string;
      user: { email: string };
    };
    expect(user.email).toBe('demo@titlewise.app');
    const bearer = { authorization: `Bearer ${sessionToken}` };

    const api = new HttpClient(testApp.url, bearer);
    const created = await api.post('/api/tests', {
      videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 1),
      titles: ['Bodiless A', 'Bodiless B'],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const paused = await postWithoutBody(`/api/tests/${id}/pause`, bearer);
    expect(paused.status).toBe(200);
    expect(((await (await api.get('/api/tests')).json()) as Array<{ status: string }>)[0]!.status).toBe(
      'paused',
    );

    const logout = await postWithoutBody('/api/auth/logout', bearer);
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ success: true });
    expect((await api.get('/api/auth/me')).status).toBe(401);
  });

  it('logout without a session answers as with {}', async () => {
    const empty = await postWithoutBody('/api/auth/logout');
    const withBody = await new HttpClient(testApp.url).post('/api/auth/logout', {});
    expect(empty.status).toBe(withBody.status);
    expect(await empty.json()).toEqual(await withBody.json());
  });

  it('still refuses malformed JSON, and tRPC still reads its JSON bodies', async () => {
    const malformed = await fetch(`${testApp.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"oops"',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toBeTruthy();

    const trpc = await postWithoutBody('/trpc/auth.demoLogin');
    expect(trpc.status).toBe(200);
    const answer = (await trpc.json()) as { result: { data: { json: { user: { email: string } } } } };
    expect(answer.result.data.json.user.email).toBe('demo@titlewise.app');
  });
});
