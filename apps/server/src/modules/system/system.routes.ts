import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

// The site's own pages may be indexed; members may not. Profiles, their photos and campaign landers, and the
// member listing name real people on an adult dating site who never agreed to be found through a search
// engine, and an index would keep a hidden or deleted profile long after it is gone. Account, token and
// preference pages have nothing to index, and some carry single-use tokens in their links.
const robotsTxt = `User-agent: *
Disallow: /api/
Disallow: /dev/
Disallow: /cdn/
Disallow: /members
Disallow: /profile
Disallow: /complete-signup
Disallow: /signup-matches
Disallow: /account-deleted
Disallow: /login
Disallow: /logout
Disallow: /reset-password
Disallow: /activate/
Disallow: /mail-change/
Disallow: /lang
Disallow: /entry-warning
`;

export function registerSystemRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/robots.txt', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8');
    return robotsTxt;
  });

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
}
