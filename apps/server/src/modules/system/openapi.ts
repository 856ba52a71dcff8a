import { errorCodes } from '@app/shared/errors/error-codes';
import { z } from 'zod';
import type { ApiRouteDoc } from '../../lib/api-route.ts';

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const errorBody = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', enum: Object.keys(errorCodes) },
    message: { type: 'string', description: 'The error text in the visitor language.' },
    field: { type: 'string', description: 'The input field the error is about, when there is one.' },
  },
};

/** The OpenAPI 3.1 document of every call registered through `defineApiRoute`. */
export function buildOpenApiDocument(routes: ApiRouteDoc[]) {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))) {
    const responses: Record<string, object> = {
      200: {
        description: 'OK',
        content: { 'application/json': { schema: z.toJSONSchema(route.response, { unrepresentable: 'any' }) } },
      },
    };
    for (const code of route.errors) {
      const status = String(errorCodes[code as keyof typeof errorCodes]?.status ?? 500);
      const existing = responses[status] as { description: string } | undefined;
      responses[status] = {
        description: existing ? `${existing.description}, ${code}` : code,
        content: { 'application/json': { schema: errorBody } },
      };
    }
    paths[route.url] ??= {};
    paths[route.url]![route.method.toLowerCase()] = {
      tags: [route.tag],
      summary: route.summary,
      parameters: queryParameters(route.query),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dating site API',
      version: '1',
      description:
        'JSON calls under /api/. State-changing calls need the header `X-Request-Type: client`. Errors answer ' +
        '`{ error, message }` with the status of the error registry (docs/errors.md).',
    },
    paths,
  };
}
