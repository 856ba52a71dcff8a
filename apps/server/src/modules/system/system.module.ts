import { createMemberEventsRepository } from '../../events/member-events.repository.ts';
import { defineModule } from '../../lib/define-module.ts';
import { createIdempotencyRepository } from './idempotency.repository.ts';
import { registerIdempotency } from './idempotency.ts';
import { createRateLimitsRepository } from './rate-limits.repository.ts';
import { createSecretsRepository } from './secrets.repository.ts';
import { registerSystemRoutes } from './system.routes.ts';
import { ensureVapidKeys, type VapidKeys } from './vapid-keys.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    system: {
      idempotency: ReturnType<typeof createIdempotencyRepository>;
      rateLimits: ReturnType<typeof createRateLimitsRepository>;
      secrets: ReturnType<typeof createSecretsRepository>;
      /** Web push's keys: from the environment, or generated on first start and stored. */
      vapidKeys: VapidKeys;
    };
  }
}

const dayMs = 24 * 3_600_000;
/** How long member events are kept for replay; a client away longer refetches everything. */
const memberEventDays = 30;

/** System: health and readiness, robots.txt, the API document, idempotency keys, rate-limit counters, VAPID keys. */
export const systemModule = defineModule({
  name: 'system',
  needs: ['jobs'],
  services: async ({ work, now, config }, { jobs }) => {
    const idempotency = createIdempotencyRepository(work.db);
    const rateLimits = createRateLimitsRepository(work.db);
    const memberEvents = createMemberEventsRepository(work.db);
    // Keys and counters older than a day decide nothing any more; events older than the replay window are not replayed.
    jobs.define('system.cleanup', {
      async handler() {
        const before = new Date(now().getTime() - dayMs);
        await idempotency.deleteKeysBefore(before);
        await rateLimits.deleteRateLimitsBefore(before);
        await memberEvents.deleteMemberEventsBefore(new Date(now().getTime() - memberEventDays * dayMs));
      },
    });
    await jobs.schedule('system.cleanup', '45 * * * *');
    const secrets = createSecretsRepository(work.db);
    return { idempotency, rateLimits, secrets, vapidKeys: await ensureVapidKeys(secrets, config.vapidKeys) };
  },
  appHooks: (app, { idempotency }, { now }) => registerIdempotency(app, { repository: idempotency, now }),
  routes: (scope, _services, { database }) => registerSystemRoutes(scope, database),
});
