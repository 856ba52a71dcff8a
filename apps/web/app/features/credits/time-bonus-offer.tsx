import type { SessionUser } from '@app/shared/accounts/session-user';
import {
  findTimeBonusEnd,
  findTimeBonusSecondsLeft,
  formatCountdown,
  timeBonusModalDelaySeconds,
  timeBonusPercentage,
  timeBonusTickMs,
  timeBonusWindowHours,
} from '@app/shared/credits/time-bonus';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useMatches } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { isMembersAreaRoute, shouldOpenTimeBonusModal } from './credit-rules.ts';

// Loaded when it first opens: most members never see it.
const TimeBonusModal = lazy(() => import('./time-bonus-modal.tsx'));

/** Where closing the time-bonus modal is remembered, as the moment it was closed (like the photo alert's). */
const dismissedKey = 'time-bonus-modal-dismissed';

function readDismissedAt(): string | null {
  try {
    return window.localStorage.getItem(dismissedKey);
  } catch {
    return null;
  }
}

/**
 * The seconds the countdown shows. The server renders with its own clock (the root data's `serverTime`) and the
 * page hydrates with the same; then the browser's clock counts on, one step a second, each step when a whole second
 * of the bonus has passed. Only while `ticking`: a countdown nobody sees does not re-render the page.
 */
function useSecondsLeft(user: SessionUser, serverTime: number, ticking: boolean): number {
  const signupDate = user.signup_date;
  const subscribe = useCallback(
    (onTick: () => void) => {
      if (!ticking) return () => {};
      const end = findTimeBonusEnd(signupDate).getTime();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const next = () => {
        const left = end - Date.now();
        if (left <= 0) return;
        timer = setTimeout(
          () => {
            onTick();
            next();
          },
          left % timeBonusTickMs || timeBonusTickMs,
        );
      };
      next();
      return () => clearTimeout(timer);
    },
    [signupDate, ticking],
  );
  return useSyncExternalStore(
    subscribe,
    () => findTimeBonusSecondsLeft(user, new Date()),
    () => findTimeBonusSecondsLeft(user, new Date(serverTime)),
  );
}

/**
 * The time-bonus modal, 40 s after the member enters the members area when it may open then (spec section 4). One
 * modal at a time: while another is open (a new like, the activation reminder) it waits until that one closes.
 */
function useTimeBonusModal(user: SessionUser, inMembersArea: boolean) {
  const [open, setOpen] = useState(false);
  const current = useRef(user);
  current.current = user;
  useEffect(() => {
    if (!inMembersArea) return;
    let timer: ReturnType<typeof setTimeout>;
    const tryOpen = () => {
      const member = current.current;
      const may = shouldOpenTimeBonusModal({
        loggedIn: true,
        credits: member.credits,
        dismissedAt: readDismissedAt(),
        secondsLeft: findTimeBonusSecondsLeft(member, new Date()),
      });
      if (!may) return;
      if (document.querySelector('[aria-modal="true"]')) timer = setTimeout(tryOpen, timeBonusTickMs);
      else setOpen(true);
    };
    timer = setTimeout(tryOpen, timeBonusModalDelaySeconds * 1_000);
    return () => clearTimeout(timer);
  }, [inMembersArea]);
  const close = useCallback(() => {
    try {
      window.localStorage.setItem(dismissedKey, String(Date.now()));
    } catch {
      // Without storage the modal may come back on the next visit, nothing worse.
    }
    setOpen(false);
  }, []);
  return { open, close };
}

/** The welcome-bonus top banner (spec section 2): the offer and its countdown, one link to the credits. */
function WelcomeBonusBanner(props: { secondsLeft: number }) {
  const { t } = useI18n();
  const { secondsLeft } = props;
  return (
    <Link className="time-bonus-banner" to="/credits" data-testid="time-bonus-banner">
      <span className="container time-bonus-banner-inner">
        <span className="time-bonus-banner-text">
          <Icon name="gem" /> {t('time_bonus.banner_text', { percentage: timeBonusPercentage })}
        </span>
        <span className="time-bonus-banner-time">
          {t('time_bonus.banner_ends_in')}{' '}
          <time className="time-bonus-countdown" dateTime={`PT${secondsLeft}S`} data-testid="time-bonus-countdown">
            {formatCountdown(secondsLeft)}
          </time>
        </span>
        <span className="time-bonus-banner-action">{t('time_bonus.banner_action')}</span>
      </span>
    </Link>
  );
}

/**
 * A free member's time bonus (spec sections 2 and 4): in the members area, the welcome-bonus banner counting down
 * every second, and once the modal. Gone when the bonus ends (at zero, or 14,400 s after signup) or the member pays.
 */
export function TimeBonusOffer(props: { user: SessionUser }) {
  const { user } = props;
  const { serverTime } = useRootData();
  const matches = useMatches();
  const inMembersArea = isMembersAreaRoute(matches[matches.length - 1]?.id);
  const modal = useTimeBonusModal(user, inMembersArea);
  const secondsLeft = useSecondsLeft(user, serverTime, inMembersArea || modal.open);
  if (user.paid_user || secondsLeft <= 0) return null;
  return (
    <>
      {inMembersArea ? <WelcomeBonusBanner secondsLeft={secondsLeft} /> : null}
      {modal.open ? (
        <Suspense fallback={null}>
          <TimeBonusModal
            percentage={timeBonusPercentage}
            hours={timeBonusWindowHours}
            countdown={formatCountdown(secondsLeft)}
            onClose={modal.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
