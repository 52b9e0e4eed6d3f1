import { describe, expect, it } from 'vitest';
import { PermissionDeniedError } from './errors';

describe('a 403 YouTube answers', () => {
  it('is a lost authorization when the grant lacks a scope: every call on the channel would fail', () => {
    const error = new PermissionDeniedError('insufficientPermissions');
    expect(error.kind).toBe('authorization');
    expect(error.message).toMatch(/Sign in again and allow every requested permission/);
  });

  it('refuses only the request when the video cannot be changed by this caller: the grant lives', () => {
    const error = new PermissionDeniedError('forbidden');
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/refused to change this video/);
  });
});
