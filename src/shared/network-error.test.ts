import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { isNetworkError, NETWORK_ERROR_MESSAGE, NetworkError } from './network-error';

describe('isNetworkError', () => {
  it('knows a failed fetch, a timeout and a wrapped NetworkError', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isNetworkError(new DOMException('signal timed out', 'TimeoutError'))).toBe(true);
    expect(isNetworkError(TRPCClientError.from(new NetworkError()))).toBe(true);
    expect(new NetworkError().message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('leaves the server’s own refusals alone', () => {
    expect(isNetworkError(new Error('Cannot cancel a test that is completed'))).toBe(false);
    expect(isNetworkError(new TypeError('x is not a function'))).toBe(false);
    expect(isNetworkError('Failed to fetch')).toBe(false);
  });
});
