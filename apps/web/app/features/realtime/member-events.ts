/**
 * What the realtime socket tells the page, as window events, so that the parts that show chats, likes, credits and
 * badges need not know of the socket or of each other (the socket is realtime-socket.ts). The 60 s / 300 s refresh
 * stays as a floor: a page that misses news reloads it then.
 */

export interface MemberEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: string;
}

const memberEventName = 'app:member-event';
const refetchName = 'app:member-refetch';
const typingInName = 'app:typing-in';
const typingOutName = 'app:typing-out';

function listen<T>(name: string, listener: (detail: T) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<T>).detail);
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}

export function announceMemberEvent(event: MemberEvent) {
  window.dispatchEvent(new CustomEvent<MemberEvent>(memberEventName, { detail: event }));
}
/** Calls `listener` with each event the socket delivers, in order; answers the function that stops listening. */
export const onMemberEvent = (listener: (event: MemberEvent) => void) => listen(memberEventName, listener);

/** What was missed cannot be replayed: whatever shows server data reloads it. */
export function announceRefetch() {
  window.dispatchEvent(new Event(refetchName));
}
export const onRefetch = (listener: () => void) => listen<null>(refetchName, () => listener());

/** The other member of `conversation` is writing. */
export function announceTyping(conversation: number) {
  window.dispatchEvent(new CustomEvent<number>(typingInName, { detail: conversation }));
}
export const onTyping = (listener: (conversation: number) => void) => listen(typingInName, listener);

/** The member is writing in `conversation`: the socket tells the other member. */
export function sendTyping(conversation: number) {
  window.dispatchEvent(new CustomEvent<number>(typingOutName, { detail: conversation }));
}
export const onTypingOut = (listener: (conversation: number) => void) => listen(typingOutName, listener);
