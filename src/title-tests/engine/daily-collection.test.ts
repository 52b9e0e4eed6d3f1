import { describe, expect, it } from 'vitest';
import { collectsDaily, dailyCollectionCutoff } from './daily-collection';
import { at } from './engine-fixtures';

// Which tests the daily collection reads YouTube's figures for (daily-collection.ts).

const DAY = 24 * 60;
const now = at(30 * DAY);
const cutoff = dailyCollectionCutoff(now);

describe('the tests the daily collection reads', () => {
  it('a test still running', () => {
    expect(collectsDaily({ endedAt: null, dueAt: null }, cutoff)).toBe(true);
  });

  it('a test ended within the last 3 days, whose last days YouTube reports late', () => {
    expect(collectsDaily({ endedAt: at(27 * DAY + 1), dueAt: null }, cutoff)).toBe(true);
  });

  it('not a test ended longer ago', () => {
    expect(cutoff).toEqual(at(27 * DAY));
    expect(collectsDaily({ endedAt: at(27 * DAY - 1), dueAt: null }, cutoff)).toBe(false);
  });

  it('but one whose verdict still waits for its final figures, however long ago it ended', () => {
    expect(collectsDaily({ endedAt: at(10 * DAY), dueAt: at(31 * DAY) }, cutoff)).toBe(true);
  });
});
