import { describe, expect, it } from 'vitest';
import { extendStateProblem, extensionBounds, extensionEndProblem, extendedEnd } from './test-extension';

const DAY = 86_400_000;
const start = new Date('2026-03-01T10:00:00Z');
const test = { startDate: start, endDate: new Date(start.getTime() + 14 * DAY), rotationIntervalMinutes: 60 };
const now = new Date(start.getTime() + 5 * DAY);

describe('extending a test', () => {
  it('is open to an active or paused test and one waiting for its final figures', () => {
    expect(extendStateProblem({ status: 'active', awaitingFinalFigures: false })).toBeNull();
    expect(extendStateProblem({ status: 'paused', awaitingFinalFigures: false })).toBeNull();
    expect(extendStateProblem({ status: 'completed', awaitingFinalFigures: true })).toBeNull();
    expect(extendStateProblem({ status: 'completed', awaitingFinalFigures: false })).toMatch(/running test/);
    expect(extendStateProblem({ status: 'cancelled', awaitingFinalFigures: false })).toMatch(/running test/);
    expect(extendStateProblem({ status: 'queued', awaitingFinalFigures: false })).toMatch(/not started/);
    expect(extendStateProblem({ status: 'scheduled', awaitingFinalFigures: false })).toMatch(/not started/);
  });

  it('takes a new end after the current one, a rotation or more later, within 60 days of the start', () => {
    expect(extensionEndProblem(test, new Date(test.endDate.getTime() + 3 * DAY), now)).toBeNull();
    expect(extensionEndProblem(test, test.endDate, now)).toMatch(/later than the test’s current end/);
    expect(extensionEndProblem(test, new Date(test.endDate.getTime() - DAY), now)).toMatch(/later than/);
    expect(extensionEndProblem(test, new Date(test.endDate.getTime() + 30 * 60_000), now)).toMatch(
      /at least one more rotation \(titles switch every hour\).*after the current end/,
    );
    expect(extensionEndProblem(test, new Date(start.getTime() + 60 * DAY), now)).toBeNull();
    expect(extensionEndProblem(test, new Date(start.getTime() + 60 * DAY + 1), now)).toMatch(
      /at most 60 days/,
    );
    expect(extensionEndProblem(test, new Date(Number.NaN), now)).toMatch(/Choose a new end/);
  });

  it('counts from now for a test whose end has passed (waiting for its final figures)', () => {
    const ended = { ...test, rotationIntervalMinutes: 1440 };
    const later = new Date(test.endDate.getTime() + 2 * DAY);
    expect(extensionBounds(ended, later).earliest).toEqual(new Date(later.getTime() + DAY));
    expect(extensionEndProblem(ended, new Date(later.getTime() + DAY / 2), later)).toMatch(/from now/);
    expect(extendedEnd(ended, 3, later)).toEqual(new Date(later.getTime() + 3 * DAY));
  });

  it('says so when a test is too close to the maximum to be extended at all', () => {
    const long = { ...test, endDate: new Date(start.getTime() + 60 * DAY - 10 * 60_000) };
    expect(extensionEndProblem(long, new Date(start.getTime() + 60 * DAY), now)).toMatch(
      /cannot be extended/,
    );
  });
});
