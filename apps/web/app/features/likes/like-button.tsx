import type { LikeResponse } from '@app/shared/likes/likes';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { announceLikesChanged, announceMatch, type MatchNews } from './likes-events.ts';

/** Whole class names: the build keeps only the CSS whose class names it finds written in the sources. */
const variantClasses = {
  card: { button: 'like-button like-button-card', form: 'like-form like-form-card' },
  page: { button: 'like-button like-button-page', form: 'like-form like-form-page' },
};

/**
 * Like or take a like back. Without script (or before hydration) a form posts to /like and the page comes back;
 * once hydrated the button calls /api/like.php at once, shows the new state, and opens the match modal on a match.
 * A visitor is led to sign up with this member as the target.
 */
export function LikeButton(props: {
  member: MatchNews;
  liked: boolean;
  /** A round icon button over a card's photo, or a full button with text on a profile. */
  variant: 'card' | 'page';
}) {
  const { t } = useI18n();
  const user = useSessionUser();
  const location = useLocation();
  const errorText = useApiErrorText();
  const [liked, setLiked] = useState(props.liked);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setLiked(props.liked), [props.liked]);
  const { member } = props;
  const className = `${variantClasses[props.variant].button}${liked ? ' is-liked' : ''}`;
  const label = liked
    ? t('common.unlike_member', { name: member.name })
    : t('common.like_member', { name: member.name });
  const content = (
    <>
      <Icon name={liked ? 'heart-fill' : 'heart'} />
      {props.variant === 'page' ? <span>{liked ? t('common.liked') : t('common.like')}</span> : null}
    </>
  );

  if (!user) {
    return (
      <Link
        className={className}
        to={`/members/${member.id}/signup`}
        aria-label={props.variant === 'card' ? label : undefined}
        data-testid="like-button"
      >
        {content}
      </Link>
    );
  }

  async function toggle() {
    const next = !liked;
    setBusy(true);
    setError(null);
    setLiked(next);
    try {
      if (next) {
        const answer = await apiRequest<LikeResponse>('POST', '/api/like.php', { profile: member.id });
        if (answer.match) announceMatch(member);
      } else {
        await apiRequest('DELETE', '/api/like.php', { profile: member.id });
      }
      announceLikesChanged();
    } catch (failure) {
      setLiked(!next);
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      action="/like"
      className={variantClasses[props.variant].form}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void toggle();
      }}
    >
      <input type="hidden" name="intent" value={liked ? 'unlike' : 'like'} />
      <input type="hidden" name="profile" value={member.id} />
      <input type="hidden" name="redirect" value={location.pathname + location.search} />
      <button
        type="submit"
        className={className}
        aria-pressed={liked}
        aria-label={props.variant === 'card' ? label : undefined}
        title={label}
        disabled={busy}
        data-testid="like-button"
      >
        {content}
      </button>
      {error ? (
        <span className="like-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
