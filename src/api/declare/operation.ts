import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../../db/schema/users';
import type { TeamRole } from '../../../db/schema/team';
import type { ServiceContext } from '../../context/service-context';
import type { Download } from '../../http/download';
import type { ServedFile } from '../../http/served-file';
import type { RateLimit } from './rate-limits';
import type { StoredJson } from '../../http/stored-json';

/**
 * Who may call an operation: anyone, a signed-in user, an admin, or the founder. Checked once,
 * for both transports, by src/api/access.ts. Whether the caller owns what they ask for is the
 * service's rule (it answers 404 for another user's test).
 */
export type Access = 'public' | 'user' | 'admin' | 'founder';

/**
 * Whether a team member may call an operation in the owner's workspace, and with which role:
 * 'view' for reads (viewers and editors), 'edit' for changes to tests (editors only). Without it a
 * member calls the operation as themselves (their notifications, their own account). Checked once
 * by src/api/access.ts.
 */
export type TeamAccess = 'view' | 'edit';

/** The team the signed-in person works in: the owner whose channels, tests and plan they work with. */
export interface Membership {
  owner: UserRow;
  role: TeamRole;
  since: Date;
}

/** A request's signed-in person, read with their session (src/api/request-auth.ts). */
export interface RequestAuth {
  user: UserRow;
  token: string;
  via: 'cookie' | 'bearer';
  /** The team the signed-in person works in (src/api/caller.ts acts on it). */
  membership: Membership | null;
}

/**
 * Who calls. `user` is the account the operation works on: the signed-in person, or, for a team
 * member calling an operation with `team` access, the team's owner (their channels, tests and
 * plan). `actor` is always the signed-in person (the audit log records them); `role` says how
 * they act in `user`'s account.
 */
export interface Caller extends RequestAuth {
  actor: UserRow;
  role: 'owner' | TeamRole;
}

/** The caller an operation's handler sees: present whenever the operation is not public. */
export type CallerFor<A extends Access> = A extends 'public' ? Caller | null : Caller;

/** Where an operation answers over REST (it also appears in the OpenAPI document). */
export interface RestPath {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path; a `:name` segment is the input field of that name. */
  path: string;
  summary: string;
  /** The status of a success (default 200). */
  successStatus?: number;
  /**
   * A GET that clients poll: the answer carries a strong ETag of its body, and a request whose
   * If-None-Match names it gets 304 with no body.
   */
  conditional?: boolean;
  /** The content types of a success that is a file served as it is (src/http/served-file.ts), not JSON. */
  fileResponse?: readonly string[];
}

/**
 * An input that carries a file (an upload): over tRPC and JSON as base64 in `field`; over REST as
 * the raw request body, whatever its declared type (the content decides what it is), with the
 * other fields in the query string. The transports hold its size to `maxBytes`.
 */
export interface FileInput {
  /**
   * The input field with the file: base64 over tRPC and JSON; the REST transport fills it with
   * the raw body's bytes (a Buffer), so its schema takes either.
   */
  field: string;
  /** The types the OpenAPI document names for the raw body. */
  contentTypes: readonly string[];
  /** The largest file: a larger REST body (or tRPC request) is answered 413 with `tooLargeMessage`. */
  maxBytes: number;
  tooLargeMessage: string;
  /**
   * Said (429) to a caller who sends another file while one of theirs is still coming in or being
   * read: the REST transport takes in one file per caller at a time and refuses the next before a
   * byte of it is read, so one account cannot make the server hold many large bodies at once.
   */
  inFlightMessage: string;
}

/**
 * What a handler receives: the context, the caller, the validated input, and the HTTP exchange.
 * `Ctx` is the context its feature's services need (declareOn): the transports pass the one the
 * entry points assemble (src/app-context.ts), which holds every feature's.
 */
export interface OperationCall<I, A extends Access, Ctx extends ServiceContext = ServiceContext> {
  ctx: Ctx;
  caller: CallerFor<A>;
  input: I;
  /** For what only the transport has: the session cookie to set or clear, the user agent. */
  http: { request: FastifyRequest; reply: FastifyReply };
}

type InputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * A result already in its wire form: prepared JSON (a polled read, sent as it is over REST and
 * parsed for tRPC) or, for REST-only operations, a file download or a file served as it is.
 */
export type Prepared = StoredJson | Download | ServedFile;

/**
 * One operation of the API, declared once: who may call it, its input and output schemas, its
 * REST path(s), its rate limit and its handler (one call into a service). The REST routes, the
 * OpenAPI document and the tRPC procedure `<feature>.<name>` are all generated from it
 * (src/api/rest-transport.ts, src/api/trpc/app-router.ts).
 */
export interface Operation<
  S extends z.ZodType | undefined = z.ZodType | undefined,
  O extends z.ZodType = z.ZodType,
  A extends Access = Access,
  K extends 'query' | 'mutation' = 'query' | 'mutation',
  T extends boolean = boolean,
  Ctx extends ServiceContext = ServiceContext,
> {
  /** tRPC: a query (read) or a mutation (write). */
  kind: K;
  access: A;
  /** Whether team members reach the owner's workspace through it (absent: they act as themselves). */
  team?: TeamAccess;
  /** The input: for REST, the path's `:name` segments plus the query string (GET) or body (POST). */
  input?: S;
  output: O;
  /** REST paths; none for a tRPC-only operation. */
  rest?: RestPath | readonly RestPath[];
  /** false for a REST-only operation (a download, a shape only external tools use). */
  trpc: T;
  /** Counted per caller before anything else (src/api/declare/rate-limits.ts). */
  limit?: RateLimit;
  /**
   * Runs for up to minutes (a fast-forward): the transports give its request slot back and run it
   * one per account at a time, within a process-wide bound of its own (src/api/long-work.ts).
   */
  long?: true;
  /** Set when the input carries a file (an upload). */
  file?: FileInput;
  handler(call: OperationCall<InputOf<S>, A, Ctx>): Promise<z.output<O> | Prepared> | z.output<O>;
}

/**
 * Any operation, as the transports handle it: they validate its input and output with its own
 * schemas at run time, so its types need not be known. (A handler is a method, so an operation
 * with a narrower input and caller still fits.)
 */
export interface AnyOperation {
  kind: 'query' | 'mutation';
  access: Access;
  team?: TeamAccess;
  input?: z.ZodType;
  output: z.ZodType;
  rest?: RestPath | readonly RestPath[];
  trpc: boolean;
  limit?: RateLimit;
  /**
   * Runs for up to minutes (a fast-forward): the transports give its request slot back and run it
   * one per account at a time, within a process-wide bound of its own (src/api/long-work.ts).
   */
  long?: true;
  file?: FileInput;
  /** Returns the output, or a promise of it. */
  handler(call: OperationCall<unknown, Access>): unknown;
}

type Declaration<
  S extends z.ZodType | undefined,
  O extends z.ZodType,
  A extends Access,
  Ctx extends ServiceContext,
> = Omit<Operation<S, O, A, 'query' | 'mutation', boolean, Ctx>, 'kind' | 'trpc'>;

/**
 * The declaring functions of a feature whose handlers need the context `Ctx`, one that extends the
 * service context (the title-test engine's, billing's): `const { query, mutation } =
 * declareOn<EngineContext>()`; src/app-context.ts builds the one context every handler receives. A
 * feature that needs nothing more uses the plain ones below.
 */
export function declareOn<Ctx extends ServiceContext>() {
  return {
    /** A read, over REST (if given a path) and tRPC. */
    query: <A extends Access, O extends z.ZodType, S extends z.ZodType | undefined = undefined>(
      declaration: Declaration<S, O, A, Ctx>,
    ): Operation<S, O, A, 'query', true, Ctx> => ({ ...declaration, kind: 'query', trpc: true }),
    /** A write, over REST (if given a path) and tRPC. */
    mutation: <A extends Access, O extends z.ZodType, S extends z.ZodType | undefined = undefined>(
      declaration: Declaration<S, O, A, Ctx>,
    ): Operation<S, O, A, 'mutation', true, Ctx> => ({ ...declaration, kind: 'mutation', trpc: true }),
    /** An operation only REST offers. */
    restOnly: <A extends Access, O extends z.ZodType, S extends z.ZodType | undefined = undefined>(
      declaration: Declaration<S, O, A, Ctx> & { rest: RestPath | readonly RestPath[] },
    ): Operation<S, O, A, 'query', false, Ctx> => ({ ...declaration, kind: 'query', trpc: false }),
  };
}

/** The declaring functions of a feature whose services take the service context alone. */
export const { query, mutation, restOnly } = declareOn<ServiceContext>();
