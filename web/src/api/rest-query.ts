import type { QueryFunction } from '@tanstack/react-query';

/**
 * The default query (docs/product.md#client-behaviour): a GET to the path in the key's first
 * element, cookies included, JSON back; a non-ok answer throws
 * "{status}: {body text or status text}".
 */
export const restQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const path = queryKey[0];
  if (typeof path !== 'string') throw new Error('A default query key starts with its path.');
  const response = await fetch(path, { credentials: 'include', signal });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new Error(`${response.status}: ${text}`);
  }
  return (await response.json()) as unknown;
};
