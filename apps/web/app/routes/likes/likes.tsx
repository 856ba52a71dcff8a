import { type LikeType, likesListLimit, likesPageSize, likeTypes } from '@app/shared/likes/like-constants';
import { useEffect } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { LikeCard, LockedLikeCard } from '../../features/likes/like-card.tsx';
import { readBeforeCursor, toLikeCard, toLockedLikeCard } from '../../features/likes/like-cards.server.ts';
import { onLikesChanged } from '../../features/likes/likes-events.ts';
import { LockedLikesPrompt } from '../../features/likes/locked-likes-prompt.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/likes';

function isLikeType(value: string): value is LikeType {
  return (likeTypes as readonly string[]).includes(value);
}

/** A tab's count when the lists of GET /api/likes.php hold them all, else "50+"; null when it cannot be known. */
function tabCount(count: number, complete: boolean): { count: number; more: boolean } | null {
  if (count >= likesListLimit) return { count: likesListLimit, more: true };
  return complete ? { count, more: false } : null;
}

/** /likes (the received tab) and /likes/{received|given|matches}: one page of a list, newest first. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  // An unknown tab is no page, for a visitor too (before the login redirect).
  const type = (params as { type?: string }).type ?? 'received';
  if (!isLikeType(type)) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  const before = readBeforeCursor(request);
  if (before === null) throw data(null, { status: 404 });
  const [page, all] = await Promise.all([
    c.services.likes.findLikesPage(type, likesPageSize, before),
    c.services.likes.findLikes(),
  ]);
  const givenComplete = all.profiles.length < likesListLimit;
  const cards = page.likes.map((like) =>
    toLikeCard(like, type === 'matches' ? (like.matched_at ?? like.liked_at) : like.liked_at),
  );
  return {
    type,
    // Locked likes sit among the others by time (the service splits a page's received likes in two).
    items: [
      ...cards.map((card) => ({ kind: 'like' as const, at: card.at, card })),
      ...page.locked.map(toLockedLikeCard).map((card) => ({ kind: 'locked' as const, at: card.at, card })),
    ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)),
    before: before ?? null,
    nextCursor: page.next_cursor,
    counts: {
      received: tabCount(all.liked_by.length + all.locked.length, true),
      given: tabCount(all.profiles.length, true),
      matches: tabCount(all.profiles.filter((like) => like.match).length, givenComplete),
    },
    newLikes: all.new_likes,
    lockedCount: all.locked.length,
    now: Date.now(),
    siteName: c.settings.name,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
  };
}

export const handle = defineRouteHandle({ messages: ['likes'] });

type LoaderData = Route.ComponentProps['loaderData'];

export default function LikesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const { type, items } = loaderData;
  // A like given or taken back from a card changes the lists and counts: read them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once; the revalidator is stable enough
  useEffect(() => onLikesChanged(() => void revalidator.revalidate()), []);

  return (
    <main className="container likes-page">
      <PageTitle title={`${t('likes.title')} · ${loaderData.siteName}`} />
      <h1 className="h3 mt-3">{t('likes.title')}</h1>
      <LikesTabs active={type} counts={loaderData.counts} newLikes={loaderData.newLikes} />
      <h2 className="h5 mt-3">{t(`likes.heading.${type}`)}</h2>
      {type === 'received' && loaderData.lockedCount > 0 && !loaderData.before ? (
        <LockedLikesPrompt count={loaderData.lockedCount} />
      ) : null}
      {items.length ? (
        <ul className="member-grid" data-testid="likes-list">
          {items.map((item, index) =>
            item.kind === 'locked' ? (
              <li key={item.card.key}>
                <LockedLikeCard card={item.card} now={loaderData.now} />
              </li>
            ) : (
              <li key={item.card.id}>
                <LikeCard
                  card={item.card}
                  to={type === 'received' ? `/likes/m/${item.card.id}` : `/members/${item.card.id}`}
                  now={loaderData.now}
                  fictionalIcon={loaderData.fictionalIcon}
                  fictionalLabel={loaderData.fictionalLabel}
                  // A received like is liked back when it is a match; the other tabs list members the viewer likes.
                  liked={type === 'received' ? item.card.match : true}
                  eager={index < 6}
                />
              </li>
            ),
          )}
        </ul>
      ) : loaderData.before ? (
        <p className="mt-3">{t('likes.no_older')}</p>
      ) : (
        <EmptyLikes type={type} />
      )}
      <div className="likes-paging">
        {loaderData.nextCursor ? (
          <Link className="btn btn-outline-primary" to={`?before=${loaderData.nextCursor}`} data-testid="likes-older">
            {t('likes.older')}
          </Link>
        ) : null}
        {loaderData.before ? (
          <Link className="btn btn-outline-secondary" to={`/likes/${type}`}>
            {t('likes.newest')}
          </Link>
        ) : null}
      </div>
    </main>
  );
}

/** The three tabs: links, so that they work without script, each with its count when known. */
function LikesTabs(props: { active: LikeType; counts: LoaderData['counts']; newLikes: number }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('likes.tabs')}>
      <ul className="likes-tabs" data-testid="likes-tabs">
        {likeTypes.map((type) => {
          const count = props.counts[type];
          const active = type === props.active;
          return (
            <li key={type}>
              <Link
                to={`/likes/${type}`}
                className={`likes-tab${active ? ' active' : ''}`}
                aria-current={active ? 'page' : undefined}
                data-testid={`likes-tab-${type}`}
              >
                <span>{t(`likes.tab.${type}`)}</span>
                {count ? (
                  <span className="likes-tab-count">
                    {t(count.more ? 'likes.tab_count_more' : 'likes.tab_count', { count: count.count })}
                  </span>
                ) : null}
                {type === 'received' && props.newLikes > 0 ? (
                  <span className="badge rounded-pill likes-tab-new" data-testid="likes-tab-new">
                    {/* The number on the tab's corner; the words for screen readers. Capped as the nav's badge is. */}
                    <span aria-hidden="true">{props.newLikes > 99 ? '99+' : props.newLikes}</span>
                    <span className="visually-hidden">{t('likes.tab_new', { count: props.newLikes })}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** What to do when a list is empty: complete the profile, browse members, play the swipe game, like back. */
function EmptyLikes(props: { type: LikeType }) {
  const { t } = useI18n();
  const browse = (
    <Link className="btn btn-primary" to="/members">
      {t('likes.browse')}
    </Link>
  );
  const content = {
    received: {
      title: t('likes.empty_received_title'),
      body: t('likes.empty_received_body'),
      actions: (
        <>
          <Link className="btn btn-outline-primary" to="/profile">
            {t('likes.complete_profile')}
          </Link>
          {browse}
        </>
      ),
    },
    given: {
      title: t('likes.empty_given_title'),
      body: t('likes.empty_given_body'),
      actions: (
        <>
          {browse}
          <Link className="btn btn-outline-primary" to="/swipe-game">
            {t('likes.swipe_game')}
          </Link>
        </>
      ),
    },
    matches: {
      title: t('likes.empty_matches_title'),
      body: t('likes.empty_matches_body'),
      actions: (
        <>
          <Link className="btn btn-primary" to="/likes/received">
            {t('likes.see_received')}
          </Link>
          <Link className="btn btn-outline-primary" to="/members">
            {t('likes.browse')}
          </Link>
        </>
      ),
    },
  }[props.type];
  return (
    <section className="likes-empty" data-testid="likes-empty">
      <h3 className="h5">{content.title}</h3>
      <p>{content.body}</p>
      <div className="likes-empty-actions">{content.actions}</div>
    </section>
  );
}
