import { AppError } from '@app/shared/errors/app-error';
import { isErrorCode } from '@app/shared/errors/error-codes';
import { findNulCharacter } from '@app/shared/input';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRouteDefinition<Query, Body, Response> {
  method: Method;
  url: string;
  summary: string;
  tag: string;
  query?: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  response: z.ZodType<Response>;
  /** Error codes this call can answer with, for the API document. */
  errors?: string[];
  /** False for calls an Idempotency-Key must never replay (they log in or change credentials). */
  replayable?: false;
  handler(request: FastifyRequest, input: { query: Query; body: Body }, reply: FastifyReply): Promise<Response>;
}

export interface ApiRouteDoc {
  method: Method;
  url: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  errors: string[];
}

/**
 * Parses input with a shared zod schema. A schema's custom message may name a registered error code (so the
 * browser and the server show the same text); anything else is `validation_failed` naming the field.
 * No text anywhere in the input may hold a NUL character (PostgreSQL cannot store one): refused before the schema
 * runs, so that no schema has to remember it.
 */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  refuseNulCharacters(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const field = [...issue.path, ...(unknownKey ? [unknownKey] : [])].join('.') || 'input';
  const code = isErrorCode(issue.message) ? issue.message : 'validation_failed';
  throw new AppError(code, `${field}: ${issue.message}`, { field });
}

/** Refuses (400, naming the field) a NUL character in any text or key of a parsed body or query. */
export function refuseNulCharacters(input: unknown): void {
  const field = findNulCharacter(input);
  if (field !== null) throw new AppError('validation_failed', `${field}: NUL character`, { field });
}

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** Whether the query schema takes a list for this key (through optional, default and pipe wrappers). */
function takesList(schema: z.ZodType, key: string): boolean {
  let current: z.ZodType | undefined = schema;
  let field: z.ZodType | undefined;
  while (current && !field) {
    const def = defOf(current);
    if (def.type === 'object') field = def.shape?.[key];
    current = def.innerType ?? def.in;
  }
  while (field) {
    const def = defOf(field);
    if (def.type === 'array') return true;
    field = def.innerType ?? def.in;
  }
  return false;
}

/**
 * Parses a query string's values. A key given more than once (`?id=1&id=2`) arrives as a list; where the schema
 * expects one value it is refused, naming the key, instead of reaching a coercion or the code as an array.
 */
export function parseQuery<T>(schema: z.ZodType<T>, query: unknown): T {
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value) && !takesList(schema, key)) {
        throw new AppError('validation_failed', `${key}: given more than once`, { field: key });
      }
    }
  }
  return parseInput(schema, query ?? {});
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRouteDoc[];
  }
}

/** Registers a JSON API call whose input is checked by zod and which is listed in the OpenAPI document. */
export function defineApiRoute<Query = undefined, Body = undefined, Response = unknown>(
  app: FastifyInstance,
  definition: ApiRouteDefinition<Query, Body, Response>,
): void {
  app.apiRoutes.push({
    method: definition.method,
    url: definition.url,
    summary: definition.summary,
    tag: definition.tag,
    query: definition.query,
    body: definition.body,
    response: definition.response,
    errors: definition.errors ?? [],
  });
  app.route({
    method: definition.method,
    url: definition.url,
    config: { replayable: definition.replayable ?? true },
    handler: async (request, reply) => {
      // A call without a schema ignores its query or body, but still refuses one holding a NUL character.
      if (!definition.query) refuseNulCharacters(request.query);
      if (!definition.body) refuseNulCharacters(request.body);
      const query = definition.query ? parseQuery(definition.query, request.query) : (undefined as Query);
      // No body at all is an empty object; a JSON `null` is not.
      const body = definition.body
        ? parseInput(definition.body, request.body === undefined ? {} : request.body)
        : (undefined as Body);
      return definition.handler(request, { query, body }, reply);
    },
  });
}
