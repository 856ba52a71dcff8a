import { defineModule } from '../../lib/define-module.ts';
import { registerIdempotency } from '../../plugins/idempotency.ts';
import { createIdempotencyRepository } from './idempotency.repository.ts';
import { createRateLimitsRepository } from './rate-limits.repository.ts';
import { registerSystemRoutes } from './system.routes.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    system: {
      idempotency: ReturnType<typeof createIdempotencyRepository>;
      rateLimits: ReturnType<typeof createRateLimitsRepository>;
    };
  }
}

const dayMs = 24 * 3_600_000;

/** System: health and readiness, robots.txt, the API document, idempotency keys and rate-limit counters. */
export const systemModule = defineModule({
  name: 'system',
  services: ({ work }) => ({
    idempotency: createIdempotencyRepository(work.db),
    rateLimits: createRateLimitsRepository(work.db),
  }),
  requestHooks: (app, { idempotency }, { now }) => registerIdempotency(app, { repository: idempotency, now }),
  routes: (scope, _services, { database }) => registerSystemRoutes(scope, database),
  startWorkers: ({ idempotency, rateLimits }, { now, log }) => {
    const cleanup = setInterval(() => {
      const before = new Date(now().getTime() - dayMs);
      idempotency.deleteKeysBefore(before).catch((error) => log.error({ err: error }, 'idempotency cleanup'));
      rateLimits.deleteRateLimitsBefore(before).catch((error) => log.error({ err: error }, 'rate limit cleanup'));
    }, 3_600_000);
    cleanup.unref();
    return async () => clearInterval(cleanup);
  },
});
