import { defineModule } from '../../lib/define-module.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { registerPresenceRoutes } from './notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    notifications: NotificationsService;
  }
}

/** Notifications: presence, web push to members' devices, mails per type, unsubscribing, bounces. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: ['jobs', 'sites', 'system', 'mail', 'notificationMails'],
  services: ({ work, memberEvents, now, log }, { jobs, sites, notificationMails }) => {
    const repository = createNotificationsRepository(work.db);
    return createNotificationsService({
      repository,
      jobs,
      work,
      memberEvents,
      findSite: (id) => sites.findSiteById(id),
      // Filled in by notification-push.ts.
      push: { sendPushes: async () => {} },
      mailer: notificationMails.mailer,
      now,
      log,
    });
  },
  routes: (scope, notifications) => registerPresenceRoutes(scope, notifications),
});
