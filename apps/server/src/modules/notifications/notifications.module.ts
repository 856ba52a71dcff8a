import { Agent } from 'node:https';
import { defineModule } from '../../lib/define-module.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { createPushSender } from './notification-push.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { registerPresenceRoutes } from './notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.ts';
import { registerPushSubscriptionRoutes } from './push-subscriptions.routes.ts';
import { createPushSubscriptionsService, type PushSubscriptionsService } from './push-subscriptions.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    notifications: NotificationsService & { pushSubscriptions: PushSubscriptionsService };
  }
}

/** Notifications: presence, web push to members' devices, mails per type, unsubscribing, bounces. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: ['jobs', 'sites', 'system', 'mail', 'accounts', 'notificationMails'],
  services: (
    { work, memberEvents, now, log, config, catalogs },
    { jobs, sites, system, accounts, notificationMails },
  ) => {
    const repository = createNotificationsRepository(work.db);
    const pushRepository = createPushSubscriptionsRepository(work.db);
    const push = createPushSender({
      repository: pushRepository,
      findNamedProfiles: (ids) => repository.findNamedProfiles(ids),
      catalogs,
      vapidKeys: system.vapidKeys,
      siteOrigin: (site) => siteOrigin(site, config),
      agent: config.pushServiceCertificate ? new Agent({ ca: config.pushServiceCertificate }) : undefined,
      now,
      log,
    });
    const notifications = createNotificationsService({
      repository,
      jobs,
      work,
      memberEvents,
      findSite: (id) => sites.findSiteById(id),
      push,
      mailer: notificationMails.mailer,
      now,
      log,
    });
    const pushSubscriptions = createPushSubscriptionsService({
      repository: pushRepository,
      work,
      recordPushChoice: (userId, choice) => accounts.accounts.recordPushChoice(userId, choice),
      extraHosts: config.pushServiceHosts,
      now,
    });
    return { ...notifications, pushSubscriptions };
  },
  routes: (scope, notifications) => {
    registerPresenceRoutes(scope, notifications);
    registerPushSubscriptionRoutes(scope, notifications.pushSubscriptions);
  },
});
