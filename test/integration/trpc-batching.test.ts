import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoCreator } from '../helpers/creators';
import { startTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

it('answers a long tRPC batch (a dashboard with many test cards) instead of 404', async () => {
  const creator = await demoCreator(testApp);
  // What the web client's httpBatchLink sends when the list, the stats and eight cards refetch together.
  const procedures = [
    'tests.list',
    'tests.dashboardStats',
    ...Array.from({ length: 8 }, () => 'videos.recent'),
  ];
  const input = Object.fromEntries(procedures.map((_, index) => [index, { json: null }]));
  const response = await creator.get(
    `/trpc/${procedures.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
  );
  expect(procedures.join(',').length).toBeGreaterThan(100);
  expect(response.status).toBe(200);
  const results = (await response.json()) as { result?: unknown; error?: unknown }[];
  expect(results).toHaveLength(procedures.length);
  expect(results.every((entry) => entry.result !== undefined)).toBe(true);
});
