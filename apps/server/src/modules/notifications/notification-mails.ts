import type { NotificationType } from '@app/shared/accounts/account-choices';
import { AppError } from '@app/shared/errors/app-error';
import { findListFormat } from '@app/shared/i18n/intl-formats';
import { defaultLocale, isLocale, type Locale } from '@app/shared/i18n/locales';
import type { Translate } from '@app/shared/i18n/translator';
import type { MemberCard } from '@app/shared/profiles/member-profile';
import type { SearchStartProfile } from '@app/shared/search/search-start';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Catalogs } from '../../i18n/catalogs.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { type MailLink, renderActionMail, renderNotificationMail } from '../mail/mail-templates.ts';
import type { Site } from '../sites/sites.service.ts';
import { findNotifiables, type Notifiable } from './notifiable-events.ts';
import type { DisabledReason, NotificationMailsRepository } from './notification-mails.repository.ts';
import type { NotificationRecipient, NotificationsRepository } from './notifications.repository.ts';
import type { NotificationMailer } from './notifications.service.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** At most one mail per conversation, and one about likes, in this time. */
const notificationMailRepeatMs = hourMs;
/** Events one mail job reads at most; the rest go in the next run, queued at once. */
const mailEventBatch = 200;
/** Unread-message reminders: for messages unread this long, up to a week old; at most one reminder mail a day. */
const unreadReminderAfterMs = dayMs;
const unreadReminderWindowMs = 7 * dayMs;
/** The weekly update names members who signed up in the past week, at most this many, and goes once in 6 days. */
const weeklyNewMemberDays = 7;
const weeklyMaxMembers = 5;
const weeklyRepeatMs = 6 * dayMs;
/** The profile reminder goes to members who signed up more than a day and less than 30 days ago, once. */
const profileReminderAfterMs = dayMs;
const profileReminderWindowMs = 30 * dayMs;
/** Members one reminder run handles; a full run queues the next at once, after the last member it handled. */
const reminderBatch = 100;

/** A notification mail's kinds in the outbox. */
type NotificationMailKind = 'messages' | 'likes' | 'unread' | 'weekly' | 'profile';

interface ProfileName {
  id: number;
  name: string;
  fictional: boolean;
}

export interface NotificationMailsDeps {
  /**
   * How long the mail about new events waits after the first of them (`NOTIFICATION_MAIL_WAIT_SECONDS`, 2 minutes):
   * what arrives meanwhile goes in the same mail, and a member who comes back and reads it all in that time gets none.
   */
  mailWaitMs: number;
  repository: NotificationMailsRepository;
  notifications: NotificationsRepository;
  jobs: Jobs;
  work: UnitOfWork;
  mail: MailService;
  catalogs: Catalogs;
  tokens: UnsubscribeTokens;
  findSite(siteId: number): Promise<Site | null>;
  /** `https://{domain}` of the site, from its settings (sites/site-origin.ts). */
  siteOrigin(site: Site): string;
  /** The site's word for a fictional profile in a language (its setting, or the catalog's). */
  fictionalLabel(site: Site, locale: Locale): string;
  chat: {
    findUnreadConversationIds(profileId: number, conversationIds: readonly number[]): Promise<Set<number>>;
    findLongUnread(input: {
      olderThan: Date;
      newerThan: Date;
      afterUserId: number;
      limit: number;
    }): Promise<{ userId: number; conversationId: number; otherProfileId: number; firstUnreadMs: number }[]>;
  };
  search: {
    findNewestFor(
      site: Site,
      searcher: SearchStartProfile & { profileId: number },
      limit: number,
    ): Promise<MemberCard[]>;
  };
  /** Drops the member's cached session views on every process once the running transaction commits. */
  refreshMemberView(userId: number): Promise<void>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Whether notification mails may go to this member at all (ARCHITECTURE.md, "Notifications"). */
function isMailable(recipient: NotificationRecipient | null): recipient is NotificationRecipient {
  // Unconfirmed addresses are not proven to be the member's: they get the activation mail and its reminder only.
  return recipient !== null && recipient.status === 'active' && recipient.disabled.length === 0;
}

function emailOn(recipient: NotificationRecipient, type: NotificationType): boolean {
  return recipient.settings.email[type] === true;
}

function localeOf(recipient: NotificationRecipient): Locale {
  return isLocale(recipient.language) ? recipient.language : defaultLocale;
}

/**
 * Notification mails (issue 18): the mail about new messages and likes, batched after a short wait, at most one per
 * conversation and one about likes an hour; the unread-message, weekly and profile reminders; unsubscribing by link
 * and by one click (RFC 8058); bounces and complaints from the mail provider; switching mail back on.
 */
export function createNotificationMails(deps: NotificationMailsDeps) {
  const { repository, notifications, jobs, work } = deps;

  function translatorFor(recipient: NotificationRecipient): { t: Translate; locale: Locale } {
    const locale = localeOf(recipient);
    return { t: deps.catalogs.translator(locale), locale };
  }

  function nameOf(profile: ProfileName | undefined, t: Translate, label: string): string {
    if (!profile) return '?';
    return profile.fictional ? t('mail.fictional_name', { name: profile.name, label }) : profile.name;
  }

  /**
   * Renders and queues one notification mail with its unsubscribe headers and links, and records what it covered.
   * Inside the caller's transaction (the member is locked).
   */
  async function sendNotificationMail(input: {
    recipient: NotificationRecipient;
    site: Site;
    kind: NotificationMailKind;
    /** The types the mail covers, the first of them its main one (the one-click header's). */
    types: readonly NotificationType[];
    subject: string;
    paragraphs: readonly string[];
    items?: readonly string[];
    button: { text: string; path: string };
    covered: readonly { type: NotificationType; about: string }[];
  }) {
    const { recipient, site } = input;
    const { t } = translatorFor(recipient);
    const origin = deps.siteOrigin(site);
    const values = { name: recipient.name, site_name: site.settings.name };
    const token = (type: NotificationType) => encodeURIComponent(deps.tokens.sign({ userId: recipient.userId, type }));
    const links: MailLink[] = [
      ...input.types.map((type) => ({
        text: t(`mail.unsubscribe_link.${type}`),
        url: `${origin}/unsubscribe?token=${token(type)}`,
      })),
      { text: t('mail.settings_link'), url: `${origin}/settings` },
    ];
    const content = renderNotificationMail({
      siteName: site.settings.name,
      subject: input.subject,
      greeting: t('mail.greeting', values),
      paragraphs: input.paragraphs,
      items: input.items,
      button: { text: input.button.text, url: `${origin}${input.button.path}` },
      footer: t('mail.notification_footer', values),
      links,
    });
    const headers = {
      'List-Unsubscribe': `<${origin}/api/unsubscribe.php?token=${token(input.types[0]!)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await deps.mail.queueMail(site, `notification_${input.kind}`, recipient.email, content, headers);
    const sentAt = deps.now();
    for (const type of new Set(input.covered.map((item) => item.type))) {
      const abouts = input.covered.filter((item) => item.type === type).map((item) => item.about);
      await repository.recordMails(recipient.userId, type, abouts, sentAt);
    }
  }

  /** What the mail about new events says of messages: per conversation still unread, not mailed this hour. */
  async function findMessageNews(recipient: NotificationRecipient, notifiables: Notifiable[]) {
    const now = deps.now();
    const messages = notifiables.filter(
      (item) => item.type !== 'like' && item.conversation !== null && emailOn(recipient, item.type),
    );
    const conversations = [...new Set(messages.map((item) => item.conversation!))];
    if (conversations.length === 0) return [];
    const unread = await deps.chat.findUnreadConversationIds(recipient.profileId, conversations);
    const mailed = await repository.findMailedAbouts(
      recipient.userId,
      conversations.map((id) => `conversation:${id}`),
      new Date(now.getTime() - notificationMailRepeatMs),
    );
    return conversations
      .filter((id) => unread.has(id) && !mailed.has(`conversation:${id}`))
      .map((id) => {
        const items = messages.filter((item) => item.conversation === id);
        return {
          conversation: id,
          profile: items[0]!.profile!,
          count: items.length,
          // A conversation that started in this batch is told as a new conversation.
          type: items.some((item) => item.type === 'new_conversations')
            ? ('new_conversations' as const)
            : ('new_messages' as const),
        };
      });
  }

  async function findLikeNews(recipient: NotificationRecipient, notifiables: Notifiable[]) {
    const likes = notifiables.filter((item) => item.type === 'like');
    if (likes.length === 0 || !emailOn(recipient, 'like')) return [];
    const since = new Date(deps.now().getTime() - notificationMailRepeatMs);
    if ((await repository.findMailedAbouts(recipient.userId, ['like'], since)).size > 0) return [];
    return likes;
  }

  /** The `notifications.mail` job: one mail about what happened since the last, if the member should get one. */
  async function mailNews(userId: number): Promise<{ more: boolean }> {
    return work.transaction(async () => {
      const { events, lookingUntil } = await notifications.takeEventsAfterCursor(userId, 'mailedUpTo', mailEventBatch);
      if (events.length === 0) return { more: false };
      await notifications.moveCursor(userId, 'mailedUpTo', events.at(-1)!.id);
      const more = events.length === mailEventBatch;
      const now = deps.now();
      // On the site now: the page shows it all.
      if (lookingUntil !== null && lookingUntil > now) return { more };
      const recipient = await notifications.findRecipient(userId);
      if (!isMailable(recipient)) return { more };
      const site = await deps.findSite(recipient.siteId);
      if (!site) return { more };
      const notifiables = findNotifiables(events);
      const messages = await findMessageNews(recipient, notifiables);
      const likes = await findLikeNews(recipient, notifiables);
      if (messages.length === 0 && likes.length === 0) return { more };

      const { t, locale } = translatorFor(recipient);
      const label = deps.fictionalLabel(site, locale);
      const matches = likes.filter((item) => item.match && item.profile !== null);
      const plainLikes = likes.length - matches.length;
      const names = await notifications.findNamedProfiles([
        ...messages.map((item) => item.profile),
        ...matches.map((item) => item.profile!),
      ]);
      const list = (ids: number[]) =>
        findListFormat(locale).format([...new Set(ids)].map((id) => nameOf(names.get(id), t, label)));
      const values = { site_name: site.settings.name };
      const paragraphs: string[] = [];
      const items: string[] = [];
      let subject: string;
      if (messages.length > 0) {
        const count = messages.reduce((sum, item) => sum + item.count, 0);
        const senders = list(messages.map((item) => item.profile));
        subject = t('mail.messages.subject', { ...values, count, names: senders });
        paragraphs.push(t('mail.messages.body', { ...values, count }));
        for (const item of messages) {
          items.push(t('mail.messages.item', { name: nameOf(names.get(item.profile), t, label), count: item.count }));
        }
      } else if (matches.length > 0) {
        subject = t('mail.likes.matches_subject', { ...values, names: list(matches.map((item) => item.profile!)) });
      } else {
        subject = t('mail.likes.subject', { ...values, count: plainLikes });
      }
      if (matches.length > 0) {
        paragraphs.push(t('mail.likes.matches_body', { ...values, names: list(matches.map((item) => item.profile!)) }));
      }
      if (plainLikes > 0) paragraphs.push(t('mail.likes.body', { ...values, count: plainLikes }));
      const types = [
        ...new Set([...messages.map((item) => item.type), ...(likes.length > 0 ? ['like' as const] : [])]),
      ];
      await sendNotificationMail({
        recipient,
        site,
        kind: messages.length > 0 ? 'messages' : 'likes',
        types,
        subject,
        paragraphs,
        items,
        button:
          messages.length > 0
            ? {
                text: t('mail.messages.button'),
                path: messages.length === 1 ? `/chats/${messages[0]!.conversation}` : '/chats',
              }
            : { text: t('mail.likes.button'), path: '/likes' },
        covered: [
          ...messages.map((item) => ({ type: item.type, about: `conversation:${item.conversation}` })),
          ...(likes.length > 0 ? [{ type: 'like' as const, about: 'like' }] : []),
        ],
      });
      return { more };
    });
  }

  /** A member's own reminder, decided under their lock: mailable, the type on, not on the site now. */
  async function withReminderRecipient(
    userId: number,
    type: NotificationType,
    send: (recipient: NotificationRecipient, site: Site) => Promise<void>,
  ) {
    await work.transaction(async () => {
      await repository.lockMember(userId);
      const recipient = await notifications.findRecipient(userId);
      if (!isMailable(recipient) || !emailOn(recipient, type)) return;
      if (await notifications.isLooking(userId, deps.now())) return;
      const site = await deps.findSite(recipient.siteId);
      if (site) await send(recipient, site);
    });
  }

  async function remindOfUnread(
    userId: number,
    conversations: { conversationId: number; otherProfileId: number; firstUnreadMs: number }[],
  ) {
    await withReminderRecipient(userId, 'unread_message_reminders', async (recipient, site) => {
      const now = deps.now().getTime();
      if (await repository.hasMailOfTypeSince(userId, 'unread_message_reminders', new Date(now - dayMs))) return;
      // Once per conversation for the messages waiting since its oldest unread one.
      const due: typeof conversations = [];
      for (const item of conversations) {
        const about = `unread:${item.conversationId}`;
        const reminded = await repository.findMailedAbouts(userId, [about], new Date(item.firstUnreadMs));
        if (reminded.size === 0) due.push(item);
      }
      if (due.length === 0) return;
      const { t, locale } = translatorFor(recipient);
      const label = deps.fictionalLabel(site, locale);
      const names = await notifications.findNamedProfiles(due.map((item) => item.otherProfileId));
      const list = findListFormat(locale).format(due.map((item) => nameOf(names.get(item.otherProfileId), t, label)));
      const values = { site_name: site.settings.name, names: list, count: due.length };
      await sendNotificationMail({
        recipient,
        site,
        kind: 'unread',
        types: ['unread_message_reminders'],
        subject: t('mail.unread.subject', values),
        paragraphs: [t('mail.unread.body', values)],
        button: {
          text: t('mail.unread.button'),
          path: due.length === 1 ? `/chats/${due[0]!.conversationId}` : '/chats',
        },
        covered: due.map((item) => ({ type: 'unread_message_reminders', about: `unread:${item.conversationId}` })),
      });
    });
  }

  async function sendWeeklyUpdate(
    candidate: Awaited<ReturnType<NotificationMailsRepository['findWeeklyCandidates']>>[number],
  ) {
    const recipientSite = await notifications.findRecipient(candidate.userId);
    const site = recipientSite && (await deps.findSite(recipientSite.siteId));
    if (!site) return;
    const now = deps.now();
    const newest = await deps.search.findNewestFor(site, candidate, 24);
    const recent = await repository.findProfilesCreatedSince(
      newest.map((card) => card.id),
      new Date(now.getTime() - weeklyNewMemberDays * dayMs),
    );
    const members = newest.filter((card) => recent.has(card.id)).slice(0, weeklyMaxMembers);
    if (members.length === 0) return;
    await withReminderRecipient(candidate.userId, 'weekly_updates', async (recipient) => {
      const sent = await repository.findMailedAbouts(
        recipient.userId,
        ['weekly'],
        new Date(now.getTime() - weeklyRepeatMs),
      );
      if (sent.size > 0) return;
      const { t, locale } = translatorFor(recipient);
      const label = deps.fictionalLabel(site, locale);
      const values = { site_name: site.settings.name };
      await sendNotificationMail({
        recipient,
        site,
        kind: 'weekly',
        types: ['weekly_updates'],
        subject: t('mail.weekly.subject', values),
        paragraphs: [t('mail.weekly.body', values)],
        items: members.map((card) => {
          const name = card.fictional ? t('mail.fictional_name', { name: card.name, label }) : card.name;
          return card.city
            ? t('mail.weekly.item_city', { name, age: card.age, city: card.city })
            : t('mail.weekly.item', { name, age: card.age });
        }),
        button: { text: t('mail.weekly.button'), path: '/members' },
        covered: [{ type: 'weekly_updates', about: 'weekly' }],
      });
    });
  }

  async function remindOfProfile(userId: number) {
    await withReminderRecipient(userId, 'reminders', async (recipient, site) => {
      const sent = await repository.findMailedAbouts(userId, ['reminder:profile'], new Date(0));
      if (sent.size > 0) return;
      const { t } = translatorFor(recipient);
      const values = { site_name: site.settings.name };
      await sendNotificationMail({
        recipient,
        site,
        kind: 'profile',
        types: ['reminders'],
        subject: t('mail.profile.subject', values),
        paragraphs: [t('mail.profile.body', values)],
        button: { text: t('mail.profile.button'), path: '/profile' },
        covered: [{ type: 'reminders', about: 'reminder:profile' }],
      });
    });
  }

  jobs.define<{ userId: number }>('notifications.mail', {
    // One waits (its time) while another runs: what arrives during a run goes in the next mail.
    dedupe: 'queued',
    concurrency: 2,
    maxAttempts: 3,
    backoffSeconds: 30,
    async handler({ userId }) {
      const { more } = await mailNews(userId);
      if (more) await jobs.enqueue('notifications.mail', { userId }, { singletonKey: String(userId) });
    },
  });

  /** A reminder kind walks the members by id, `reminderBatch` per run; a full run queues the next at once. */
  function defineReminder(kind: string, run: (after: number) => Promise<number | null>) {
    jobs.define<{ after?: number }>(kind, {
      maxAttempts: 3,
      async handler(payload) {
        // A schedule's job carries no payload (null).
        const last = await run((payload as { after?: number } | null)?.after ?? 0);
        if (last !== null) await jobs.enqueue(kind, { after: last });
      },
    });
  }

  defineReminder('notifications.unread-reminders', async (after) => {
    const now = deps.now().getTime();
    const rows = await deps.chat.findLongUnread({
      olderThan: new Date(now - unreadReminderAfterMs),
      newerThan: new Date(now - unreadReminderWindowMs),
      afterUserId: after,
      limit: reminderBatch,
    });
    const byUser = new Map<number, typeof rows>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    for (const [userId, conversations] of byUser) await remindOfUnread(userId, conversations);
    return byUser.size === reminderBatch ? rows.at(-1)!.userId : null;
  });

  defineReminder('notifications.weekly-updates', async (after) => {
    const candidates = await repository.findWeeklyCandidates({
      mailedSince: new Date(deps.now().getTime() - weeklyRepeatMs),
      afterUserId: after,
      limit: reminderBatch,
    });
    for (const candidate of candidates) await sendWeeklyUpdate(candidate);
    return candidates.length === reminderBatch ? candidates.at(-1)!.userId : null;
  });

  defineReminder('notifications.profile-reminders', async (after) => {
    const now = deps.now().getTime();
    const userIds = await repository.findIncompleteProfiles({
      signedUpBefore: new Date(now - profileReminderAfterMs),
      signedUpAfter: new Date(now - profileReminderWindowMs),
      afterUserId: after,
      limit: reminderBatch,
    });
    for (const userId of userIds) await remindOfProfile(userId);
    return userIds.length === reminderBatch ? userIds.at(-1)! : null;
  });

  /** The member of an unsubscribe link on this site (any status but erased); refuses anything else alike. */
  async function findLinkTarget(site: Site, token: string) {
    const target = deps.tokens.verify(token);
    const recipient = target && (await notifications.findRecipient(target.userId));
    if (!target || !recipient || recipient.siteId !== site.id) {
      throw new AppError('unsubscribe_link_invalid', 'unsubscribe token not valid here');
    }
    return { target, recipient };
  }

  async function addReason(userId: number, reason: DisabledReason) {
    await work.transaction(async () => {
      if (await repository.addDisabledReason(userId, reason)) await deps.refreshMemberView(userId);
    });
  }

  const mailer: NotificationMailer = {
    async scheduleNotificationMail(userId) {
      await jobs.enqueue(
        'notifications.mail',
        { userId },
        { singletonKey: String(userId), runAt: new Date(deps.now().getTime() + deps.mailWaitMs) },
      );
    },
  };

  return {
    mailer,

    /** Declares the reminders' schedules (UTC): unread hourly, the profile reminder daily, the weekly on Mondays. */
    async scheduleReminders() {
      await jobs.schedule('notifications.unread-reminders', '25 * * * *');
      await jobs.schedule('notifications.profile-reminders', '40 10 * * *');
      await jobs.schedule('notifications.weekly-updates', '0 9 * * 1');
    },

    /** What an unsubscribe link (`/unsubscribe?token=`) stops; throws `unsubscribe_link_invalid`. Changes nothing. */
    async findUnsubscribeType(site: Site, token: string): Promise<NotificationType> {
      return (await findLinkTarget(site, token)).target.type;
    },

    /** The unsubscribe page's confirm button: that type's e-mail off, every other choice as it was. */
    async unsubscribeType(site: Site, token: string): Promise<NotificationType> {
      const { target } = await findLinkTarget(site, token);
      await repository.turnEmailTypeOff(target.userId, target.type);
      return target.type;
    },

    /** A mail program's one-click unsubscribe (RFC 8058): no notification mail goes to the member any more. */
    async unsubscribeOneClick(site: Site, token: string) {
      const { target } = await findLinkTarget(site, token);
      await addReason(target.userId, 'listunsubscribe');
    },

    /**
     * The mail provider's delivery events: a hard bounce stops notification mail to every account with the address
     * (on every site), and so does a spam complaint; soft bounces pass. Answers how many accounts changed.
     */
    async applyMailEvents(
      events: readonly (
        | { type: 'bounce'; email: string; bounce_type: 'hard' | 'soft' }
        | { type: 'complaint'; email: string }
      )[],
    ): Promise<number> {
      return work.transaction(async () => {
        let updated = 0;
        for (const event of events) {
          if (event.type === 'bounce' && event.bounce_type !== 'hard') continue;
          const reason: DisabledReason = event.type === 'bounce' ? 'bounce' : 'fbl';
          const userIds = await repository.addDisabledReasonByEmail(event.email, reason);
          for (const userId of userIds) await deps.refreshMemberView(userId);
          updated += userIds.length;
        }
        return updated;
      });
    },

    /**
     * The member switches mail back on (the disabled-notifications alert): the reasons go, and a short mail to the
     * address checks it again (a new bounce sets `bounce` again). Nothing happens when no reason was set.
     */
    async enableMail(site: Site, userId: number): Promise<{ enabled: boolean }> {
      return work.transaction(async () => {
        await repository.lockMember(userId);
        const recipient = await notifications.findRecipient(userId);
        if (!recipient || recipient.siteId !== site.id || recipient.status === 'deleted') {
          throw new AppError('authentication_required', `no member ${userId} on site ${site.id}`);
        }
        if (!(await repository.clearDisabledReasons(userId))) return { enabled: false };
        await deps.refreshMemberView(userId);
        const { t } = translatorFor(recipient);
        const content = renderActionMail({
          t,
          kind: 'mail_enabled',
          values: { name: recipient.name },
          actionUrl: `${deps.siteOrigin(site)}/settings`,
          siteName: site.settings.name,
          supportEmail: site.settings.support_email,
        });
        await deps.mail.queueMail(site, 'mail_enabled', recipient.email, content);
        return { enabled: true };
      });
    },

    /** Runs the queued notification mails that are due (tests and scripts). */
    sendDueNotificationMails: () => jobs.runDue('notifications.mail'),
  };
}

export type NotificationMails = ReturnType<typeof createNotificationMails>;
