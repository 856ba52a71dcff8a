import type { NotificationEntry } from '@app/shared/notifications/notifications-feed';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { FictionalLabel } from '../members/fictional-label.tsx';

/** A line of the page: the entry as the API answers it, with its time as the page writes it ("3 uur geleden"). */
export type NotificationRow = NotificationEntry & { time_text: string };

/** What happened, in the member's words. */
function useEntryText(entry: NotificationRow): string {
  const { t } = useI18n();
  const name = entry.profile?.name ?? '';
  if (entry.kind === 'like') return t('notifications.like');
  if (entry.kind === 'match') return t('notifications.match', { name });
  if (entry.kind === 'messages') return t('notifications.messages', { count: entry.count, name });
  return t(`notifications.credits_${entry.credit_reason ?? 'purchase'}`, { count: entry.credits ?? 0 });
}

/** The round picture of a line: the member's thumbnail, else the kind's icon. */
function EntryPicture(props: { entry: NotificationRow }) {
  const { entry } = props;
  if (entry.profile?.thumbnail) {
    return <img src={entry.profile.thumbnail} alt="" width={48} height={48} loading="lazy" decoding="async" />;
  }
  if (entry.kind === 'like') return <Icon name="heart-fill" />;
  if (entry.kind === 'match') return <Icon name="heart" />;
  if (entry.kind === 'messages') return <Icon name="chat-dots" />;
  return <Icon name="coin" />;
}

function NotificationItem(props: { entry: NotificationRow; fictionalIcon: string; fictionalLabel: string }) {
  const { t } = useI18n();
  const { entry } = props;
  const text = useEntryText(entry);
  return (
    <article
      className={entry.unread ? 'notification-item is-unread' : 'notification-item'}
      data-testid="notification"
      data-kind={entry.kind}
      data-unread={entry.unread ? 'true' : 'false'}
    >
      <div className={entry.profile?.thumbnail ? 'notification-picture' : 'notification-picture notification-icon'}>
        <EntryPicture entry={entry} />
      </div>
      <div className="notification-body">
        <p className="notification-text">
          <Link className="stretched-link" to={entry.link} data-testid="notification-link">
            {text}
          </Link>
        </p>
        <div className="notification-meta">
          <time dateTime={entry.at}>{entry.time_text}</time>
          {entry.profile?.fictional ? (
            <FictionalLabel
              icon={props.fictionalIcon}
              label={props.fictionalLabel}
              className="notification-fictional"
            />
          ) : null}
        </div>
      </div>
      {entry.unread ? (
        <span className="badge rounded-pill text-bg-success notification-new" data-testid="notification-unread">
          {t('notifications.unread')}
        </span>
      ) : null}
    </article>
  );
}

/** The member's notifications, newest first. */
export function NotificationList(props: {
  entries: readonly NotificationRow[];
  fictionalIcon: string;
  fictionalLabel: string;
}) {
  return (
    <ul className="notification-list" data-testid="notification-list">
      {props.entries.map((entry) => (
        <li key={entry.id}>
          <NotificationItem entry={entry} fictionalIcon={props.fictionalIcon} fictionalLabel={props.fictionalLabel} />
        </li>
      ))}
    </ul>
  );
}

/** Nothing happened yet: the way to find someone. */
export function EmptyNotifications() {
  const { t } = useI18n();
  return (
    <div className="notification-empty" data-testid="notifications-empty">
      <span className="notification-empty-icon" aria-hidden="true">
        <Icon name="heart" />
      </span>
      <h2 className="h5">{t('notifications.empty_title')}</h2>
      <p>{t('notifications.empty_body')}</p>
      <Link className="btn btn-primary" to="/members">
        {t('notifications.empty_action')}
      </Link>
    </div>
  );
}
