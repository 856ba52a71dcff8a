import { integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail the site sends, written in the transaction that causes it; a `mail.send` job (queued in the same
 * transaction) sends it, retrying with back-off. Failed mails stay for inspection; `withheld` ones were stopped after
 * they were queued (a notification mail to an address that bounced since).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull(),
  kind: text('kind').notNull(),
  fromName: text('from_name').notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  /** Extra headers, such as `List-Unsubscribe` on notification mails. */
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  status: text('status', { enum: ['pending', 'sent', 'failed', 'withheld'] })
    .notNull()
    .default('pending'),
  attempts: smallint('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** The local mailbox used when no SMTP server is configured (viewable at /dev/mailbox from loopback). */
export const localMailbox = pgTable('local_mailbox', {
  id: serial('id').primaryKey(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
