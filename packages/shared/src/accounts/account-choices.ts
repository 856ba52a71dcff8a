// The settings page's choices, without zod: its forms list them, and a page's first load must not carry the schemas.

/** Notification types (spec section 3); each can be on or off per channel. */
export const notificationTypes = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notificationChannels = ['email', 'push'] as const;

/** Types a member turns off to get fewer mails (an alternative to deleting the account). */
export const marketingNotificationTypes: readonly NotificationType[] = ['promotions', 'weekly_updates', 'news'];

export const deleteReasons = [
  'found_partner',
  'not_enough_members',
  'too_expensive',
  'too_many_mails',
  'privacy',
  'bad_experience',
  'other',
] as const;
