import { describe, expect, it } from 'vitest';
import { nextRotationText } from './next-rotation';

const clockAt = '2026-11-26T10:00:00.000Z';

describe('nextRotationText', () => {
  it('words the next switch as "Rotation starts …" does, from the server clock moved on to now', () => {
    const analytics = { clockAt, nextRotationIn: 21 * 60 };
    expect(nextRotationText({ status: 'active' }, analytics, new Date(clockAt))).toBe('in 21 hours');
    // Ten minutes after the server read its clock.
    const later = new Date(Date.parse(clockAt) + 10 * 60_000);
    expect(nextRotationText({ status: 'active' }, { clockAt, nextRotationIn: 32 }, later)).toBe(
      'in 22 minutes',
    );
  });

  it('says nothing is next for a stopped test, or when no window is left', () => {
    expect(nextRotationText({ status: 'paused' }, { clockAt, nextRotationIn: 5 }, new Date(clockAt))).toBe(
      '—',
    );
    expect(nextRotationText({ status: 'active' }, { clockAt, nextRotationIn: null }, new Date(clockAt))).toBe(
      '—',
    );
    expect(nextRotationText({ status: 'active' }, undefined, new Date(clockAt))).toBe('Calculating...');
  });
});
