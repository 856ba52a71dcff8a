import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentedPath } from '../lib/query-variant.ts';

const zodToOpenApi = createJsonSchemaTransform({});

/**
 * The OpenAPI document of every API call, made from the routes' own zod schemas as they are registered (so it
 * cannot drift from what the server checks and answers): `/api/docs` shows it with Swagger UI (served from the
 * package, nothing from another host), `/api/docs/json` is the document. Registered before the routes.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dating site API',
        version: '1',
        description:
          'JSON calls under /api/. State-changing calls need the header `X-Request-Type: client`. Errors answer ' +
          '`{ error, message, field? }` with the status of the error registry (docs/errors.md).',
      },
    },
    // Pages, photo files, health checks and the documentation's own files are not API calls.
    hideUntagged: true,
    // A route told apart by its query (`/api/user.php?push=1`) is listed under that path, beside the plain one.
    transform: (input) =>
      input.url.startsWith('/api/')
        ? { ...zodToOpenApi(input), url: documentedPath(input.url, input.route.constraints) }
        : { schema: { hide: true }, url: input.url },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // No call to the public validator: the page loads nothing from another host.
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list' },
  });
}
