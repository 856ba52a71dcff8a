import type { ChatMessage } from '@app/shared/chat/chat';
import { type RefObject, useMemo } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { formatClock, formatDayName } from './chat-format.ts';
import { ChatIcon } from './chat-icon.tsx';
import { findOwnMessageState, groupByDay, type OwnMessageState, type PendingMessage } from './chat-rules.ts';
import type { Conversation } from './use-conversation.ts';

type Item =
  | { kind: 'stored'; key: string; created_at: string; message: ChatMessage }
  | { kind: 'pending'; key: string; created_at: string; message: PendingMessage };

/** A message's content: text as plain text (never a link), a photo, a GIF or a gift. */
function MessageContent(props: {
  message: Pick<ChatMessage, 'type' | 'text' | 'gif' | 'gift'> & { photo?: ChatMessage['photo'] };
  photoPreview?: string | null;
}) {
  const { t } = useI18n();
  const { message } = props;
  if (message.type === 'photo') {
    const photo = message.photo;
    if (!photo) {
      return props.photoPreview ? (
        <img className="chat-photo" src={props.photoPreview} alt={t('chat.photo')} width={240} height={240} />
      ) : null;
    }
    return (
      <a className="chat-photo-link" href={photo.full} target="_blank" rel="noopener" title={t('chat.photo_open')}>
        <img className="chat-photo" src={photo.thumb} alt={t('chat.photo')} width={240} height={240} loading="lazy" />
      </a>
    );
  }
  if (message.type === 'gif' && message.gif) {
    return (
      <img
        className="chat-gif"
        src={message.gif.url}
        alt={message.gif.title}
        width={message.gif.width}
        height={message.gif.height}
        loading="lazy"
      />
    );
  }
  if (message.type === 'gift' && message.gift) {
    const name = t(`gifts.${message.gift.id}`);
    return (
      <span className="chat-gift" data-testid="chat-gift">
        <img src={message.gift.image} alt="" width={96} height={96} loading="lazy" />
        <span className="chat-gift-name">{t('chat.gift_sent', { gift: name })}</span>
      </span>
    );
  }
  // React writes the text as text: a link stays words, and the line breaks show by CSS (white-space: pre-wrap).
  return <p className="chat-text">{message.text}</p>;
}

/** What an own message shows under it: sending, sent, read, held until the address is confirmed, or failed. */
function OwnState(props: { state: OwnMessageState; onRetry?: () => void }) {
  const { t } = useI18n();
  const { state } = props;
  const icon = state === 'read' ? 'check2-all' : state === 'sent' ? 'check2' : state === 'sending' ? 'clock' : null;
  return (
    <span className={state === 'failed' ? 'chat-state chat-state-failed' : 'chat-state'} data-state={state}>
      {icon ? <ChatIcon name={icon} /> : null}
      <span>{t(`chat.state.${state}`)}</span>
      {state === 'failed' && props.onRetry ? (
        <button type="button" className="btn btn-link btn-sm chat-retry" onClick={props.onRetry}>
          {t('chat.retry')}
        </button>
      ) : null}
    </span>
  );
}

function MessageItem(props: { item: Item; readUpTo: number; onRetry: (message: PendingMessage) => void }) {
  const { locale } = useI18n();
  const { settings } = useRootData();
  const { item } = props;
  const own = item.kind === 'pending' || item.message.from_me;
  const state: OwnMessageState | null =
    item.kind === 'pending'
      ? item.message.status
      : item.message.from_me
        ? findOwnMessageState(item.message, props.readUpTo)
        : null;
  const media = item.message.type !== 'message';
  return (
    <li
      className={own ? 'chat-message chat-message-own' : 'chat-message'}
      data-testid="chat-message"
      data-type={item.message.type}
      data-state={state ?? undefined}
    >
      <div className={media ? 'chat-bubble chat-bubble-media' : 'chat-bubble'}>
        <MessageContent
          message={item.message}
          photoPreview={item.kind === 'pending' ? item.message.photoPreview : null}
        />
      </div>
      <div className="chat-meta">
        <time dateTime={item.created_at} suppressHydrationWarning>
          {formatClock(item.created_at, locale, settings.time_zone)}
        </time>
        {state ? (
          <OwnState
            state={state}
            onRetry={item.kind === 'pending' ? () => props.onRetry(item.message as PendingMessage) : undefined}
          />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The conversation, oldest at the top and newest at the bottom, by day under a date divider; own messages on the
 * right with their state. The list scrolls in a box whose scroll starts at the bottom (CSS `column-reverse`), so a
 * page without script opens at the newest message and older pages put in at the top move nothing.
 */
export function MessageList(props: {
  conversation: Conversation;
  conversationId: number | null;
  name: string;
  now: number;
  /** The older page shown without script (`?before=`), which links back to the newest. */
  before: number | null;
  scrollRef: RefObject<HTMLDivElement | null>;
}) {
  const { t, locale } = useI18n();
  const { settings } = useRootData();
  const { conversation, conversationId } = props;
  const { older } = conversation;
  const items = useMemo<Item[]>(
    () => [
      ...conversation.messages.map((message) => ({
        kind: 'stored' as const,
        key: `m${message.id}`,
        created_at: message.created_at,
        message,
      })),
      ...conversation.pending.map((message) => ({
        kind: 'pending' as const,
        key: `c${message.client_id}`,
        created_at: message.created_at,
        message,
      })),
    ],
    [conversation.messages, conversation.pending],
  );
  const groups = groupByDay(items, settings.time_zone);
  return (
    <div className="chat-scroll" ref={props.scrollRef} data-testid="chat-scroll">
      <div className="chat-scroll-inner">
        {conversationId !== null && older.nextBefore !== null ? (
          <p className="chat-older">
            <Link
              className="btn btn-sm btn-outline-secondary"
              to={`/chats/${conversationId}?before=${older.nextBefore}`}
              preventScrollReset
              data-testid="chat-older"
              aria-disabled={older.loading || undefined}
              onClick={(event) => {
                // With script the older page goes in above the messages; without, the link shows it.
                event.preventDefault();
                older.load();
              }}
            >
              {older.loading ? t('chat.loading_older') : t('chat.older')}
            </Link>
          </p>
        ) : older.historyLimited ? (
          <p className="chat-older chat-history-limited" data-testid="chat-history-limited">
            {t('chat.history_limited')}
          </p>
        ) : null}
        {items.length === 0 ? (
          <div className="chat-empty" data-testid="chat-empty">
            <p className="chat-empty-title">{t('chat.empty_title')}</p>
            <p className="mb-0">{t('chat.empty_body', { name: props.name })}</p>
          </div>
        ) : null}
        <div role="log" aria-label={t('chat.messages_label', { name: props.name })}>
          {groups.map((group) => (
            <section className="chat-day-group" key={group.day}>
              <h2 className="chat-day">
                <time dateTime={group.day} suppressHydrationWarning>
                  {formatDayName(group.day, props.now, locale, settings.time_zone, t)}
                </time>
              </h2>
              <ol className="chat-messages">
                {group.items.map((item) => (
                  <MessageItem
                    key={item.key}
                    item={item}
                    readUpTo={conversation.readUpTo}
                    onRetry={conversation.retry}
                  />
                ))}
              </ol>
            </section>
          ))}
        </div>
        {conversation.typing ? (
          <p className="chat-typing" aria-live="polite" data-testid="chat-typing">
            {t('chat.typing', { name: props.name })}
          </p>
        ) : null}
        {props.before !== null && conversationId !== null ? (
          <p className="chat-older">
            <Link className="btn btn-sm btn-outline-secondary" to={`/chats/${conversationId}`}>
              {t('chat.newest')}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
