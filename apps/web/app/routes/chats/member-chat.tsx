import { parseIdParam } from '@app/shared/input';
import { data, redirect } from 'react-router';
import { shouldReloadChat } from '../../features/chat/chat-rules.ts';
import { type ChatAnswer, ChatScreen } from '../../features/chat/chat-screen.tsx';
import { noteSendOutcome } from '../../features/chat/send-outcomes.ts';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/member-chat';
import { loadChatPage, runChatAction } from './chat-page.server.ts';

/**
 * /members/{id}/chat: the chat with a member. When there is a conversation, it is /chats/{id}; before the first
 * message, the same screen with an empty history and the composer (the first send makes the conversation, and the
 * page goes on to it). A profile that does not exist or that the member may not see is no page (404).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  const chat = await c.services.chat.findChatWith(id);
  if (!chat) throw data(null, { status: 404 });
  if (chat.conversationId !== null) throw redirect(`/chats/${chat.conversationId}${new URL(request.url).search}`);
  return loadChatPage(c, request, {
    conversationId: null,
    profile: chat.profile,
    messages: [],
    nextBefore: null,
    historyLimited: false,
    before: null,
    composer: chat.composer,
  });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  return runChatAction(requireMember(context, request), request, null);
}

/** Notes how each send ended, for the page that made it (features/chat/send-outcomes.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return noteSendOutcome(request, serverAction);
}

export const shouldRevalidate = shouldReloadChat;

export const handle = defineRouteHandle({ messages: ['chat', 'errors', 'gifts'] });

export default function MemberChatPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ChatScreen
      key={loaderData.profile.id}
      data={loaderData}
      answer={actionData as ChatAnswer}
      action={`/members/${loaderData.profile.id}/chat`}
    />
  );
}
