import type { ChatMessage } from '@app/shared/chat/chat';
import { typingShowMs } from '@app/shared/chat/chat-constants';
import { startTransition, useCallback, useEffect, useMemo, useOptimistic, useRef, useState } from 'react';
import { useFetcher, useNavigate, useRevalidator, useSubmit } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import type { FormError } from '../../lib/form-errors.ts';
import type { ChatPageData } from '../../routes/chats/chat-page.server.ts';
import { onMemberEvent, onTyping, sendTyping } from '../realtime/member-events.ts';
import {
  createClientId,
  dropSettled,
  isTypingDue,
  mergeMessages,
  type PendingMessage,
  readEventMessage,
} from './chat-rules.ts';
import { takeSendOutcome } from './send-outcomes.ts';

/** What a send shows until the server has it: its type and content. */
export type SendPreview = Pick<PendingMessage, 'type' | 'text' | 'gif' | 'gift' | 'photoPreview'>;

interface OlderPages {
  /** Oldest first. */
  messages: ChatMessage[];
  nextBefore: number | null;
  historyLimited: boolean;
}

/**
 * Tells the server the member has seen the conversation. Only while the page is in view: a message that arrives in
 * a hidden tab is read when the member comes back to it.
 */
function useReadMarker(conversationId: number | null) {
  const due = useRef(false);
  const markRead = useCallback(() => {
    if (conversationId === null) return;
    if (document.visibilityState !== 'visible') {
      due.current = true;
      return;
    }
    due.current = false;
    apiRequest('POST', '/api/chat-read.php', { conversation: conversationId }).catch(() => {
      // The next load of the page marks it read again.
    });
  }, [conversationId]);
  useEffect(() => {
    const onVisible = () => {
      if (due.current && document.visibilityState === 'visible') markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);
  return markRead;
}

/**
 * The conversation as the page shows it: the loader's newest page, older pages loaded on request, messages that
 * arrived over the socket, and the member's own sends, optimistic until the server answers. Also the read receipts,
 * the other's typing, and the member's own typing signal.
 */
export function useConversation(data: ChatPageData, action: string) {
  const { conversationId } = data;
  const submit = useSubmit();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const markRead = useReadMarker(conversationId);

  const [older, setOlder] = useState<OlderPages | null>(null);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [readUpTo, setReadUpTo] = useState(0);
  const [typing, setTyping] = useState(false);
  const [failed, setFailed] = useState<PendingMessage[]>([]);
  const [lastError, setLastError] = useState<FormError | null>(null);
  const [pending, addPending] = useOptimistic(failed, (list: PendingMessage[], item: PendingMessage) => [
    ...list.filter((message) => message.client_id !== item.client_id),
    item,
  ]);
  // What each unsettled send posted, so that a retry posts the same (the same client id: stored once).
  const sentForms = useRef(new Map<string, FormData>());

  const messages = useMemo(
    // The loader's copy last: it is the freshest of a message it holds (read, held).
    () => mergeMessages(older?.messages ?? [], live, [...data.messages].reverse()),
    [older, live, data.messages],
  );
  const unsettled = useMemo(() => dropSettled(pending, messages), [pending, messages]);

  const send = useCallback(
    (form: FormData, preview: SendPreview, retryOf?: PendingMessage) => {
      const clientId = retryOf?.client_id ?? createClientId();
      form.set('client_id', clientId);
      sentForms.current.set(clientId, form);
      const item: PendingMessage = {
        ...preview,
        client_id: clientId,
        created_at: retryOf?.created_at ?? new Date().toISOString(),
        status: 'sending',
        error: null,
      };
      setLastError(null);
      startTransition(async () => {
        addPending(item);
        // A fetcher of its own: sends do not cancel each other. The page's loader runs again after a stored one
        // (balance, limits), and /members/{id}/chat then goes on to the new conversation.
        await submit(form, {
          method: 'post',
          action,
          navigate: false,
          fetcherKey: `chat-send-${clientId}`,
          encType: preview.type === 'photo' ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
          preventScrollReset: true,
        });
        const outcome = takeSendOutcome(clientId);
        startTransition(() => {
          if (outcome.ok) {
            sentForms.current.delete(clientId);
            if (item.photoPreview) URL.revokeObjectURL(item.photoPreview);
            setFailed((list) => list.filter((message) => message.client_id !== clientId));
            setLive((list) => [...list, outcome.message]);
          } else {
            setFailed((list) => [
              ...list.filter((message) => message.client_id !== clientId),
              { ...item, status: 'failed', error: outcome.error },
            ]);
            setLastError(outcome.error);
          }
        });
      });
    },
    [action, submit, addPending],
  );

  const retry = useCallback(
    (message: PendingMessage) => {
      const form = sentForms.current.get(message.client_id);
      if (form) send(form, message, message);
    },
    [send],
  );

  // Older pages, loaded with the page's own loader and put before what shows.
  const olderFetcher = useFetcher<ChatPageData>();
  const nextBefore = older ? older.nextBefore : data.nextBefore;
  const loadOlder = useCallback(() => {
    if (conversationId === null || nextBefore === null || olderFetcher.state !== 'idle') return;
    void olderFetcher.load(`/chats/${conversationId}?before=${nextBefore}`);
  }, [conversationId, nextBefore, olderFetcher]);
  useEffect(() => {
    const page = olderFetcher.data;
    if (!page) return;
    setOlder((previous) => ({
      messages: [...[...page.messages].reverse(), ...(previous?.messages ?? [])],
      nextBefore: page.nextBefore,
      historyLimited: page.historyLimited,
    }));
  }, [olderFetcher.data]);

  // The socket's news (features/realtime/member-events.ts). A refetch reloads every loader already (member-live.ts).
  const viewingOlderPage = data.before !== null;
  const profileId = data.profile.id;
  useEffect(() => {
    const seen = new Set<number>();
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stops = [
      onMemberEvent((event) => {
        const { payload } = event;
        if (conversationId === null) {
          // The other member wrote first: the conversation exists now. The member's own first send goes on to it
          // through its action's reload; a reload here as well would cut that one short.
          const fromThem = (payload.message as { from_me?: boolean } | undefined)?.from_me === false;
          if (event.type === 'message' && payload.profile === profileId && fromThem) void revalidate.current();
          return;
        }
        if (event.type === 'message') {
          const message = readEventMessage(payload, conversationId);
          // A replayed event brings a message this page has already: nothing to add or mark read again.
          if (!message || viewingOlderPage || seen.has(message.id)) return;
          seen.add(message.id);
          setLive((list) => [...list, message]);
          if (!message.from_me) {
            setTyping(false);
            markRead();
          }
        } else if (event.type === 'messages_read' && payload.conversation === conversationId) {
          const upTo = Number(payload.up_to);
          if (Number.isFinite(upTo)) setReadUpTo((current) => Math.max(current, upTo));
        } else if (event.type === 'chat_removed' && Array.isArray(payload.conversations)) {
          if (payload.conversations.includes(conversationId)) void navigate('/chats', { replace: true });
        }
      }),
      onTyping((conversation) => {
        if (conversation !== conversationId) return;
        setTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(false), typingShowMs);
      }),
    ];
    return () => {
      clearTimeout(typingTimer);
      for (const stop of stops) stop();
    };
  }, [conversationId, profileId, viewingOlderPage, markRead, navigate]);

  const typingSentAt = useRef<number | null>(null);
  const noteTyping = useCallback(() => {
    if (conversationId === null || !isTypingDue(typingSentAt.current, Date.now())) return;
    typingSentAt.current = Date.now();
    sendTyping(conversationId);
  }, [conversationId]);

  return {
    messages,
    pending: unsettled,
    readUpTo,
    typing,
    lastError,
    send,
    retry,
    noteTyping,
    older: {
      nextBefore,
      historyLimited: older ? older.historyLimited : data.historyLimited,
      loading: olderFetcher.state !== 'idle',
      load: loadOlder,
    },
  };
}

export type Conversation = ReturnType<typeof useConversation>;
