import { notificationsQuerySchema } from '@app/shared/notifications/notifications-feed';
import { data, Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { EmptyNotifications, NotificationList } from '../../features/notifications/notification-list.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { formatTimeAgo } from '../../lib/time-ago.ts';
import type { Route } from './+types/notifications';

/**
 * /notifications: what happened to the member, newest first, 20 entries a page (`?before=` for older ones). Viewing
 * a page marks what it shows read; the entries that were new until now keep their mark on this view.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get('before');
  const query = notificationsQuerySchema.safeParse(before === null ? {} : { before });
  // An address that can name no page is none, for a visitor too (before the login redirect).
  if (!query.success) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  const page = await c.services.notificationsFeed.viewNotifications(query.data.before);
  const now = Date.now();
  return {
    entries: page.entries.map((entry) => ({ ...entry, time_text: formatTimeAgo(entry.at, now, c.locale) })),
    next: page.next,
    before: query.data.before ?? null,
    siteName: c.settings.name,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
  };
}

export const handle = defineRouteHandle({ messages: ['notifications'] });

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { entries, next, before } = loaderData;
  return (
    <main className="container notifications-page">
      <PageTitle title={`${t('notifications.title')} · ${loaderData.siteName}`} />
      <h1 className="h3 mt-3 mb-1">{t('notifications.title')}</h1>
      <p className="text-body-secondary mb-0">{t('notifications.intro')}</p>
      {entries.length > 0 ? (
        <NotificationList
          entries={entries}
          fictionalIcon={loaderData.fictionalIcon}
          fictionalLabel={loaderData.fictionalLabel}
        />
      ) : before ? (
        <p className="mt-3">{t('notifications.no_older')}</p>
      ) : (
        <EmptyNotifications />
      )}
      <div className="notifications-paging">
        {next ? (
          <Link
            className="btn btn-outline-primary"
            to={`/notifications?before=${next}`}
            data-testid="notifications-older"
          >
            {t('notifications.older')}
          </Link>
        ) : null}
        {before ? (
          <Link className="btn btn-outline-secondary" to="/notifications">
            {t('notifications.newest')}
          </Link>
        ) : null}
      </div>
    </main>
  );
}
