import { z } from 'zod';
import { idParamSchema, idSchema } from '../input.ts';
import {
  clientIdPattern,
  gifMaxOffset,
  gifQueryMaxLength,
  messageTypes,
  reportReasons,
  reportTextMaxLength,
  writeBlockers,
} from './chat-constants.ts';

const timestampSchema = z.iso.datetime({ offset: true });

/** The other member of a conversation, as the list, the header and the events show them. */
export const chatProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  age: z.int().nullable(),
  /** The main photo's thumbnail under the CDN prefix; null without an approved one. */
  thumbnail: z.string().nullable(),
  fictional: z.boolean(),
  /** False when the member left, was disabled or blocks either way: the history stays, writing does not. */
  available: z.boolean(),
});
export type ChatProfile = z.output<typeof chatProfileSchema>;

export const chatGiftSchema = z.object({ id: z.string(), credits: z.int().min(0), image: z.string() });
export type ChatGift = z.output<typeof chatGiftSchema>;

export const gifSchema = z.object({
  id: z.string(),
  /** The animation to show in the conversation. */
  url: z.string(),
  /** A small still or animation for the search grid. */
  preview: z.string(),
  width: z.int(),
  height: z.int(),
  title: z.string(),
});
export type Gif = z.output<typeof gifSchema>;

/** One message as the member asking sees it. */
export const chatMessageSchema = z.object({
  id: idSchema,
  conversation: idSchema,
  /** The sender's client id (own messages only), to settle an optimistic message. */
  client_id: z.string().nullable(),
  from_me: z.boolean(),
  type: z.enum(messageTypes),
  /** Plain text: links are never made clickable. Null for a photo, gift or GIF without words. */
  text: z.string().nullable(),
  /** A photo only the two members may see: the thumbnail and full size addresses. */
  photo: z.object({ thumb: z.string(), full: z.string() }).nullable(),
  gift: chatGiftSchema.nullable(),
  gif: gifSchema.nullable(),
  /** What the sender paid (own messages; 0 for received ones). */
  credits: z.int().min(0),
  created_at: timestampSchema,
  /** Own messages: the other has opened the conversation since. Received messages: always true once shown. */
  read: z.boolean(),
  /** Own messages of a member who has not confirmed their address yet: kept, delivered on activation. */
  held: z.boolean(),
});
export type ChatMessage = z.output<typeof chatMessageSchema>;

/** A line of GET /api/chats.php (spec section 3, "Chat item"), plus what the list shows. */
export const chatItemSchema = z.object({
  conversation: z.object({ id: idSchema }),
  profile: chatProfileSchema,
  num_unread_messages: z.int().min(0),
  last_message: z
    .object({
      type: z.enum(messageTypes),
      /** The start of a text message; null for the other types (the list names the type). */
      text: z.string().nullable(),
      from_me: z.boolean(),
      created_at: timestampSchema,
    })
    .nullable(),
  updated_at: timestampSchema,
});
export type ChatItem = z.output<typeof chatItemSchema>;

export const chatsResponseSchema = z.object({
  chats: z.array(chatItemSchema),
  /** Unread messages over all conversations: the nav badge, the title prefix and the app badge. */
  unread_total: z.int().min(0),
});
export type ChatsResponse = z.output<typeof chatsResponseSchema>;

/** What the next send costs and whether it may go, for the composer. */
export const composerSchema = z.object({
  can_write: z.boolean(),
  /** Why not, when `can_write` is false. */
  blocker: z.enum(writeBlockers).nullable(),
  prices: z.object({ message: z.int(), photo: z.int(), gif: z.int(), gift: z.int() }),
  credits: z.int().min(0),
  /** The money a text message costs in the member's country (spec: `minimum_message_costs`). */
  message_money: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  message_length: z.int(),
  paid_user: z.boolean(),
  /** Free members: conversations they may still start; null for premium members. */
  conversations_left: z.int().nullable(),
  /** The member has not confirmed their address: messages are kept until they do. */
  unconfirmed: z.boolean(),
});
export type Composer = z.output<typeof composerSchema>;

/** GET /api/messages.php */
export const messagesQuerySchema = z.strictObject({
  conversation: idParamSchema,
  /** A message id: the page of messages before it (older). */
  before: idParamSchema.optional(),
});
export const messagesResponseSchema = z.object({
  conversation: z.object({ id: idSchema }),
  profile: chatProfileSchema,
  /** Newest first. */
  messages: z.array(chatMessageSchema),
  /** The `before` of the next (older) page; null at the start or at the history limit. */
  next_before: idSchema.nullable(),
  /** The history limit cut older messages off. */
  history_limited: z.boolean(),
  /** Messages in the conversation as the member sees it, and how many were unread when this page was read. */
  total: z.int().min(0),
  unread: z.int().min(0),
  composer: composerSchema,
});
export type MessagesResponse = z.output<typeof messagesResponseSchema>;

/** POST /api/messages.php: one message to a profile (its conversation is made on the first). */
export const sendMessageInputSchema = z
  .strictObject({
    profile: idSchema,
    type: z.enum(messageTypes, 'validation_failed'),
    text: z.string().max(10_000, 'text_too_long').optional(),
    /** A photo uploaded with POST /api/chat-photos.php. */
    photo: idSchema.optional(),
    gift: z.string().max(40).optional(),
    gif: z.string().max(100).optional(),
    client_id: z.string().regex(clientIdPattern, 'validation_failed'),
  })
  .superRefine((input, context) => {
    const required = { message: 'text', photo: 'photo', gift: 'gift', gif: 'gif' } as const;
    const field = required[input.type];
    const value = input[field];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
      context.addIssue({ code: 'custom', path: [field], message: 'validation_failed' });
    }
  });
export type SendMessageInput = z.output<typeof sendMessageInputSchema>;
export const sendMessageResponseSchema = z.object({
  message: chatMessageSchema,
  /** The balance after the send. */
  credits: z.int().min(0),
});
export type SendMessageResponse = z.output<typeof sendMessageResponseSchema>;

/** POST /api/chat-read.php: the member has seen the conversation up to now. */
export const chatReadInputSchema = z.strictObject({ conversation: idSchema });

/** DELETE /api/chat.php (spec section 7: `{conversation}`); by `profile`, every chat with that profile. */
export const deleteChatInputSchema = z.union([
  z.strictObject({ conversation: idSchema }),
  z.strictObject({ profile: idSchema }),
]);
export const deleteChatResponseSchema = z.object({ deleted: z.array(idSchema) });

/** POST /api/chat-photos.php answers the uploaded photo's id, to send with type `photo`. */
export const chatPhotoResponseSchema = z.object({ photo: z.object({ id: idSchema }) });
export const chatPhotoQuerySchema = z.strictObject({
  id: idParamSchema,
  size: z.enum(['thumb', 'full']).default('full'),
});

/** GET /api/gifts.php */
export const giftsResponseSchema = z.object({ gifts: z.array(chatGiftSchema) });

/** GET /api/gifs.php */
export const gifsQuerySchema = z.strictObject({
  q: z.string().max(gifQueryMaxLength, 'validation_failed').default(''),
  offset: z.coerce.number().int().min(0).max(gifMaxOffset).default(0),
});
export const gifsResponseSchema = z.object({ gifs: z.array(gifSchema), next_offset: z.int().nullable() });

/** POST /api/report.php: a message or a member, for moderation. */
export const reportInputSchema = z.strictObject({
  profile: idSchema,
  message: idSchema.optional(),
  reason: z.enum(reportReasons, 'choice_required'),
  text: z.string().max(reportTextMaxLength, 'text_too_long').default(''),
});
export const reportResponseSchema = z.object({ reported: z.literal(true) });
