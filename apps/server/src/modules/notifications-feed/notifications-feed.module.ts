import type { FastifyRequest } from 'fastify';
import { defineModule } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { createNotificationsFeedRepository } from './notifications-feed.repository.ts';
import { registerNotificationsFeedRoutes } from './notifications-feed.routes.ts';
import { createNotificationsFeedService, type NotificationsFeedService } from './notifications-feed.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    notificationsFeed: NotificationsFeedService;
  }
  interface PageServices {
    notificationsFeed: ReturnType<typeof notificationsFeedPageServices>;
  }
}

function notificationsFeedPageServices(feed: NotificationsFeedService, request: FastifyRequest) {
  return {
    /** One page of /notifications; viewing it marks what it shows read. */
    viewNotifications: (before?: number) =>
      feed.viewNotifications(request.site, requireUser(request), { before, markRead: true }),
  };
}

/** The notifications page: the member's events (likes, matches, messages, credits) as a list, with a read mark. */
export const notificationsFeedModule = defineModule({
  name: 'notificationsFeed',
  services: ({ work }) => createNotificationsFeedService({ repository: createNotificationsFeedRepository(work.db) }),
  routes: registerNotificationsFeedRoutes,
  page: notificationsFeedPageServices,
});
