import type { ClientFrame } from '@app/shared/chat/chat-constants';
import { announceMemberEvent, announceRefetch, announceTyping, onTypingOut } from './member-events.ts';
import {
  decideAfterClose,
  eventIdStorageKey,
  type FrameEffect,
  readServerFrame,
  readStoredEventId,
  reconnectDelayMs,
  socketAddress,
} from './realtime-rules.ts';

function readStorage(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: number | null) {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, String(value));
  } catch {
    // Storage refused (private mode): a reload then starts from the server's newest id, and the page it loads is new.
  }
}

function announce(effect: FrameEffect) {
  if (effect.kind === 'event') announceMemberEvent(effect.event);
  else if (effect.kind === 'refetch') announceRefetch();
  else if (effect.kind === 'typing') announceTyping(effect.conversation);
}

/**
 * The tab's one socket to /api/ws for the logged-in member (DESIGN.md, "Realtime delivery"): it passes what the
 * server sends to the page as window events (member-events.ts) and tells the server when the member types. It
 * remembers the last event id (in memory and in sessionStorage, so that a reload carries on) and reconnects with
 * it after any drop, with a growing, jittered wait, at once when the network or the tab comes back. A close for
 * an ended session stops it and calls `onLoggedOut`. It tells the server whether the page is in sight (a `presence`
 * frame when it opens and whenever that changes): a member who looks gets no push or mail for what they see.
 * Answers the function that closes it for good.
 */
export function startRealtimeSocket(options: { userId: number; onLoggedOut: () => void }): () => void {
  const storageKey = eventIdStorageKey(options.userId);
  let lastEventId = readStoredEventId(readStorage(storageKey));
  let socket: WebSocket | null = null;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function send(frame: ClientFrame) {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }
  const sendPresence = () => send({ t: 'presence', visible: document.visibilityState === 'visible' });

  function connect() {
    clearTimeout(retry);
    retry = undefined;
    if (stopped || socket) return;
    let opened: WebSocket;
    try {
      opened = new WebSocket(socketAddress(window.location, lastEventId));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = opened;
    opened.onopen = sendPresence;
    opened.onmessage = (message) => {
      const outcome = readServerFrame(lastEventId, message.data);
      if (outcome.connected) failures = 0;
      announce(outcome.effect);
      if (outcome.lastEventId !== lastEventId) {
        lastEventId = outcome.lastEventId;
        writeStorage(storageKey, lastEventId);
      }
    };
    opened.onclose = (event) => {
      if (socket !== opened) return;
      socket = null;
      if (decideAfterClose(event.code) === 'stop') {
        stop();
        // A later login in this tab starts from the server's newest event, not this session's.
        writeStorage(storageKey, null);
        options.onLoggedOut();
      } else {
        scheduleReconnect();
      }
    };
  }

  function scheduleReconnect() {
    if (stopped || retry !== undefined) return;
    retry = setTimeout(connect, reconnectDelayMs(failures, Math.random()));
    failures++;
  }

  function disconnect() {
    clearTimeout(retry);
    retry = undefined;
    const open = socket;
    socket = null;
    if (open) {
      open.onopen = null;
      open.onclose = null;
      open.onmessage = null;
      open.close(1000);
    }
  }

  // Back at once, without waiting out the back-off, when the network or the tab returns.
  const reconnectNow = () => {
    if (!socket) connect();
  };
  const onVisibility = () => {
    sendPresence();
    if (document.visibilityState === 'visible') reconnectNow();
  };
  // A page put in the back-forward cache keeps no socket; coming back from it connects again.
  const onPageHide = (event: PageTransitionEvent) => {
    if (event.persisted) disconnect();
  };
  const stopTypingOut = onTypingOut((conversation) => send({ t: 'typing', conversation }));
  window.addEventListener('online', reconnectNow);
  window.addEventListener('pageshow', reconnectNow);
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);

  function stop() {
    stopped = true;
    disconnect();
    stopTypingOut();
    window.removeEventListener('online', reconnectNow);
    window.removeEventListener('pageshow', reconnectNow);
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onVisibility);
  }

  connect();
  return stop;
}
