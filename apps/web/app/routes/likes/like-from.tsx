import { parseIdParam } from '@app/shared/input';
import { useEffect } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { LikeButton } from '../../features/likes/like-button.tsx';
import { usePlaceName } from '../../features/likes/like-card.tsx';
import { toLikeCard } from '../../features/likes/like-cards.server.ts';
import { onLikesChanged } from '../../features/likes/likes-events.ts';
import { LockedLikesPrompt } from '../../features/likes/locked-likes-prompt.tsx';
import { FictionalLabel } from '../../features/members/fictional-label.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { formatTimeAgo } from '../../lib/time-ago.ts';
import type { Route } from './+types/like-from';

/**
 * /likes/m/{id}: the like this member gave the viewer. Opening it clears the like's "new" mark. A like the viewer
 * may not open (a free member's beyond the first few) and one that does not exist look the same to a free member,
 * a premium prompt with status 404, so that a guessed address tells nothing of who liked them.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  const base = { siteName: c.settings.name, now: Date.now() };
  // One read: the like if the member may open it (seen from now on), and whether they like the liker back.
  const { likedBy: like, liked } = await c.services.likes.openLikesWith(id);
  if (!like) {
    if (c.user.paid_user) throw data(null, { status: 404 });
    return data({ ...base, like: null }, { status: 404 });
  }
  return {
    ...base,
    like: toLikeCard(like),
    liked,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
    fictionalWarning: c.settings.fictional_warning,
  };
}

export const handle = defineRouteHandle({ messages: ['likes'] });

export default function LikeFromPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (!loaderData.like) {
    return (
      <main className="container like-from-page">
        <PageTitle title={`${t('likes.hidden_title')} · ${loaderData.siteName}`} />
        <div className="like-from-hidden">
          <LockedLikesPrompt title={t('likes.hidden_title')} headingLevel={1} />
          <BackToLikes />
        </div>
      </main>
    );
  }
  return <LikeFrom data={loaderData as Extract<typeof loaderData, { liked: boolean }>} />;
}

function BackToLikes() {
  const { t } = useI18n();
  return (
    <Link className="btn btn-link like-from-back" to="/likes/received">
      <Icon name="arrow-left" /> {t('likes.all_likes')}
    </Link>
  );
}

function LikeFrom({ data: loaderData }: { data: Extract<Route.ComponentProps['loaderData'], { liked: boolean }> }) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const { like } = loaderData;
  const place = usePlaceName(like);
  // Liked back with script: read the like again, so the page shows the match.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once; the revalidator is stable enough
  useEffect(() => onLikesChanged(() => void revalidator.revalidate()), []);
  const title = t('likes.from_title', { name: like.name });

  return (
    <main className="container like-from-page">
      <PageTitle title={`${title} · ${loaderData.siteName}`} />
      {like.fictional ? (
        <div className="alert alert-warning fictional-warning mt-3" role="note" data-testid="fictional-warning">
          <FictionalLabel icon={loaderData.fictionalIcon} label={loaderData.fictionalLabel} />
          <p className="mb-0 mt-2">{loaderData.fictionalWarning}</p>
        </div>
      ) : null}
      <div className="like-from">
        <div className="member-photo-main like-from-photo">
          {like.photo ? (
            <img src={like.photo} alt={like.name} width={480} height={600} fetchPriority="high" />
          ) : (
            <div className="member-card-nophoto" aria-hidden="true" />
          )}
          {like.isNew ? (
            <span className="badge like-card-new" data-testid="like-new">
              {t('likes.new')}
            </span>
          ) : null}
        </div>
        <section className="like-from-details">
          <h1 className="h3 mb-1">{title}</h1>
          <p className="like-from-who mb-1">
            <strong>{like.name}</strong>, {t('likes.age', { age: like.age })} · {place}
          </p>
          {like.fictional ? (
            <FictionalLabel icon={loaderData.fictionalIcon} label={loaderData.fictionalLabel} className="mb-2" />
          ) : null}
          <p className="text-body-secondary">
            <time dateTime={like.at}>
              {t('likes.liked_you', { when: formatTimeAgo(like.at, loaderData.now, locale) })}
            </time>
          </p>
          {like.match ? (
            <p className="like-from-match" data-testid="like-match">
              <Icon name="heart-fill" /> {t('likes.matched')}
            </p>
          ) : (
            <p>{t('likes.like_back', { name: like.name })}</p>
          )}
          <div className="like-from-actions">
            <LikeButton
              variant="page"
              liked={loaderData.liked}
              member={{ id: like.id, name: like.name, photo: like.photo, fictional: like.fictional }}
            />
            <Link className="btn btn-primary" to={`/members/${like.id}/chat`} data-testid="like-from-chat">
              <Icon name="chat-dots" /> {t('likes.send_message')}
            </Link>
            <Link className="btn btn-outline-primary" to={`/members/${like.id}`} data-testid="like-from-profile">
              <Icon name="person-circle" /> {t('likes.view_profile')}
            </Link>
          </div>
          <BackToLikes />
        </section>
      </div>
    </main>
  );
}
