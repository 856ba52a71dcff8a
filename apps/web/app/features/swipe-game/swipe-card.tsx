import type { SwipeCard } from '@app/shared/likes/likes';
import type { PointerEventHandler, Ref } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { FictionalLabel } from '../members/fictional-label.tsx';

/** A card of the game as the page shows it: the place is the city, or the region's name the loader looked up. */
export interface DeckCard extends SwipeCard {
  place: string | null;
}

/** Where a card lies: on top (answered next), under it, further down, or flying out after its answer. */
export type CardPlace = 'top' | 'next' | 'under' | 'leaving';

// Written out: the build keeps only the CSS classes it finds in the sources.
const placeClasses: Record<CardPlace, string> = {
  top: 'swipe-card-top',
  next: 'swipe-card-next',
  under: 'swipe-card-under',
  leaving: 'swipe-card-leaving',
};

/** One card of the stack: the photo (4:5) with name, age, place and the fictional label over its foot. */
export function SwipeCardView(props: {
  card: DeckCard;
  place: CardPlace;
  countryName: string;
  fictionalIcon: string;
  fictionalLabel: string;
  cardRef?: Ref<HTMLElement>;
  onPointerDown?: PointerEventHandler<HTMLElement>;
  onPointerMove?: PointerEventHandler<HTMLElement>;
  onPointerUp?: PointerEventHandler<HTMLElement>;
  onPointerCancel?: PointerEventHandler<HTMLElement>;
}) {
  const { t } = useI18n();
  const { card, place } = props;
  const top = place === 'top';
  return (
    <article
      ref={props.cardRef}
      className={`swipe-card ${placeClasses[place]}`}
      // Only the top card is read out; the others are pictures behind it.
      aria-hidden={top ? undefined : true}
      data-testid={top ? 'swipe-card' : undefined}
      data-profile={card.id}
      onPointerDown={props.onPointerDown}
      onPointerMove={props.onPointerMove}
      onPointerUp={props.onPointerUp}
      onPointerCancel={props.onPointerCancel}
    >
      {card.photo ? (
        <img
          src={card.photo.match}
          alt={top ? card.name : ''}
          width={480}
          height={600}
          draggable={false}
          decoding="async"
          fetchPriority={top ? 'high' : undefined}
        />
      ) : (
        <div className="swipe-card-nophoto" />
      )}
      <span className="swipe-stamp swipe-stamp-yes" aria-hidden="true">
        {t('swipe_game.yes')}
      </span>
      <span className="swipe-stamp swipe-stamp-no" aria-hidden="true">
        {t('swipe_game.no')}
      </span>
      <div className="swipe-card-info">
        {card.fictional ? <FictionalLabel icon={props.fictionalIcon} label={props.fictionalLabel} /> : null}
        <h2>
          {card.name}, <span className="swipe-card-age">{t('members.age', { age: card.age })}</span>
        </h2>
        <p>{card.place ?? props.countryName}</p>
      </div>
    </article>
  );
}
