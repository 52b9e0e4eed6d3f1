import { describe, expect, it } from 'vitest';
import { classifyGoogleError, describeFailure, refusesCustomThumbnails } from './classify';

const httpError = (status: number, data: unknown) => ({
  config: { url: 'https://example' },
  response: { status, data },
});
const googleBody = (code: number, reason: string) => ({
  error: { code, message: `m-${reason}`, errors: [{ reason, domain: 'youtube.quota' }] },
});

describe('reading a failed Google call', () => {
  it('recognises exhausted quota: 403 quotaExceeded and 429 rateLimitExceeded', () => {
    expect(classifyGoogleError(httpError(403, googleBody(403, 'quotaExceeded')))).toEqual({
      type: 'quota',
      reason: 'quotaExceeded',
    });
    expect(classifyGoogleError(httpError(429, googleBody(429, 'rateLimitExceeded')))).toEqual({
      type: 'quota',
      reason: 'rateLimitExceeded',
    });
  });

  it('tells a dead grant from a refused access token and from a missing permission', () => {
    expect(
      classifyGoogleError(
        httpError(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }),
      ),
    ).toEqual({
      type: 'invalid-grant',
    });
    expect(classifyGoogleError(httpError(401, googleBody(401, 'authError')))).toEqual({
      type: 'unauthenticated',
    });
    expect(classifyGoogleError(httpError(403, googleBody(403, 'forbidden')))).toMatchObject({
      type: 'forbidden',
      reason: 'forbidden',
    });
  });

  it("tells thumbnails.set's 403 for a channel without custom thumbnails from one for a video it may not change", () => {
    const forbidden = (message: string) =>
      classifyGoogleError(
        httpError(403, { error: { code: 403, message, errors: [{ reason: 'forbidden', message }] } }),
      );
    expect(
      refusesCustomThumbnails(
        forbidden(
          "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
        ),
      ),
    ).toBe(true);
    expect(
      refusesCustomThumbnails(
        forbidden(
          "The thumbnail can't be set for the specified video. The request might not be properly authorized.",
        ),
      ),
    ).toBe(false);
  });

  it('reads the reason of refused metadata, not-found and conflicts', () => {
    expect(classifyGoogleError(httpError(400, googleBody(400, 'invalidTitle')))).toEqual({
      type: 'invalid',
      reason: 'invalidTitle',
      message: 'm-invalidTitle',
    });
    expect(classifyGoogleError(httpError(404, googleBody(404, 'videoNotFound')))).toEqual({
      type: 'not-found',
      reason: 'videoNotFound',
    });
    expect(classifyGoogleError(httpError(409, { error: { code: 409, status: 'ALREADY_EXISTS' } }))).toEqual({
      type: 'conflict',
      reason: 'ALREADY_EXISTS',
    });
  });

  it('calls 5xx, 408 and no answer at all transient', () => {
    expect(classifyGoogleError(httpError(503, googleBody(503, 'backendError')))).toEqual({
      type: 'transient',
      detail: 'HTTP 503',
    });
    expect(classifyGoogleError(httpError(408, ''))).toEqual({ type: 'transient', detail: 'HTTP 408' });
    expect(classifyGoogleError({ config: {}, code: 'ECONNRESET' })).toEqual({
      type: 'transient',
      detail: 'ECONNRESET',
    });
  });

  it('leaves errors that did not come from HTTP alone (bugs are not retried)', () => {
    expect(classifyGoogleError(new TypeError('x is undefined'))).toEqual({ type: 'unknown' });
  });

  it('describes a failure without anything from the request', () => {
    const described = describeFailure('videos.list', {
      type: 'invalid',
      reason: 'invalidTitle',
      message: 'bad',
    });
    expect(described.message).toBe('videos.list failed: invalid (reason=invalidTitle message=bad)');
  });
});
