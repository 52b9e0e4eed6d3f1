import type { z } from 'zod';
import type { Access } from './operation';

// What a feature's plain route (a browser or Stripe path that is not an operation: the OAuth
// callback, the Stripe webhook, an unsubscribe link) declares for the OpenAPI document. A feature
// sees only this; src/api/openapi.ts builds the document from it.

export interface OpenApiOperation {
  method: 'get' | 'post' | 'delete' | 'put' | 'patch';
  path: string;
  summary: string;
  tags: string[];
  auth: Access;
  params?: z.ZodType | undefined;
  query?: z.ZodType | undefined;
  body?: z.ZodType | undefined;
  response?: z.ZodType | undefined;
  successStatus?: number | undefined;
  /** Answers with an ETag and 304 Not Modified when If-None-Match names it (src/api/rest-transport.ts). */
  conditional?: boolean | undefined;
  /** For redirects and other non-JSON answers. */
  responseDescription?: string | undefined;
  /** The body is a file's raw bytes (an upload), of these types, at most maxBytes. */
  rawBody?: { contentTypes: readonly string[]; maxBytes: number } | undefined;
  /** The success is bytes of these types (an image), not JSON. */
  binaryResponse?: readonly string[] | undefined;
}

/** Where a feature's plain routes are declared (src/api/openapi.ts's OpenApiRegistry). */
export interface PlainRouteRegistry {
  add(operation: OpenApiOperation): void;
}
