import { createHash } from 'node:crypto';

/** A strong validator for exactly these bytes. */
export function bodyEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * A response body already in JSON, built from figures that were validated against the route's
 * schema when they were stored (src/title-tests/test-figures.ts): sent as it is, without parsing
 * and serialising the same data again on every poll. Its ETag is computed once, so a cached
 * answer (src/db/read-cache.ts) is tagged once however often it is sent.
 */
export class StoredJson {
  #etag: string | null = null;

  constructor(readonly text: string) {}

  get etag(): string {
    this.#etag ??= bodyEtag(this.text);
    return this.#etag;
  }

  parse<T>(): T {
    return JSON.parse(this.text) as T;
  }
}
