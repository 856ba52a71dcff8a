import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { MemberEventLog } from '../../events/member-event-log.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Site } from '../sites/sites.service.ts';
import { findNotifiables, type Notifiable } from './notifiable-events.ts';
import type { NotificationRecipient, NotificationsRepository } from './notifications.repository.ts';

/** Events one delivery reads at most; more are taken by the next run, queued at once. */
const deliveryBatch = 200;
/** How long a visible page counts as looking without a word from its socket (its heartbeat renews it every 30 s). */
const lookingLeaseMs = 75_000;

/** What sends pushes to a member's devices (notification-push.ts). */
export interface PushSender {
  sendPushes(recipient: NotificationRecipient, site: Site, notifiables: Notifiable[]): Promise<void>;
}

/** What mails a member about what happened while they were away (notification-mails.ts). */
export interface NotificationMailer {
  /** Inside the delivery's transaction: the mail about what is new goes out after a short wait, batched. */
  scheduleNotificationMail(userId: number): Promise<void>;
}

/**
 * Tells members of what happened while they were away (DESIGN.md, "Notifications"). Every transaction that writes a
 * member event worth telling moves the cursors of a member who is looking past it, and queues a
 * `notifications.deliver` job in the same transaction for a member who is not. The job
 * reads the member's events after their push cursor, pushes them to the member's devices and schedules the mail
 * unless the member is looking at the site, where the socket shows them anyway.
 */
export function createNotificationsService(deps: {
  repository: NotificationsRepository;
  jobs: Jobs;
  work: UnitOfWork;
  memberEvents: MemberEventLog;
  findSite: (siteId: number) => Promise<Site | null>;
  push: PushSender;
  mailer: NotificationMailer;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { repository, jobs, work } = deps;

  deps.memberEvents.onEventsWritten(async (stored) => {
    const byUser = new Map<number, typeof stored>();
    for (const event of stored) byUser.set(event.userId, [...(byUser.get(event.userId) ?? []), event]);
    const newest = new Map<number, number>();
    for (const [userId, events] of byUser) {
      if (findNotifiables(events).length > 0) newest.set(userId, Math.max(...events.map((event) => event.id)));
    }
    // A member looking at the site sees it on screen: their cursors pass it in this transaction (one statement, for
    // every member), and only the others get a delivery job (a chat send stays one statement dearer, not a job).
    const looking = await repository.passCursorsOfLooking(newest, deps.now());
    for (const userId of newest.keys()) {
      if (!looking.has(userId))
        await jobs.enqueue('notifications.deliver', { userId }, { singletonKey: String(userId) });
    }
  });

  jobs.define<{ userId: number }>('notifications.deliver', {
    concurrency: 4,
    // One waits while another runs: what arrives during a run is delivered by the next.
    dedupe: 'queued',
    maxAttempts: 3,
    backoffSeconds: 10,
    async handler({ userId }) {
      const taken = await work.transaction(async () => {
        const { events, lookingUntil } = await repository.takeEventsAfterCursor(userId, 'pushedUpTo', deliveryBatch);
        if (events.length === 0) return null;
        await repository.moveCursor(userId, 'pushedUpTo', events.at(-1)!.id);
        const notifiables = findNotifiables(events);
        const looking = lookingUntil !== null && lookingUntil > deps.now();
        if (notifiables.length > 0 && !looking) await deps.mailer.scheduleNotificationMail(userId);
        return { notifiables: looking ? [] : notifiables, more: events.length === deliveryBatch };
      });
      if (!taken) return;
      if (taken.more) await jobs.enqueue('notifications.deliver', { userId }, { singletonKey: String(userId) });
      if (taken.notifiables.length === 0) return;
      const recipient = await repository.findRecipient(userId);
      const site = recipient && (await deps.findSite(recipient.siteId));
      if (!recipient || !site || recipient.status === 'deleted') return;
      // A push is news, not a record: one that fails is not tried again (the mail and the site still tell it).
      await deps.push.sendPushes(recipient, site, taken.notifiables).catch((error: unknown) => {
        deps.log.warn({ err: error, userId }, 'push delivery failed');
      });
    },
  });

  return {
    /** Members with a visible page open on this process (their sockets said so), renewed every heartbeat. */
    markLooking: (userIds: readonly number[]) =>
      repository.markLooking(userIds, new Date(deps.now().getTime() + lookingLeaseMs)),
    /** The member's page went out of sight (`POST /api/page-hidden.php`, or their last visible socket closed). */
    markAway: (userId: number) => repository.markAway(userId),
    /** Runs every queued delivery now (tests and scripts). */
    deliverQueued: () => jobs.runDue('notifications.deliver'),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
