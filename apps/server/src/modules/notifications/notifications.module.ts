import { defineModule } from '../../lib/define-module.ts';
import { createSecretsRepository } from '../system/secrets.repository.ts';
import { ensureVapidKeys } from './vapid-keys.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    notifications: { pushPublicKey: string };
  }
}

/** Web push: the VAPID keys, generated on first start and stored (the sending comes with the notifications issue). */
export const notificationsModule = defineModule({
  name: 'notifications',
  services: async ({ work, config }) => {
    const keys = await ensureVapidKeys(createSecretsRepository(work.db), config.vapidKeys);
    return { pushPublicKey: keys.publicKey };
  },
});
