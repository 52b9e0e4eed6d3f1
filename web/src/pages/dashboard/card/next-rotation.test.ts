import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../../lib/expected-time';
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

  it('before the first switch, counts to its exact time, as the lead-in line beside it does', () => {
    // 44 minutes 12 seconds ahead: the server's whole minutes round up to 45, the lead-in says 44.
    const at = new Date(Date.parse(clockAt) + 44.2 * 60_000).toISOString();
    const analytics = { clockAt, nextRotationIn: 45, expected: { firstRotation: { at, reason: 'aligned' } } };
    expect(nextRotationText({ status: 'active' }, analytics, new Date(clockAt))).toBe(
      formatRelative(new Date(at), new Date(clockAt)),
    );
    expect(nextRotationText({ status: 'active' }, analytics, new Date(clockAt))).toBe('in 44 minutes');
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
