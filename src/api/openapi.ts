import { z } from 'zod';
import type { OpenApiOperation, PlainRouteRegistry } from './declare/plain-routes';

const errorSchema = z.object({ error: z.string() });

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

interface ObjectJsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  anyOf?: ObjectJsonSchema[];
  oneOf?: ObjectJsonSchema[];
}

/**
 * The fields an input's JSON schema names, and which are required. An optional input
 * (`.nullish()`, e.g. the channel choice) is an `anyOf` of its object and null: its object's
 * fields are still the parameters, none of them required.
 */
function fieldsOf(json: ObjectJsonSchema): { properties: Record<string, unknown>; required: string[] } {
  const members = json.anyOf ?? json.oneOf;
  if (!members) return { properties: json.properties ?? {}, required: json.required ?? [] };
  const properties = Object.assign({}, ...members.map((member) => fieldsOf(member).properties)) as Record<
    string,
    unknown
  >;
  return { properties, required: [] };
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const { properties, required } = fieldsOf(jsonSchema(schema, 'input'));
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

/** Collects the REST operations as they are registered; the document is generated from their zod schemas. */
export class OpenApiRegistry implements PlainRouteRegistry {
  private readonly operations: OpenApiOperation[] = [];

  add(operation: OpenApiOperation): void {
    this.operations.push(operation);
  }

  /** Whether the route of `method` and `path` (its template, `:id` segments) needs no session. */
  isPublic(method: string, path: string): boolean {
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    return this.operations.some(
      (operation) => operation.path === path && operation.method === verb && operation.auth === 'public',
    );
  }

  document(serverUrl: string) {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const operation of this.operations) {
      const path = operation.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const status = String(operation.successStatus ?? (operation.responseDescription ? 302 : 200));
      const responses: Record<string, unknown> = {
        [status]: operation.binaryResponse
          ? {
              description: 'The file',
              content: Object.fromEntries(
                operation.binaryResponse.map((type) => [
                  type,
                  { schema: { type: 'string', format: 'binary' } },
                ]),
              ),
            }
          : operation.response
            ? {
                description: 'Success',
                content: { 'application/json': { schema: jsonSchema(operation.response, 'output') } },
              }
            : { description: operation.responseDescription ?? 'Success' },
        ...(operation.conditional
          ? { '304': { description: 'Not Modified: the If-None-Match tag is the current ETag (no body)' } }
          : {}),
        ...(operation.rawBody
          ? {
              '413': {
                description: `The body is over ${operation.rawBody.maxBytes} bytes`,
                content: { 'application/json': { schema: jsonSchema(errorSchema, 'output') } },
              },
            }
          : {}),
        default: {
          description: 'Error',
          content: { 'application/json': { schema: jsonSchema(errorSchema, 'output') } },
        },
      };
      paths[path] ??= {};
      paths[path][operation.method] = {
        summary: operation.summary,
        tags: operation.tags,
        security: operation.auth === 'public' ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
        parameters: [
          ...parameters(operation.params, 'path'),
          ...parameters(operation.query, 'query'),
          ...(operation.conditional
            ? [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }]
            : []),
        ],
        ...(operation.rawBody
          ? {
              requestBody: {
                required: true,
                description: `The file's bytes as they are (at most ${operation.rawBody.maxBytes} bytes); what they are is read from their content, whatever type is declared.`,
                content: Object.fromEntries(
                  operation.rawBody.contentTypes.map((type) => [
                    type,
                    { schema: { type: 'string', format: 'binary' } },
                  ]),
                ),
              },
            }
          : {}),
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
              },
            }
          : {}),
        responses,
      };
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Titlewise REST API',
        version: '1.0.0',
        description:
          'REST paths for external tools. Authenticate with `Authorization: Bearer <sessionToken>` (from demo or Google sign-in) or the session-token cookie. Errors answer `{ "error": "…" }`.',
      },
      servers: [{ url: serverUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session-token' },
        },
      },
      paths,
    };
  }
}
