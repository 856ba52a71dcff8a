import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * What a member must learn of (a like, a match, a message…), written in the transaction of the change itself. The
 * id increases per member in commit order (the writer holds a per-member lock until commit), so a client that
 * remembers the last id it saw can be given exactly what came after (DESIGN.md, "Realtime delivery").
 */
export const memberEvents = pgTable(
  'member_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_events_user_idx').on(table.userId, table.id),
    index('member_events_created_idx').on(table.createdAt),
  ],
);
