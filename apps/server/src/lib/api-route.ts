import { AppError } from '@app/shared/errors/app-error';
import { isErrorCode } from '@app/shared/errors/error-codes';
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
 */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const field = [...issue.path, ...(unknownKey ? [unknownKey] : [])].join('.') || 'input';
  const code = isErrorCode(issue.message) ? issue.message : 'validation_failed';
  throw new AppError(code, `${field}: ${issue.message}`, { field });
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
    handler: async (request, reply) => {
      const query = definition.query ? parseInput(definition.query, request.query ?? {}) : (undefined as Query);
      const body = definition.body ? parseInput(definition.body, request.body ?? {}) : (undefined as Body);
      return definition.handler(request, { query, body }, reply);
    },
  });
}
