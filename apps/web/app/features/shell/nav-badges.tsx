import { useI18n } from '../../lib/i18n.tsx';
import { useUnreadMessages } from '../chat/chats-unread.ts';
import { useLikes } from '../likes/likes-state.tsx';
import { countBadgeText } from './shell-rules.ts';

/**
 * A count on a link of the top navigation or the tab bar: up to 99, then 99+, and said in words. The words (a plural
 * message) are formatted only when there is a badge to show.
 */
function CountBadge(props: { count: number; words: (count: number) => string; className: string; testId: string }) {
  const text = countBadgeText(props.count);
  if (!text) return null;
  return (
    <span className={props.className} data-testid={props.testId}>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{props.words(props.count)}</span>
    </span>
  );
}

/** New likes on the likes link. */
export function NewLikesBadge(props: { className: string }) {
  const { t } = useI18n();
  const { newLikes } = useLikes();
  return (
    <CountBadge
      count={newLikes}
      words={(count) => t('nav.new_likes', { count })}
      className={`badge rounded-pill text-bg-primary ${props.className}`}
      testId="new-likes-badge"
    />
  );
}

/** Unread messages on the messages link, in the spec's colour for them. */
export function UnreadMessagesBadge(props: { className: string }) {
  const { t } = useI18n();
  const unread = useUnreadMessages();
  return (
    <CountBadge
      count={unread}
      words={(count) => t('nav.unread_messages', { count })}
      className={`badge rounded-pill text-bg-success ${props.className}`}
      testId="unread-badge"
    />
  );
}
