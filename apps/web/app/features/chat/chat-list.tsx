import trash from 'bootstrap-icons/icons/trash3.svg?raw';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { FictionalLabel } from '../members/fictional-label.tsx';
import { countBadgeText } from '../shell/shell-rules.ts';
import { type ChatListEntry, describePreview, withDeleteParam } from './chats-rules.ts';

/** The last message's line: its text or kind, after "Jij: " when the member sent it. */
function ChatPreviewText(props: { last: ChatListEntry['last_message'] }) {
  const { t } = useI18n();
  const preview = describePreview(props.last);
  if (preview.kind === 'none') return <span className="chat-list-none">{t('chats.preview.none')}</span>;
  const text = preview.kind === 'text' ? preview.text : t(`chats.preview.${preview.kind}`);
  return <>{preview.own ? t('chats.from_me', { text }) : text}</>;
}

function UnreadCount(props: { count: number }) {
  const { t } = useI18n();
  const text = countBadgeText(props.count);
  if (!text) return null;
  return (
    <span className="badge rounded-pill text-bg-success chat-list-unread" data-testid="chat-unread">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{t('chats.unread', { count: props.count })}</span>
    </span>
  );
}

/**
 * One conversation of the list: photo, name (the link to the conversation), fictional label, the last message and
 * when, the unread count, and the way to delete it. A member who left or blocks is shown greyed.
 */
function ChatListItem(props: { chat: ChatListEntry; fictionalIcon: string; fictionalLabel: string }) {
  const { t } = useI18n();
  const location = useLocation();
  const { chat } = props;
  const { profile } = chat;
  const unread = chat.num_unread_messages > 0;
  return (
    <article
      className={`chat-list-item${unread ? ' has-unread' : ''}${profile.available ? '' : ' is-unavailable'}`}
      data-testid="chat-list-item"
      data-conversation={chat.conversation.id}
    >
      <div className="chat-list-avatar">
        {profile.thumbnail ? (
          <img src={profile.thumbnail} alt="" width={56} height={56} loading="lazy" decoding="async" />
        ) : (
          <span className="chat-list-nophoto" aria-hidden="true">
            <Icon name="person-fill" />
          </span>
        )}
      </div>
      <div className="chat-list-body">
        <div className="chat-list-line">
          <h2 className="chat-list-name">
            <Link className="stretched-link" to={`/chats/${chat.conversation.id}`} data-testid="chat-open">
              {profile.name}
            </Link>
          </h2>
          <time className="chat-list-time" dateTime={chat.last_message?.created_at ?? chat.updated_at}>
            {chat.time_text}
          </time>
        </div>
        {profile.fictional || !profile.available ? (
          <div className="chat-list-labels">
            {profile.fictional ? (
              <FictionalLabel icon={props.fictionalIcon} label={props.fictionalLabel} className="chat-list-fictional" />
            ) : null}
            {profile.available ? null : <span className="chat-list-gone">{t('chats.unavailable')}</span>}
          </div>
        ) : null}
        <div className="chat-list-line">
          <p className="chat-list-preview" data-testid="chat-preview">
            <ChatPreviewText last={chat.last_message} />
          </p>
          <UnreadCount count={chat.num_unread_messages} />
        </div>
      </div>
      {/* The confirmation is a state of the page's address, which the server renders open too: no script needed. */}
      <Link
        className="btn chat-list-delete"
        to={withDeleteParam(location.search, chat.conversation.id)}
        preventScrollReset
        data-testid="chat-delete"
      >
        {/* Not in the shared icon set, which every page loads: only this list uses it. */}
        <span
          className="icon"
          role="img"
          aria-label={t('chats.delete', { name: profile.name })}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a static SVG file from the bootstrap-icons package
          dangerouslySetInnerHTML={{ __html: trash }}
        />
      </Link>
    </article>
  );
}

/** The member's conversations, newest first. */
export function ChatList(props: { chats: readonly ChatListEntry[]; fictionalIcon: string; fictionalLabel: string }) {
  return (
    <ul className="chat-list" data-testid="chat-list">
      {props.chats.map((chat) => (
        <li key={chat.conversation.id}>
          <ChatListItem chat={chat} fictionalIcon={props.fictionalIcon} fictionalLabel={props.fictionalLabel} />
        </li>
      ))}
    </ul>
  );
}

/** No conversations yet: the way to find someone to write to. */
export function EmptyChatList() {
  const { t } = useI18n();
  return (
    <div className="chat-list-empty" data-testid="chats-empty">
      <span className="chat-list-empty-icon" aria-hidden="true">
        <Icon name="chat-dots" />
      </span>
      <h2 className="h5">{t('chats.empty_title')}</h2>
      <p>{t('chats.empty_body')}</p>
      <Link className="btn btn-primary" to="/members">
        {t('chats.empty_action')}
      </Link>
    </div>
  );
}
