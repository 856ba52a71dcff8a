import type { NotificationType } from '@app/shared/accounts/account-choices';

/** A member event as the notifications read it back. */
export interface EventRecord {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** Something worth a push or a mail: a message or new conversation from someone, a like, a match. */
export interface Notifiable {
  eventId: number;
  type: Extract<NotificationType, 'new_conversations' | 'new_messages' | 'like'>;
  /** A match is told as a like of the `like` type; `match` says which. */
  match: boolean;
  conversation: number | null;
  /** The other member's profile, when the event may name them (messages and matches; a like stays anonymous). */
  profile: number | null;
  /** The message as the chat shows it (text, type), for messages. */
  message: { id: number; type: string; text: string | null } | null;
  at: Date;
}

interface MessagePayload {
  conversation?: unknown;
  profile?: unknown;
  opens?: unknown;
  message?: { id?: unknown; from_me?: unknown; type?: unknown; text?: unknown; held?: unknown };
}

/**
 * The events among `events` (one member's, oldest first) that the member is told of when away. Their own doings
 * are not: the echo of a message they sent, and the match their own like made (its `like_given` comes with it).
 * A like that made a match is told by the match.
 */
export function findNotifiables(events: readonly EventRecord[]): Notifiable[] {
  // Only the like that made the match (`match: true`): an earlier like of theirs may still be after the cursor.
  const ownLikes = new Set(
    events
      .filter((event) => event.type === 'like_given' && event.payload.match === true)
      .map((event) => Number(event.payload.profile)),
  );
  const found: Notifiable[] = [];
  for (const event of events) {
    const base = { eventId: event.id, at: event.createdAt, match: false, conversation: null, profile: null };
    if (event.type === 'message') {
      const payload = event.payload as MessagePayload;
      if (payload.message?.from_me !== false || payload.message.held === true) continue;
      found.push({
        ...base,
        type: payload.opens === true ? 'new_conversations' : 'new_messages',
        conversation: Number(payload.conversation),
        profile: Number(payload.profile),
        message: {
          id: Number(payload.message.id),
          type: String(payload.message.type),
          text: typeof payload.message.text === 'string' ? payload.message.text : null,
        },
      });
    } else if (event.type === 'like_received' && event.payload.match !== true) {
      found.push({ ...base, type: 'like', message: null });
    } else if (event.type === 'match' && !ownLikes.has(Number(event.payload.profile))) {
      found.push({ ...base, type: 'like', match: true, profile: Number(event.payload.profile), message: null });
    }
  }
  return found;
}
