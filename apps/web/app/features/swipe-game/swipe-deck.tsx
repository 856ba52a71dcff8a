import { findRegionNames } from '@app/shared/i18n/intl-formats';
import { swipeLikesPerDay } from '@app/shared/likes/like-constants';
import type { SwipeAnswerResponse, SwipeResponse } from '@app/shared/likes/likes';
import { type PointerEvent as ReactPointerEvent, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';
import { announceLikesChanged, announceMatch } from '../likes/likes-events.ts';
import { type CardPlace, type DeckCard, SwipeCardView } from './swipe-card.tsx';
import {
  decideSwipe,
  describeLikesReset,
  dragTransform,
  flyOutTransform,
  type SwipeChoice,
  stampStrength,
} from './swipe-rules.ts';

/** Cards drawn at once: the top one, the one under it and one more, so that the next photo is already there. */
const shownCards = 3;
/** More cards are fetched when this few are left. */
const lowStack = 3;
const flyOutMs = 320;

interface DeckState {
  cards: DeckCard[];
  /** Answered cards still flying off screen. */
  leaving: DeckCard[];
  likesLeft: number;
  resetAt: string;
  error: string | null;
  /** Answers sent and not yet answered: more cards are fetched only when none is, so that none comes back. */
  pending: number;
  loading: boolean;
  /** The last fetch brought nothing new. */
  exhausted: boolean;
}

/** The drag of the top card, kept outside React: moving it re-renders nothing. */
interface Drag {
  element: HTMLElement;
  stamps: { yes: HTMLElement | null; no: HTMLElement | null };
  pointerId: number;
  startX: number;
  /** Read once on pointerdown: the pointermove handler reads no layout. */
  width: number;
  offset: number;
  lastX: number;
  lastTime: number;
  velocity: number;
  frame: number;
}

function toDeckCard(card: SwipeResponse['profiles'][number]): DeckCard {
  return { ...card, place: card.city };
}

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The stack of cards and its 'Nee' and 'Ja' buttons. Without script (or before hydration) the buttons post the
 * form to /swipe-game, which answers with the page again; once hydrated an answer calls /api/swipe.php, the card
 * flies off and the next shows at once. The top card follows a finger or mouse (pointer events, `transform` only,
 * painted once a frame), and the arrow keys answer too.
 */
export function SwipeDeck(props: {
  initial: { profiles: DeckCard[]; likes_left: number; likes_reset_at: string };
  /** The server's clock and the site's time zone, for the first render (the same on server and browser). */
  now: string;
  timeZone: string;
  fictionalIcon: string;
  fictionalLabel: string;
  /** A refusal a plain post came back with, already translated. */
  refused: string | null;
}) {
  const { t, locale } = useI18n();
  const errorText = useApiErrorText();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  // One mutable state, changed at once by every answer (a key held down answers card after card without waiting
  // for a render), and re-rendered after.
  const deck = useRef<DeckState>({
    cards: props.initial.profiles,
    leaving: [],
    likesLeft: props.initial.likes_left,
    resetAt: props.initial.likes_reset_at,
    error: props.refused,
    pending: 0,
    loading: false,
    // The server sends up to 10; three or fewer means there were no more.
    exhausted: props.initial.profiles.length <= lowStack,
  }).current;
  const seen = useRef(new Set(props.initial.profiles.map((card) => card.id))).current;
  const elements = useRef(new Map<number, HTMLElement>()).current;
  const flights = useRef(new Map<number, Animation>()).current;
  const pendingYes = useRef(0);
  const drag = useRef<Drag | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  function update(changes: Partial<DeckState>) {
    Object.assign(deck, changes);
    rerender();
  }

  function loadMore() {
    if (deck.loading) return;
    deck.loading = true;
    apiRequest<SwipeResponse>('GET', '/api/swipe.php').then(
      (answer) => {
        const fresh = answer.profiles.filter((card) => !seen.has(card.id));
        for (const card of fresh) seen.add(card.id);
        update({
          cards: [...deck.cards, ...fresh.map(toDeckCard)],
          exhausted: fresh.length === 0,
          loading: false,
          ...(pendingYes.current === 0 ? { likesLeft: answer.likes_left, resetAt: answer.likes_reset_at } : {}),
        });
      },
      // No connection: stop asking; the buttons still work on the cards there are, and a reload asks again.
      () => update({ exhausted: true, loading: false }),
    );
  }

  // The stack runs low: the next cards, once every answer sent is stored (so none of them comes back).
  useEffect(() => {
    if (deck.cards.length <= lowStack && deck.pending === 0 && !deck.loading && !deck.exhausted) loadMore();
  });

  // Out of likes: ask again once the new day has begun in the site's time zone.
  const waitForLikes = deck.likesLeft === 0 ? Date.parse(deck.resetAt) - Date.now() + 1000 : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadMore reads the deck as it is when the time comes
  useEffect(() => {
    if (waitForLikes === null || waitForLikes > 2 ** 31 - 1) return;
    const timer = setTimeout(
      () => {
        deck.exhausted = false;
        loadMore();
      },
      Math.max(waitForLikes, 1000),
    );
    return () => clearTimeout(timer);
  }, [deck.resetAt, waitForLikes === null]);

  function flyOut(card: DeckCard, choice: SwipeChoice) {
    const element = elements.get(card.id);
    const done = () => {
      flights.delete(card.id);
      update({ leaving: deck.leaving.filter((other) => other.id !== card.id) });
    };
    if (!element || typeof element.animate !== 'function' || prefersReducedMotion()) {
      done();
      return;
    }
    // Far enough to leave any screen; read when answering, never while dragging.
    const distance = Math.max(window.innerWidth, element.offsetWidth * 1.6);
    const flight = element.animate(
      [
        { transform: element.style.transform || 'none', opacity: 1 },
        { transform: flyOutTransform(choice, distance), opacity: 0 },
      ],
      { duration: flyOutMs, easing: 'cubic-bezier(0.4, 0, 1, 1)', fill: 'forwards' },
    );
    flights.set(card.id, flight);
    // A cancelled flight (the card came back) rejects: nothing more to do.
    flight.finished.then(done, () => undefined);
  }

  /** A refused answer: the card comes back on top, as it was before. */
  function bringBack(card: DeckCard) {
    flights.get(card.id)?.cancel();
    flights.delete(card.id);
    const element = elements.get(card.id);
    if (element) element.style.transform = '';
    deck.leaving = deck.leaving.filter((other) => other.id !== card.id);
    deck.cards = [card, ...deck.cards.filter((other) => other.id !== card.id)];
  }

  function answer(choice: SwipeChoice) {
    const card = deck.cards[0];
    if (!card) return;
    if (choice === 'yes' && deck.likesLeft <= 0) {
      springBack();
      return;
    }
    flyOut(card, choice);
    if (choice === 'yes') pendingYes.current++;
    update({
      cards: deck.cards.slice(1),
      leaving: [...deck.leaving, card],
      likesLeft: choice === 'yes' ? deck.likesLeft - 1 : deck.likesLeft,
      pending: deck.pending + 1,
      error: null,
    });
    apiRequest<SwipeAnswerResponse>('POST', '/api/swipe.php', { profile: card.id, answer: choice }).then(
      (result) => {
        if (choice === 'yes') {
          pendingYes.current--;
          if (result.match) {
            announceMatch({
              id: card.id,
              name: card.name,
              photo: card.photo?.match ?? null,
              fictional: card.fictional,
            });
          }
          announceLikesChanged();
        }
        // What the server counted, less the 'Ja' answers still on their way.
        update({
          likesLeft: Math.max(0, result.likes_left - pendingYes.current),
          resetAt: result.likes_reset_at,
          pending: deck.pending - 1,
        });
      },
      (failure: unknown) => {
        if (choice === 'yes') pendingYes.current--;
        const code = failure instanceof ApiRequestError ? failure.code : null;
        // A profile that is gone (hidden, blocked, deleted) stays gone; anything else may be answered again.
        if (code !== 'not_found') bringBack(card);
        let likesLeft = deck.likesLeft;
        if (code === 'swipe_limit_reached') likesLeft = 0;
        else if (choice === 'yes') likesLeft++;
        update({ likesLeft, pending: deck.pending - 1, error: errorText(failure) });
      },
    );
  }

  // The newest `answer` for the key listener, which is added once.
  const answerRef = useRef(answer);
  answerRef.current = answer;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target;
      // Arrows belong to whatever takes them: fields, menus, an open dialog (the match modal).
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable ||
          target.closest('input, textarea, select, [role="dialog"], dialog, [role="menu"], [role="listbox"]'))
      ) {
        return;
      }
      event.preventDefault();
      answerRef.current(event.key === 'ArrowRight' ? 'yes' : 'no');
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  function paintDrag() {
    const current = drag.current;
    if (!current) return;
    current.frame = 0;
    current.element.style.transform = dragTransform(current.offset, current.width);
    const strength = String(stampStrength(current.offset, current.width));
    if (current.stamps.yes) current.stamps.yes.style.opacity = current.offset > 0 ? strength : '0';
    if (current.stamps.no) current.stamps.no.style.opacity = current.offset < 0 ? strength : '0';
  }

  function endDrag(): Drag | null {
    const current = drag.current;
    drag.current = null;
    if (!current) return null;
    if (current.frame) cancelAnimationFrame(current.frame);
    current.element.classList.remove('is-dragging');
    for (const stamp of [current.stamps.yes, current.stamps.no]) if (stamp) stamp.style.opacity = '';
    return current;
  }

  /** Back to the middle: the card's CSS transition (a little overshoot) carries it there. */
  function springBack(element: HTMLElement | null = deck.cards[0] ? (elements.get(deck.cards[0].id) ?? null) : null) {
    if (element) element.style.transform = '';
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!event.isPrimary || event.button !== 0 || drag.current) return;
    const element = event.currentTarget;
    element.setPointerCapture(event.pointerId);
    element.classList.add('is-dragging');
    drag.current = {
      element,
      stamps: {
        yes: element.querySelector<HTMLElement>('.swipe-stamp-yes'),
        no: element.querySelector<HTMLElement>('.swipe-stamp-no'),
      },
      pointerId: event.pointerId,
      startX: event.clientX,
      width: element.offsetWidth,
      offset: 0,
      lastX: event.clientX,
      lastTime: event.timeStamp,
      velocity: 0,
      frame: 0,
    };
  };

  // No layout is read here: the offset is kept and painted once a frame.
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const elapsed = event.timeStamp - current.lastTime;
    if (elapsed > 0) current.velocity = (event.clientX - current.lastX) / elapsed;
    current.lastX = event.clientX;
    current.lastTime = event.timeStamp;
    current.offset = event.clientX - current.startX;
    if (!current.frame) current.frame = requestAnimationFrame(paintDrag);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const ended = endDrag()!;
    // A finger that stopped before letting go flicks nothing.
    const velocity = event.timeStamp - ended.lastTime > 100 ? 0 : ended.velocity;
    const choice = decideSwipe(ended.offset, ended.width, velocity);
    ended.element.style.transform = dragTransform(ended.offset, ended.width);
    if (choice && (choice === 'no' || deck.likesLeft > 0)) answer(choice);
    else springBack(ended.element);
  };

  // The browser took the gesture (a vertical scroll) or the pointer was lost.
  const onPointerCancel = (event: ReactPointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const ended = endDrag()!;
    springBack(ended.element);
  };

  const { cards, leaving, likesLeft } = deck;
  const top = cards[0];
  const countryNames = findRegionNames(locale);
  // The server and the first render in the browser show the site's clock; then the visitor's own.
  const reset = describeLikesReset(
    new Date(deck.resetAt),
    hydrated ? new Date() : new Date(props.now),
    locale,
    hydrated ? undefined : props.timeZone,
  );
  const places = new Map<number, CardPlace>(
    cards.slice(0, shownCards).map((card, index) => [card.id, index === 0 ? 'top' : index === 1 ? 'next' : 'under']),
  );
  // Flying cards first, then the stack: an answer moves no element in the DOM, so its flight goes on undisturbed.
  const drawn = [
    ...leaving.map((card) => ({ card, place: 'leaving' as const })),
    ...cards.slice(0, shownCards).map((card) => ({ card, place: places.get(card.id)! })),
  ];

  return (
    <>
      <p className="swipe-likes-left" aria-live="polite" data-testid="swipe-likes-left">
        <Icon name="heart-fill" /> {t('swipe_game.likes_left', { count: likesLeft })}
      </p>
      {deck.error ? (
        <div className="alert alert-danger swipe-error" role="alert" data-testid="swipe-error">
          {deck.error}
        </div>
      ) : null}
      {top || leaving.length ? (
        <section className="swipe-deck" aria-label={t('swipe_game.cards_label')}>
          {drawn.map(({ card, place }) => (
            <SwipeCardView
              key={card.id}
              card={card}
              place={place}
              countryName={countryNames.of(card.country) ?? card.country}
              fictionalIcon={props.fictionalIcon}
              fictionalLabel={props.fictionalLabel}
              cardRef={(element) => {
                if (element) elements.set(card.id, element);
                else elements.delete(card.id);
              }}
              {...(place === 'top' ? { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } : {})}
            />
          ))}
        </section>
      ) : null}
      {top ? (
        <form method="post" action="/swipe-game" className="swipe-actions">
          <input type="hidden" name="profile" value={top.id} />
          <button
            type="submit"
            name="answer"
            value="no"
            className="swipe-button swipe-button-no"
            onClick={(event) => {
              event.preventDefault();
              answer('no');
            }}
          >
            <Icon name="x" />
            <span>{t('swipe_game.no')}</span>
          </button>
          <button
            type="submit"
            name="answer"
            value="yes"
            className="swipe-button swipe-button-yes"
            disabled={likesLeft <= 0}
            onClick={(event) => {
              event.preventDefault();
              answer('yes');
            }}
          >
            <Icon name="heart-fill" />
            <span>{t('swipe_game.yes')}</span>
          </button>
        </form>
      ) : leaving.length === 0 && (deck.loading || deck.pending > 0) ? (
        <p className="swipe-loading" role="status">
          {t('swipe_game.loading')}
        </p>
      ) : leaving.length === 0 ? (
        <div className="swipe-empty" data-testid="swipe-empty">
          <h2 className="h5">{t('swipe_game.empty_title')}</h2>
          <p>{t('swipe_game.empty_body')}</p>
          <div className="swipe-empty-links">
            <Link className="btn btn-primary" to="/members">
              {t('swipe_game.empty_members')}
            </Link>
            <Link className="btn btn-outline-primary" to="/likes">
              {t('swipe_game.empty_likes')}
            </Link>
          </div>
        </div>
      ) : null}
      {likesLeft <= 0 ? (
        <p className="swipe-reset" data-testid="swipe-reset">
          {t('swipe_game.reset', { ...reset, count: swipeLikesPerDay })}
        </p>
      ) : top ? (
        <p className="swipe-hint">{t('swipe_game.hint')}</p>
      ) : null}
    </>
  );
}
