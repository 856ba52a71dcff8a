import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { memberEventsChannel, type PublishedMemberEvents } from './channels.ts';
import type { EventBus } from './event-bus.ts';
import type { MemberEventInput, MemberEventsRepository, StoredMemberEvent } from './member-events.repository.ts';
import { publishWithRetry } from './publish-with-retry.ts';

/**
 * What domains write their member events through: stored in the running transaction, published on the bus once it
 * commits (never when it rolls back). The database stays the truth: a publish that never happens (a crash between
 * commit and publish, Redis away) is made good by the socket's replay when the client reconnects.
 */
export function createMemberEventLog(deps: {
  repository: MemberEventsRepository;
  work: UnitOfWork;
  bus: EventBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  return {
    async appendMemberEvents(events: MemberEventInput[], now: Date): Promise<StoredMemberEvent[]> {
      const stored = await deps.repository.appendMemberEvents(events, now);
      if (stored.length === 0) return stored;
      await deps.work.afterCommit(() => {
        const byUser = new Map<number, PublishedMemberEvents['events']>();
        for (const event of stored) {
          const list = byUser.get(event.userId) ?? [];
          list.push({
            id: event.id,
            prev: event.prev,
            type: event.type,
            payload: event.payload,
            created_at: event.createdAt.toISOString(),
          });
          byUser.set(event.userId, list);
        }
        for (const [user, list] of byUser) {
          void publishWithRetry(deps.bus, memberEventsChannel, { user, events: list }, deps.log);
        }
      });
      return stored;
    },
  };
}

export type MemberEventLog = ReturnType<typeof createMemberEventLog>;
