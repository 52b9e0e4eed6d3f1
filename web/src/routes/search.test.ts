import { describe, expect, it } from 'vitest';
import { testPath } from '#shared/test-link';
import { validateDashboardSearch } from './search';

describe('a link to one test', () => {
  it('is the dashboard with the test named, which the dashboard route reads back', () => {
    const id = '0b6a3f8e-7d2c-4a51-9c1e-2f4d5b6a7c8d';
    expect(testPath(id)).toBe(`/dashboard?test=${id}`);
    const search = Object.fromEntries(new URL(testPath(id), 'http://titlewise.test').searchParams);
    expect(validateDashboardSearch(search)).toEqual({ test: id });
    expect(validateDashboardSearch({})).toEqual({});
  });
});
