import { useI18n } from '../../lib/i18n.tsx';
import { countBadgeText } from '../shell/shell-rules.ts';
import { useUnreadMessages } from './chats-state.tsx';

/** The unread-messages count on the messages link (top navigation, tab bar): up to 99, then 99+; said in words too. */
export function UnreadMessagesBadge(props: { className?: string }) {
  const { t } = useI18n();
  const unread = useUnreadMessages();
  const text = countBadgeText(unread);
  if (!text) return null;
  return (
    <span className={`badge rounded-pill text-bg-success ${props.className ?? ''}`} data-testid="unread-badge">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{t('nav.unread_messages', { count: unread })}</span>
    </span>
  );
}
