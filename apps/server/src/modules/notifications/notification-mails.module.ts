import { AppError } from '@app/shared/errors/app-error';
import type { FastifyRequest } from 'fastify';
import { defineModule } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { createNotificationMailsRepository } from './notification-mails.repository.ts';
import { registerNotificationMailRoutes } from './notification-mails.routes.ts';
import { createNotificationMails, type NotificationMails } from './notification-mails.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { createUnsubscribeTokens, ensureUnsubscribeKey } from './unsubscribe-tokens.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    notificationMails: NotificationMails;
  }
  interface PageServices {
    notificationMails: ReturnType<typeof notificationMailsPageServices>;
  }
}

function notificationMailsPageServices(mails: NotificationMails, request: FastifyRequest) {
  return {
    /** What the unsubscribe link stops, or null for a link that is not valid here. Changes nothing. */
    findUnsubscribeType: async (token: string) => {
      try {
        return await mails.findUnsubscribeType(request.site, token);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unsubscribe_link_invalid') return null;
        throw error;
      }
    },
    /** The unsubscribe page's confirm button. Throws AppError `unsubscribe_link_invalid`. */
    unsubscribeType: (token: string) => mails.unsubscribeType(request.site, token),
    /** As POST /api/mail-enable.php (the disabled-notifications alert's button). */
    enableMail: () => mails.enableMail(request.site, requireUser(request).id),
  };
}

/**
 * Notification mails: the mail about new messages and likes, the reminders, unsubscribing and the mail provider's
 * bounces and complaints. Part of the notifications domain (its folder, its tables); a module of its own so that the
 * notifications module gets its mailer from here (`needs`).
 */
export const notificationMailsModule = defineModule({
  name: 'notificationMails',
  needs: ['jobs', 'sites', 'system', 'mail', 'accounts', 'chat', 'search'],
  services: async ({ work, catalogs, config, now, log }, { jobs, sites, system, mail, accounts, chat, search }) => {
    const repository = createNotificationMailsRepository(work.db);
    // A bounce, complaint or unsubscribe between queueing and sending stops a notification mail still in the outbox.
    mail.withholdMailWhen(async (queued) =>
      queued.kind.startsWith('notification_') ? repository.isAddressStopped(queued.siteId, queued.toAddress) : false,
    );
    const mails = createNotificationMails({
      mailWaitMs: config.notificationMailWaitSeconds * 1000,
      repository,
      notifications: createNotificationsRepository(work.db),
      jobs,
      work,
      mail,
      catalogs,
      tokens: createUnsubscribeTokens(await ensureUnsubscribeKey(system.secrets)),
      findSite: (id) => sites.findSiteById(id),
      siteOrigin: (site) => siteOrigin(site, config),
      fictionalLabel: (site, locale) => sites.getSettings(site, locale).fictional_singular,
      chat,
      search,
      refreshMemberView: (userId) => work.afterCommit(() => accounts.sessions.refreshUser(userId)),
      now,
      log,
    });
    await mails.scheduleReminders();
    return mails;
  },
  routes: (scope, mails, { config }) =>
    registerNotificationMailRoutes(scope, mails, { mailEventsSecret: config.mailEventsSecret }),
  page: notificationMailsPageServices,
});
