/** The numbers and names of the chat, without zod: the pages' browser code reads them. */

/** What a message carries (spec section 1: priced per type). A GIF costs what a text message costs. */
export const messageTypes = ['message', 'photo', 'gift', 'gif'] as const;
export type MessageType = (typeof messageTypes)[number];

/** Conversations a free member may write in (spec section 6: "free members up to 2 conversations"). */
export const freeConversationLimit = 2;
/** Messages one page of a conversation holds (GET /api/messages.php). */
export const messagesPageSize = 30;
/** How far back a member may page a conversation when the site sets no `chat_history_limit`. */
export const defaultChatHistoryLimit = 500;
/** Conversations the list answers (GET /api/chats.php), newest first. */
export const chatsListLimit = 200;
/** A client's id for a send: unique per sender, so that a retry over any path stores the message once. */
export const clientIdPattern = /^[A-Za-z0-9_-]{8,64}$/;
/** A GIF search's words. */
export const gifQueryMaxLength = 50;
/** GIFs one search answers. */
export const gifPageSize = 24;
/** How far a GIF search pages (its `offset`). */
export const gifMaxOffset = 500;

/** Why a member may not write in a conversation now (the composer shows the matching text). */
export const writeBlockers = ['blocked', 'unavailable', 'conversation_limit'] as const;
export type WriteBlocker = (typeof writeBlockers)[number];

/** Reasons a member reports a message or member for (stored for moderation). */
export const reportReasons = ['spam', 'scam', 'harassment', 'offensive', 'underage', 'fake', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportTextMaxLength = 1000;

/**
 * The realtime socket at /api/ws (DESIGN.md, "Realtime delivery"). The client connects with `?after=<last event
 * id it saw>` (none on a first connect) and receives, one JSON object per frame:
 * - `hello`: the newest event id now; a client without one starts from here.
 * - `event`: one member event, in id order, never twice on one socket.
 * - `refetch`: what was missed cannot be replayed (too old, too many, or the server may have missed news): reload
 *   what the page shows, then carry on from `last_event_id`.
 * - `typing`: the other member of a conversation is writing (not stored, not replayed).
 * The client sends `{ "t": "typing", "conversation": id }` while its member writes (at most every few seconds).
 */
export type ServerFrame =
  | { t: 'hello'; last_event_id: number }
  | { t: 'event'; id: number; type: string; payload: Record<string, unknown>; created_at: string }
  | { t: 'refetch'; last_event_id: number }
  | { t: 'typing'; conversation: number };
/** What a page sends on its socket: the member is typing, or the page became visible or hidden. */
export type ClientFrame = { t: 'typing'; conversation: number } | { t: 'presence'; visible: boolean };

/** Events the socket replays after a reconnect; beyond, the client refetches. */
export const replayLimit = 200;
/** How long a typing signal shows without a new one. */
export const typingShowMs = 6_000;
/** How often a writing client repeats its typing signal. */
export const typingRepeatMs = 3_000;
/** Socket close code: the client read too slowly and its queue overflowed; reconnect and replay. */
export const closeCodeTooSlow = 4008;
/** Socket close code: the session ended (logout, password change, deletion); do not reconnect. */
export const closeCodeLoggedOut = 4001;

/**
 * The chat's member events (socket `event` frames, `type` and `payload`); likes and credits add their own
 * (`like_received`, `match`, `credits`…). `message` carries the message as its receiver sees it (the sender's other
 * tabs get it too, `from_me` true); its shape is chat.ts's chatMessageSchema.
 */
export interface ChatEventPayloads {
  /** A message in one of the member's conversations (sent by them from another tab, or received). */
  message: { conversation: number; profile: number; message: unknown; unread_total: number };
  /** The member read a conversation (on any tab): its unread count is 0. */
  chat_read: { conversation: number; unread_total: number };
  /** The other member read the conversation: the member's messages up to `up_to` are read. */
  messages_read: { conversation: number; up_to: number };
  /** The member removed conversations (on any tab). */
  chat_removed: { conversations: number[]; unread_total: number };
}
