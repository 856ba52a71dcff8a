import { defineModule } from '../../lib/define-module.ts';
import { ensureVapidKeys } from './vapid-keys.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    notifications: { pushPublicKey: string };
  }
}

/** Web push: the VAPID keys, generated on first start and stored (the sending comes with the notifications issue). */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: ['system'],
  services: async ({ config }, { system }) => {
    const keys = await ensureVapidKeys(system.secrets, config.vapidKeys);
    return { pushPublicKey: keys.publicKey };
  },
});
