import type { ChatsResponse } from '@app/shared/chat/chat';

/** The shell's periodic GET /api/chats.php (member-live.ts) tells an open conversation list what it answered. */
const loadedName = 'app:chats-loaded';

export function announceChatsLoaded(answer: ChatsResponse) {
  window.dispatchEvent(new CustomEvent<ChatsResponse>(loadedName, { detail: answer }));
}

export function onChatsLoaded(listener: (answer: ChatsResponse) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ChatsResponse>).detail);
  window.addEventListener(loadedName, handler);
  return () => window.removeEventListener(loadedName, handler);
}
