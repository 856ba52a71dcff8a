import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The browser's push worker, a plain script kept with the web app's sources. */
const workerSource = readFileSync(join(import.meta.dirname, '../../../../web/service-worker/sw-push.js'));

/** The address pages register the worker at (`?v=2` is its version: the page names it, the server ignores it). */
const pushWorkerPath = '/sw-push.js';

/**
 * GET /sw-push.js: the push service worker for the whole site (scope `/`). Browsers must see a changed worker at
 * once, so no cache keeps it; a script answer gets no Content-Security-Policy (plugins/security-headers.ts), which
 * would bind the worker.
 */
export function registerPushWorkerRoute(app: FastifyInstance) {
  app.get(pushWorkerPath, async (_request, reply) => {
    reply
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .type('text/javascript; charset=utf-8');
    return reply.send(workerSource);
  });
}
