import { z } from 'zod';
import { idParamSchema, idSchema } from '../input.ts';

const timestampSchema = z.iso.datetime({ offset: true });

/** GET /api/notifications.php and /notifications: one page, older than the cursor `before` (an entry's `cursor`). */
export const notificationsQuerySchema = z.strictObject({ before: idParamSchema.optional() });

/** Who an entry is about, as the member cards show them; a received like names nobody (decision 018). */
const notificationProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  fictional: z.boolean(),
  /** The approved main photo's thumbnail under the CDN prefix; null without one. */
  thumbnail: z.string().nullable(),
});

/** The kinds of entries the page lists. */
export const notificationKinds = ['like', 'match', 'messages', 'credits'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The credit changes the page lists (not the member's own spending, which the chat shows). */
export const listedCreditReasons = ['purchase', 'signup', 'refund', 'chargeback'] as const;

/** One line of the page: what happened, who, when, and where it leads. */
export const notificationEntrySchema = z.object({
  /** The newest event of the entry: unique on the page, and what the read mark is compared with. */
  id: idSchema,
  kind: z.enum(notificationKinds),
  /** When the newest event of the entry happened. */
  at: timestampSchema,
  /** Newer than the member's read mark when the page was asked for. */
  unread: z.boolean(),
  profile: notificationProfileSchema.nullable(),
  /** The messages of one conversation this entry stands for (1 for anything else). */
  count: z.int().min(1),
  /** For `messages`: the conversation. */
  conversation: idSchema.nullable(),
  /** For `credits`: why the balance changed and the balance after. */
  credit_reason: z.enum(listedCreditReasons).nullable(),
  credits: z.int().nullable(),
  /** The page it leads to: /likes, /members/{id}, /chats/{conversation}, /transactions?tab=credits. */
  link: z.string(),
});
export type NotificationEntry = z.output<typeof notificationEntrySchema>;

export const notificationsResponseSchema = z.object({
  /** Newest first. */
  entries: z.array(notificationEntrySchema),
  /** The `before` of the next older page; null on the last page. */
  next: idSchema.nullable(),
});
export type NotificationsResponse = z.output<typeof notificationsResponseSchema>;
