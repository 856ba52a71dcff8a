import { findRegionNames } from '@app/shared/i18n/intl-formats';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { formatTimeAgo } from '../../lib/time-ago.ts';
import { FictionalLabel } from '../members/fictional-label.tsx';
import { LikeButton } from './like-button.tsx';

/** A like as the likes pages show it: the other member and when (the like, or the match on the matches tab). */
export interface LikeCardData {
  id: number;
  name: string;
  age: number;
  country: string;
  /** The region's name, as locals write it; null when the member gave none. */
  regionName: string | null;
  fictional: boolean;
  photo: string | null;
  at: string;
  /** A received like the member has not opened yet. */
  isNew: boolean;
  /** Both like each other. */
  match: boolean;
}

/** A received like a free member may not open: no name, no photo (a silhouette), only when it came. */
export interface LockedLikeCardData {
  key: string;
  at: string;
  isNew: boolean;
}

/** Where the member lives, as a card says it: the region, else the country. */
export function usePlaceName(card: Pick<LikeCardData, 'country' | 'regionName'>): string {
  const { locale } = useI18n();
  return card.regionName ?? findRegionNames(locale).of(card.country) ?? card.country;
}

/** The "new" marker of a received like not opened yet. */
function NewMarker() {
  const { t } = useI18n();
  return (
    <span className="badge like-card-new" data-testid="like-new">
      {t('likes.new')}
    </span>
  );
}

/** One like in a grid: photo, name, age, place, fictional label, when, and the like button. */
export function LikeCard(props: {
  card: LikeCardData;
  /** Where the card leads: the like's page for a received like, the profile otherwise. */
  to: string;
  now: number;
  fictionalIcon: string;
  fictionalLabel: string;
  /** Whether the viewer likes this member (filled heart; pressing it takes the like back). */
  liked: boolean;
  eager?: boolean;
}) {
  const { card } = props;
  const { t, locale } = useI18n();
  const place = usePlaceName(card);
  return (
    <article
      className={`member-card like-card${card.isNew ? ' is-new' : ''}`}
      data-fictional={card.fictional ? 'true' : undefined}
      data-testid="like-card"
    >
      <div className="member-card-photo">
        {card.photo ? (
          <img
            src={card.photo}
            alt={card.name}
            width={480}
            height={600}
            loading={props.eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="member-card-nophoto" aria-hidden="true" />
        )}
        {card.isNew ? <NewMarker /> : null}
        {card.fictional ? (
          <FictionalLabel icon={props.fictionalIcon} label={props.fictionalLabel} className="member-card-fictional" />
        ) : null}
        <LikeButton
          variant="card"
          liked={props.liked}
          member={{ id: card.id, name: card.name, photo: card.photo, fictional: card.fictional }}
        />
      </div>
      <div className="member-card-body">
        <h3>
          <Link className="stretched-link member-card-link" to={props.to}>
            {card.name}
          </Link>
          , <span className="member-card-age">{t('likes.age', { age: card.age })}</span>
        </h3>
        <p>{place}</p>
        <p className="like-card-meta">
          {card.match ? (
            <span className="like-card-match" data-testid="like-match">
              <Icon name="heart-fill" /> {t('likes.match')}
            </span>
          ) : null}
          <time dateTime={card.at}>{formatTimeAgo(card.at, props.now, locale)}</time>
        </p>
      </div>
    </article>
  );
}

/** A like behind the premium prompt: a silhouette with a lock; the card leads to premium. */
export function LockedLikeCard(props: { card: LockedLikeCardData; now: number }) {
  const { card } = props;
  const { t, locale } = useI18n();
  return (
    <article
      className={`member-card like-card like-card-locked${card.isNew ? ' is-new' : ''}`}
      data-testid="locked-like"
    >
      <div className="member-card-photo">
        <div className="member-card-nophoto like-card-silhouette" aria-hidden="true">
          <Icon name="person-fill" />
        </div>
        <span className="like-card-lock" aria-hidden="true">
          <Icon name="lock-fill" />
        </span>
        {card.isNew ? <NewMarker /> : null}
      </div>
      <div className="member-card-body">
        <h3>
          <Link className="stretched-link member-card-link" to="/premium">
            {t('likes.hidden_like')}
          </Link>
        </h3>
        <p>{t('likes.locked_hint')}</p>
        <p className="like-card-meta">
          <time dateTime={card.at}>{formatTimeAgo(card.at, props.now, locale)}</time>
        </p>
      </div>
    </article>
  );
}
