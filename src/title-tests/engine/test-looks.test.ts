import { describe, expect, it } from 'vitest';
import { earlier, lookDue } from './test-looks';
import { at, titleTestRecord } from './engine-fixtures';

// When the daily look reads a running test, and how its early stop is told (test-looks.ts). The
// look's verdict and what it ends are covered by test/integration/title-test-looks.test.ts.

const DAY = 24 * 60;

describe('whether a look is due', () => {
  it('an active test whose next look has come', () => {
    expect(lookDue(titleTestRecord({ nextLookAt: at(DAY) }), at(DAY))).toBe(true);
    expect(lookDue(titleTestRecord({ nextLookAt: at(DAY) }), at(DAY + 5))).toBe(true);
  });

  it('not before its time, nor without one', () => {
    expect(lookDue(titleTestRecord({ nextLookAt: at(DAY) }), at(DAY - 1))).toBe(false);
    expect(lookDue(titleTestRecord({ nextLookAt: null }), at(DAY))).toBe(false);
  });

  it('never for a test that is not active', () => {
    for (const status of ['scheduled', 'paused', 'queued', 'completed', 'cancelled'] as const)
      expect(lookDue(titleTestRecord({ status, nextLookAt: at(DAY) }), at(DAY))).toBe(false);
  });
});

describe('how early a look ended the test', () => {
  const end = at(14 * DAY);

  it('in whole days before the planned end', () => {
    expect(earlier(end, at(6 * DAY))).toBe('8 days before its planned end');
    expect(earlier(end, at(13 * DAY))).toBe('1 day before its planned end');
  });

  it('on the last day, or after it', () => {
    expect(earlier(end, at(14 * DAY - 60))).toBe('on its last day');
    expect(earlier(end, at(14 * DAY + 60))).toBe('on its last day');
  });
});
