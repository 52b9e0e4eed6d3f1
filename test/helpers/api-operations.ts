import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { projectRoot } from '../../src/platform/project-root';
import { appRouter } from '../../src/api/trpc/app-router';
import type { TestApp } from './test-app';

/**
 * Every operation the server offers, read from what it publishes (the OpenAPI document) and from
 * the tRPC router itself, so suites that must cover "every operation" notice a new one.
 */
export interface ApiOperation {
  /** "GET /api/tests/{id}/analytics" or "trpc tests.analytics". */
  key: string;
  transport: 'rest' | 'trpc';
  /** HTTP method (tRPC: GET for queries, POST for mutations). */
  method: string;
  /** REST: the OpenAPI path template; tRPC: the procedure path. */
  path: string;
  /** REST `{name}` segments of the path. */
  pathParams: string[];
  /** REST query parameters the document names. */
  queryParams: string[];
  /** Property names of the JSON body (REST) or the input (tRPC); null when it takes none. */
  inputProperties: string[] | null;
  /** REST: the document says it needs a session (bearer or cookie). */
  secured: boolean;
  /** REST: answers an HTML page or a redirect (a browser navigation), not JSON. */
  html: boolean;
  /** The status of a success, as documented (tRPC: 200). */
  successStatus: number;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown[];
        parameters: Array<{ name: string; in: string }>;
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
        responses: Record<string, { description?: string }>;
      }
    >
  >;
}

function schemaProperties(schema: unknown): string[] | null {
  if (!schema) return null;
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

export async function restOperations(baseUrl: string): Promise<ApiOperation[]> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        transport: 'rest',
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        queryParams: operation.parameters.filter((entry) => entry.in === 'query').map((entry) => entry.name),
        inputProperties: body ? Object.keys(body.properties ?? {}) : null,
        secured: operation.security.length > 0,
        html: Object.values(operation.responses).some((entry) => /HTML/.test(entry.description ?? '')),
        successStatus: Number(
          Object.keys(operation.responses).find((code) => /^[23]\d\d$/.test(code)) ?? 200,
        ),
      });
    }
  }
  return operations;
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
}

export function trpcOperations(): ApiOperation[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const input = procedure._def.inputs[0];
    return {
      key: `trpc ${path}`,
      transport: 'trpc',
      method: procedure._def.type === 'query' ? 'GET' : 'POST',
      path,
      pathParams: [],
      queryParams: [],
      inputProperties: input ? schemaProperties(input) : null,
      secured: false,
      html: false,
      successStatus: 200,
    };
  });
}

export async function allOperations(baseUrl: string): Promise<ApiOperation[]> {
  return [...(await restOperations(baseUrl)), ...trpcOperations()];
}

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/**
 * A digest of every table in the public schema but `exclude`: per table its row count and the
 * md5 of its rows' text in a fixed order. Two equal digests mean no row was added, removed or
 * changed. New tables (a later migration) are covered without editing this.
 */
export async function databaseDigest(testApp: TestApp, exclude: readonly string[]): Promise<string> {
  const db = testApp.built.app.db;
  const tables = rowsOf(
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as Rows<{ table_name: string }>,
  )
    .map((row) => row.table_name)
    .filter((name) => !exclude.includes(name));
  const query = tables
    .map(
      (name) =>
        `select '${name}' as t, count(*)::text as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from "${name}" r`,
    )
    .join(' union all ');
  const rows = rowsOf((await db.execute(sql.raw(query))) as Rows<{ t: string; n: string; h: string }>);
  return rows.map((row) => `${row.t}:${row.n}:${row.h}`).join('\n');
}

/**
 * `databaseDigest`, cheap to ask again: row triggers (installed in this test database only) bump
 * a sequence on any insert, update, delete or truncate of a watched table, and the digest is only
 * recomputed when it moved. A write that changed nothing still recomputes, so the answer is
 * always the exact content digest.
 */
export async function watchDatabase(
  testApp: TestApp,
  exclude: readonly string[],
): Promise<{ digest(): Promise<string> }> {
  const db = testApp.built.app.db;
  const tables = rowsOf(
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as Rows<{ table_name: string }>,
  )
    .map((row) => row.table_name)
    .filter((name) => !exclude.includes(name));
  await db.execute(
    sql.raw(`
    create schema if not exists test_watch;
    create sequence if not exists test_watch.writes;
    create or replace function test_watch.touched() returns trigger language plpgsql as
      $$ begin perform nextval('test_watch.writes'); return null; end $$;
    ${tables
      .map(
        (name) => `
      drop trigger if exists test_watch_rows on "${name}";
      create trigger test_watch_rows after insert or update or delete on "${name}"
        for each row execute function test_watch.touched();
      drop trigger if exists test_watch_truncate on "${name}";
      create trigger test_watch_truncate after truncate on "${name}"
        for each statement execute function test_watch.touched();`,
      )
      .join('\n')}`),
  );
  const counter = async () =>
    rowsOf(
      (await db.execute(sql`select last_value::text as value, is_called from test_watch.writes`)) as Rows<{
        value: string;
        is_called: boolean;
      }>,
    ).map((row) => `${row.value}/${row.is_called}`)[0]!;
  let seen = await counter();
  let last = await databaseDigest(testApp, exclude);
  return {
    async digest() {
      const now = await counter();
      if (now !== seen) {
        seen = now;
        last = await databaseDigest(testApp, exclude);
      }
      return last;
    },
  };
}

/** Which tables differ between two digests (for a readable failure). */
export function changedTables(before: string, after: string): string[] {
  const old = new Map(before.split('\n').map((line) => [line.split(':')[0]!, line]));
  return after
    .split('\n')
    .filter((line) => old.get(line.split(':')[0]!) !== line)
    .map((line) => line.split(':')[0]!);
}

/** The error message of a JSON error answer: REST `{ error }`, tRPC `{ error: { json: { message } } }`. */
export function errorMessageOf(body: unknown): string | null {
  if (Array.isArray(body)) {
    const messages = body.map((entry) => ('error' in (entry as object) ? errorMessageOf(entry) : 'ok'));
    return messages.length > 0 && messages.every((message) => message) ? messages.join('; ') : null;
  }
  if (!body || typeof body !== 'object' || !('error' in body)) return null;
  const error = body.error;
  if (typeof error === 'string') return error.trim() ? error : null;
  const shape = (error as { json?: { message?: unknown }; message?: unknown } | null) ?? {};
  const message = shape.json?.message ?? shape.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** Writes a suite's figures to test-results/suite-counts/<name>.json (for the README's numbers). */
export function writeSuiteCounts(name: string, counts: Record<string, unknown>): void {
  const directory = join(projectRoot, 'test-results', 'suite-counts');
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, `${name}.json`), `${JSON.stringify(counts, null, 2)}\n`);
}
