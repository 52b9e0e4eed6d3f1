import { createHash } from 'node:crypto';

/** A strong validator for exactly these bytes. */
export function bodyEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * A response body already in JSON, built from figures that were validated against the route's
 * schema when they were stored (src/title-tests/figures/stored-figures.ts): sent as it is, without parsing
 * and serialising the same data again on every poll. Its ETag and its bytes are computed once,
 * so a cached answer (src/db/read-cache.ts) is tagged and encoded once however often it is sent.
 */
export class StoredJson {
  #etag: string | null = null;
  #bytes: Buffer | null = null;

  constructor(readonly text: string) {}

  get etag(): string {
    this.#etag ??= bodyEtag(this.text);
    return this.#etag;
  }

  /** The body encoded as UTF-8, once: a cached answer is not encoded again for every send. */
  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.text, 'utf8');
    return this.#bytes;
  }

  parse<T>(): T {
    return JSON.parse(this.text) as T;
  }
}
