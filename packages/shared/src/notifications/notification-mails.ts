import { z } from 'zod';

/** An unsubscribe link's token (`<user>-<type>-<mac>`); the server checks it, this only bounds it. */
export const unsubscribeTokenSchema = z
  .string('unsubscribe_link_invalid')
  .min(1, 'unsubscribe_link_invalid')
  .max(200, 'unsubscribe_link_invalid');

export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });

/** The body a mail program posts for a one-click unsubscribe (RFC 8058), form-encoded. */
export const oneClickUnsubscribeSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click', 'validation_failed') });

/** The unsubscribe page's confirm form. */
export const unsubscribeFormSchema = z.strictObject({ token: unsubscribeTokenSchema });

const mailEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bounce'), email: z.string().max(254), bounce_type: z.enum(['hard', 'soft']) }),
  z.object({ type: z.literal('complaint'), email: z.string().max(254) }),
]);

/** The mail provider's delivery events (POST /api/mail-events.php). */
export const mailEventsSchema = z.object({ events: z.array(mailEventSchema).min(1).max(100) });

export const mailEventsResponseSchema = z.object({
  ok: z.literal(true),
  /** Accounts whose notification mails stopped by these events (0 when they had stopped already). */
  updated: z.int().min(0),
});

export const mailEnableResponseSchema = z.object({
  ok: z.literal(true),
  /** False when no reason had stopped the member's mails (nothing changed, no mail sent). */
  enabled: z.boolean(),
});
