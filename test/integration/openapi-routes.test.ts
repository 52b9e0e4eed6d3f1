import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '../../src/api/operations';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 25, item 11: the OpenAPI document is checked against what the server really serves, so a
// route or an input field it honours cannot go missing from the document again.

let testApp: TestApp;
let document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: JsonObject }> };
      }
    >
  >;
};
interface JsonObject {
  properties?: Record<string, unknown>;
  anyOf?: JsonObject[];
  oneOf?: JsonObject[];
}

beforeAll(async () => {
  testApp = await startTestApp();
  document = (await (await fetch(`${testApp.url}/api/openapi.json`)).json()) as typeof document;
});
afterAll(async () => {
  await testApp.close();
});

/** Every method and path Fastify routes, read from its route tree (HEAD routes are Fastify's own). */
function liveRoutes(): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of testApp.built.fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack.push(path);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** The field names a zod input accepts: through optional, nullable, default and transform wrappers. */
function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return fieldNames(def.in as z.ZodType);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fieldNames(def.innerType as z.ZodType);
    case 'union':
      return (def.options as z.ZodType[]).flatMap(fieldNames);
    case 'intersection':
      return [...fieldNames(def.left as z.ZodType), ...fieldNames(def.right as z.ZodType)];
    default:
      return [];
  }
}

function documentedFields(path: string, method: string): string[] {
  const operation = document.paths[path]?.[method];
  if (!operation) return [];
  const body = operation.requestBody?.content['application/json']?.schema;
  const bodyFields = (schema: JsonObject | undefined): string[] =>
    schema
      ? [
          ...Object.keys(schema.properties ?? {}),
          ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(bodyFields),
        ]
      : [];
  return [...operation.parameters.map((parameter) => parameter.name), ...bodyFields(body)];
}

describe('the OpenAPI document', () => {
  it('lists every /api route the server answers, and no route it does not', () => {
    const served = liveRoutes()
      .filter((route) => / \/api\//.test(route))
      .filter((route) => !['GET /api/openapi.json', 'GET /api/health'].includes(route))
      .map((route) => route.replace(/:(\w+)/g, '{$1}'));
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.length).toBeGreaterThan(50);
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it('names every input field each operation honours, on each of its REST paths', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { operation } of listOperations()) {
      for (const rest of [operation.rest ?? []].flat()) {
        const path = rest.path.replace(/:(\w+)/g, '{$1}');
        const documented = documentedFields(path, rest.method.toLowerCase());
        // An upload's file field is the raw request body: documented as that body's media types.
        const rawBody = Object.keys(
          document.paths[path]?.[rest.method.toLowerCase()]?.requestBody?.content ?? {},
        ).some((type) => type !== 'application/json');
        for (const field of fieldNames(operation.input)) {
          checked += 1;
          if (rawBody && field === operation.file?.field) continue;
          if (!documented.includes(field)) missing.push(`${rest.method} ${path}: ${field}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
