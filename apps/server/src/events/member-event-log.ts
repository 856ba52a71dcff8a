import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { memberEventsChannel, type PublishedMemberEvent, type PublishedMemberEvents } from './channels.ts';
import type { EventBus } from './event-bus.ts';
import type { MemberEventInput, MemberEventsRepository, StoredMemberEvent } from './member-events.repository.ts';
import { publishWithRetry } from './publish-with-retry.ts';

/**
 * What domains write their member events through: stored in the running transaction, published on the bus once it
 * commits (never when it rolls back). The database stays the truth: a publish that never happens (a crash between
 * commit and publish, Redis away) is made good by the socket's replay when the client reconnects.
 *
 * A transaction's events are gathered and written together just before it commits (a message's, its debit's): one
 * lock statement and one insert, whatever the number of domains that wrote events.
 */
export function createMemberEventLog(deps: {
  repository: MemberEventsRepository;
  work: UnitOfWork;
  bus: EventBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const flushKey = Symbol('member events');
  const writtenListeners: ((stored: StoredMemberEvent[]) => Promise<void>)[] = [];
  // The events each running transaction gathered, by the transaction.
  const gathered = new WeakMap<object, { events: MemberEventInput[]; now: Date }>();

  function publish(stored: StoredMemberEvent[]) {
    const byUser = new Map<number, PublishedMemberEvent[]>();
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
    const members = [...byUser].map(([user, events]) => ({ user, events }));
    void publishWithRetry(deps.bus, memberEventsChannel, { members } satisfies PublishedMemberEvents, deps.log);
  }

  async function write(events: MemberEventInput[], now: Date) {
    const stored = await deps.repository.appendMemberEvents(events, now);
    if (stored.length === 0) return;
    for (const listener of writtenListeners) await listener(stored);
    await deps.work.afterCommit(() => publish(stored));
  }

  return {
    /**
     * Runs `listener` with every batch of events once written, inside the transaction that wrote them (so what it
     * writes, such as a job, commits or rolls back with them). Set up at start, before any request.
     */
    onEventsWritten(listener: (stored: StoredMemberEvent[]) => Promise<void>): void {
      writtenListeners.push(listener);
    },

    /** Adds events to the running transaction (written before it commits), or writes them at once outside one. */
    async appendMemberEvents(events: MemberEventInput[], now: Date): Promise<void> {
      if (events.length === 0) return;
      const transaction = deps.work.currentTransaction();
      if (!transaction) return deps.work.transaction(() => write(events, now));
      const batch = gathered.get(transaction);
      if (batch) {
        batch.events.push(...events);
        return;
      }
      const fresh = { events: [...events], now };
      gathered.set(transaction, fresh);
      await deps.work.beforeCommit(flushKey, async () => {
        gathered.delete(transaction);
        await write(fresh.events, fresh.now);
      });
    },
  };
}

export type MemberEventLog = ReturnType<typeof createMemberEventLog>;
