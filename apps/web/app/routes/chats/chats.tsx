import { deleteChatFormSchema } from '@app/shared/chat/delete-chat-form';
import { AppError } from '@app/shared/errors/app-error';
import { isErrorCode } from '@app/shared/errors/error-codes';
import { defaultSiteTimeZone } from '@app/shared/sites/site-settings';
import { useState } from 'react';
import { redirect, type ShouldRevalidateFunction, useLocation, useNavigate, useRevalidator } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ChatList, EmptyChatList } from '../../features/chat/chat-list.tsx';
import { DeleteChatModal } from '../../features/chat/chat-list-delete.tsx';
import { useLiveChats } from '../../features/chat/chats-live.ts';
import {
  type ChatListEntry,
  differsOnlyInDeleteParam,
  findChatToDelete,
  toChatListEntry,
  withDeleteParam,
} from '../../features/chat/chats-rules.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { errorParam } from '../../lib/error-param.server.ts';
import { readFormValues } from '../../lib/form.ts';
import { useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';
import type { Route } from './+types/chats';

/** /chats: the member's conversations, newest first (GET /api/chats.php's list), kept live by the socket's news. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const answer = await c.services.chat.findChats();
  const now = Date.now();
  const timeZone = c.settings.time_zone ?? defaultSiteTimeZone;
  return {
    chats: answer.chats.map((chat) => toChatListEntry(chat, now, c.locale, timeZone)),
    deleteError: errorParam(request, 'delete_error', 'internal_error'),
    siteName: c.settings.name,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
  };
}

/**
 * The delete conversation form without script (spec section 4): removes the chat for the member and shows the list
 * again, with `?delete_error=<code>` when refused. With script the page calls DELETE /api/chat.php itself.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const parsed = deleteChatFormSchema.safeParse(readFormValues(await request.formData()));
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw redirect(`/chats?delete_error=${isErrorCode(message) ? message : 'validation_failed'}`);
  }
  try {
    await c.services.chat.deleteChats({ conversation: parsed.data.conversation });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    throw redirect(`/chats?delete_error=${error.code}`);
  }
  throw redirect('/chats');
}

// Opening or closing the delete confirmation changes only the address: the list stays as it is.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && differsOnlyInDeleteParam(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

export const handle = defineRouteHandle({ messages: ['chats'] });

export default function ChatsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { settings } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const errorText = useApiErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const chats = useLiveChats(loaderData.chats, locale, settings.time_zone);
  const plainErrors = useFormErrorTexts(
    loaderData.deleteError ? { form: { code: loaderData.deleteError } } : undefined,
  );
  const alert = failure ?? (plainErrors.form ? t('chats.delete_failed', { error: plainErrors.form }) : null);

  const closeHref = withDeleteParam(location.search, null);
  const confirming = findChatToDelete(chats.entries, location.search);
  const close = () => void navigate(closeHref, { replace: true, preventScrollReset: true });

  // Spec section 4: the chat leaves the list at once, then the server removes it; on failure the error shows and
  // the list is loaded again.
  const deleteChat = async (chat: ChatListEntry) => {
    const id = chat.conversation.id;
    const name = chat.profile.name;
    chats.remove(id);
    setFailure(null);
    close();
    try {
      await apiRequest('DELETE', '/api/chat.php', { conversation: id });
      setAnnouncement(t('chats.deleted', { name }));
    } catch (error) {
      chats.restore(id);
      setFailure(t('chats.delete_failed', { error: errorText(error) }));
      void revalidator.revalidate();
    }
  };

  return (
    <main className="container chats-page">
      <PageTitle title={`${t('chats.title')} · ${loaderData.siteName}`} />
      <h1 className="h3 mt-3">{t('chats.title')}</h1>
      {alert ? (
        <div className="alert alert-danger chats-alert" role="alert" data-testid="chats-alert">
          {alert}
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {chats.entries.length ? (
        <ChatList
          chats={chats.entries}
          fictionalIcon={loaderData.fictionalIcon}
          fictionalLabel={loaderData.fictionalLabel}
        />
      ) : (
        <EmptyChatList />
      )}
      {confirming ? (
        <DeleteChatModal
          chat={confirming}
          closeHref={closeHref}
          onClose={close}
          onConfirm={(chat) => void deleteChat(chat)}
        />
      ) : null}
    </main>
  );
}
