import { useCallback, useRef } from 'react';
import { useLocation } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { type FormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { ChatPageData } from '../../routes/chats/chat-page.server.ts';
import { ChatComposer } from './chat-composer.tsx';
import { BlockDialog, DeleteDialog, ReportDialog, ReportedToast } from './chat-dialogs.tsx';
import { ChatHeader } from './chat-header.tsx';
import { findOpenDialog, viewParams } from './chat-rules.ts';
import { MessageList } from './message-list.tsx';
import { useConversation } from './use-conversation.ts';

/** What the chat routes' action answers in place: a send, a refused form (by intent), with the text to show again. */
export type ChatAnswer = { intent?: 'send' | 'report' | 'delete'; errors?: FormErrors; text?: string } | undefined;

/**
 * A conversation in the chat layout (spec: "Chat: minimal"): the header, the messages scrolling between it and the
 * composer at the bottom, and the header menu's dialogs. The same screen serves /members/{id}/chat before the first
 * message, with an empty history.
 */
export function ChatScreen(props: { data: ChatPageData; answer: ChatAnswer; action: string }) {
  const { t } = useI18n();
  const location = useLocation();
  const { data, answer } = props;
  const conversation = useConversation(data, props.action);
  const scrollRef = useRef<HTMLDivElement>(null);
  // After an own send the newest message is what the member wants to see.
  const showNewest = useCallback(() => {
    requestAnimationFrame(() => {
      const box = scrollRef.current;
      if (box) box.scrollTop = box.scrollHeight;
    });
  }, []);
  const errorsOf = (intent: 'send' | 'report' | 'delete') => (answer?.intent === intent ? answer.errors : undefined);
  const sendErrors = errorsOf('send');
  const title = t('chat.title', { name: data.profile.name });
  // Read from the address, not the loader: opening one runs no loader (the route's shouldRevalidate).
  const dialog = findOpenDialog(location.search, data.conversationId !== null);
  const blockError = useFormErrorTexts(data.blockError ? { form: { code: data.blockError } } : undefined);
  return (
    <main className="chat-page" data-testid="chat-page">
      <PageTitle title={`${title} · ${data.siteName}`} />
      <h1 className="visually-hidden">{title}</h1>
      <ChatHeader profile={data.profile} conversationId={data.conversationId} fictional={data.fictional} />
      {new URLSearchParams(location.search).get('reported') === viewParams.reported ? <ReportedToast /> : null}
      {blockError.form ? (
        <p className="chat-notice alert alert-danger mb-0" role="alert" data-testid="block-error">
          {blockError.form}
        </p>
      ) : null}
      <MessageList
        conversation={conversation}
        conversationId={data.conversationId}
        name={data.profile.name}
        now={data.now}
        before={data.before}
        scrollRef={scrollRef}
      />
      <ChatComposer
        data={data}
        action={props.action}
        conversation={conversation}
        refused={sendErrors ? { error: Object.values(sendErrors).find(Boolean), text: answer?.text ?? '' } : null}
        onSend={showNewest}
      />
      {dialog === 'block' && data.profile.available ? (
        <BlockDialog profile={data.profile} back={location.pathname} />
      ) : null}
      {dialog === 'report' ? (
        <ReportDialog profile={data.profile} action={props.action} errors={errorsOf('report')} />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteDialog profile={data.profile} action={props.action} errors={errorsOf('delete')} />
      ) : null}
    </main>
  );
}
