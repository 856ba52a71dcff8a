import { parseIdParam } from '@app/shared/input';
import { data } from 'react-router';
import { shouldReloadChat } from '../../features/chat/chat-rules.ts';
import { type ChatAnswer, ChatScreen } from '../../features/chat/chat-screen.tsx';
import { noteSendOutcome } from '../../features/chat/send-outcomes.ts';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/conversation';
import { loadChatPage, readBefore, runChatAction } from './chat-page.server.ts';

/**
 * /chats/{id}: one of the member's conversations, the newest page (or an older one with `?before=`, the link that
 * pages back without script). Loading the newest page marks the conversation read: the other member sees 'read'.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  const before = readBefore(request);
  if (before === null) throw data(null, { status: 404 });
  const page = await c.services.chat.findConversation(id, before);
  if (!page) throw data(null, { status: 404 });
  const [view] = await Promise.all([
    loadChatPage(c, request, {
      conversationId: id,
      profile: page.profile,
      messages: page.messages,
      nextBefore: page.next_before,
      historyLimited: page.history_limited,
      before: before ?? null,
      composer: page.composer,
    }),
    before === undefined ? c.services.chat.markConversationRead(id) : null,
  ]);
  return view;
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  return runChatAction(requireMember(context, request), request, id);
}

/** Notes how each send ended, for the page that made it (features/chat/send-outcomes.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return noteSendOutcome(request, serverAction);
}

export const shouldRevalidate = shouldReloadChat;

export const handle = defineRouteHandle({ messages: ['chat', 'errors', 'gifts'] });

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ChatScreen
      key={loaderData.conversationId}
      data={loaderData}
      answer={actionData as ChatAnswer}
      action={`/chats/${loaderData.conversationId}`}
    />
  );
}
