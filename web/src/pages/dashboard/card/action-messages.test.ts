import { describe, expect, it } from 'vitest';
import { cancelMessage } from './action-messages';

describe('cancelMessage', () => {
  const originalTitle = 'My Telescope Setup';

  it('keeps a title test’s words as they were', () => {
    expect(cancelMessage({ kind: 'titles', originalTitle })).toBe(
      'The rotation stops and the original title “My Telescope Setup” goes back on YouTube. The figures so far are kept.',
    );
  });

  it('speaks of the thumbnail, not the title, for a thumbnail test', () => {
    expect(cancelMessage({ kind: 'thumbnails', originalTitle })).toBe(
      'The rotation stops and the original thumbnail goes back on YouTube. The figures so far are kept.',
    );
  });

  it('puts a package’s title and thumbnail back together', () => {
    expect(cancelMessage({ kind: 'packages', originalTitle })).toBe(
      'The rotation stops and the original title “My Telescope Setup” and thumbnail go back on YouTube. The figures so far are kept.',
    );
  });
});
