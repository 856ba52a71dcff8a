import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildOpenApiDocument } from './openapi.ts';

export function registerSystemRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  app.get('/api/docs', async () => buildOpenApiDocument(app.apiRoutes));
}
