import { describe, expect, it } from 'vitest';
import { initialFormState, planInput, scheduleInput, toCreateInput, withStart } from './create-test-form';

const now = new Date(2026, 10, 26, 9, 30);

describe('a test starting now', () => {
  it('sends only its length: the server starts it by its own clock, not the browser’s', () => {
    const form = initialFormState(now);
    expect(form.startNow).toBe(true);
    expect(scheduleInput(form)).toEqual({ durationDays: 14 });
    const input = toCreateInput({ ...form, videoId: 'v1', titles: ['A', 'B', '', '', ''] });
    expect(input).not.toHaveProperty('startDate');
    expect(input).not.toHaveProperty('endDate');
    expect(input).toMatchObject({ durationDays: 14 });
    expect(planInput({ ...form, titles: ['A', 'B', '', '', ''] })).not.toHaveProperty('startDate');
  });

  it('sends both dates once the creator chooses a start', () => {
    const form = withStart(initialFormState(now), '2026-11-28T08:00');
    expect(form.startNow).toBe(false);
    expect(scheduleInput(form)).toEqual({
      startDate: new Date('2026-11-28T08:00').toISOString(),
      endDate: new Date('2026-12-12T08:00').toISOString(),
    });
  });
});
