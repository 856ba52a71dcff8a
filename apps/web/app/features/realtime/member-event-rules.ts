import type { MemberEvent } from './member-events.ts';

/** What the parts of the page outside the chat take from member events (the socket is loaded apart from them). */

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The new balance a `credits` event carries (ledger.service.ts), or null for another event. */
export function readCreditsBalance(event: MemberEvent): number | null {
  const credits = event.payload.credits;
  return event.type === 'credits' && isCount(credits) ? credits : null;
}

/** Events after which the likes (badge, lists, modals) are loaded again. */
const likeEventTypes = new Set(['like_received', 'like_given', 'like_withdrawn', 'like_taken_back', 'match']);

export function isLikeEvent(event: MemberEvent): boolean {
  return likeEventTypes.has(event.type);
}

/** Events of the chat that carry the member's unread total over all conversations (chat-constants.ts). */
const unreadTotalEventTypes = new Set(['message', 'chat_read', 'chat_removed']);

/** The unread total a `message`, `chat_read` or `chat_removed` event carries, or null. */
export function readUnreadTotal(event: MemberEvent): number | null {
  const total = event.payload.unread_total;
  return unreadTotalEventTypes.has(event.type) && isCount(total) ? total : null;
}
