import { AppError } from '@app/shared/errors/app-error';
import { isErrorCode } from '@app/shared/errors/error-codes';
import { swipeLikesPerDay } from '@app/shared/likes/like-constants';
import { swipeFormSchema } from '@app/shared/likes/likes';
import { defaultSiteTimeZone } from '@app/shared/sites/site-settings';
import { redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SwipeDeck } from '../../features/swipe-game/swipe-deck.tsx';
import { withSearchParam } from '../../lib/cookies.ts';
import { errorParam } from '../../lib/error-param.server.ts';
import { readFormValues } from '../../lib/form.ts';
import { useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { regionName } from '../../lib/regions.server.ts';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/swipe-game';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const game = await c.services.likes.findSwipeCards();
  return {
    siteName: c.settings.name,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
    game: {
      ...game,
      // The loader has every region's name; cards fetched later in the browser show their city or country.
      profiles: game.profiles.map((card) => ({ ...card, place: card.city ?? regionName(card.country, card.region) })),
    },
    /** The server's clock and the site's time zone: the time new likes come, until the browser shows its own. */
    now: new Date().toISOString(),
    timeZone: c.settings.time_zone ?? defaultSiteTimeZone,
    /** An answer refused after a plain post (`?swipe_error=swipe_limit_reached`). */
    refused: errorParam(request, 'swipe_error'),
  };
}

/**
 * POST /swipe-game: the game without script (and before hydration): `profile` and `answer` (yes|no), by the rules
 * of POST /api/swipe.php, then the page again (post/redirect/get), with `?swipe_error=<code>` when refused. A 'Ja'
 * that makes a match goes to the matches. Once hydrated the page calls the API itself.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const parsed = swipeFormSchema.safeParse(readFormValues(await request.formData()));
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw redirect(withSearchParam('/swipe-game', 'swipe_error', isErrorCode(message) ? message : 'validation_failed'));
  }
  let match = false;
  try {
    match = (await c.services.likes.answerSwipe(parsed.data.profile, parsed.data.answer)).match;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    throw redirect(withSearchParam('/swipe-game', 'swipe_error', error.code));
  }
  if (match) throw redirect('/likes/matches');
  throw redirect('/swipe-game');
}

// `members`: the age as member cards write it (the fictional label comes from the member card's module).
export const handle = defineRouteHandle({ messages: ['members', 'swipe_game'] });

/** /swipe-game: one card at a time, answered 'Nee' or 'Ja' (at most 4 a day), by button, swipe or arrow key. */
export default function SwipeGame({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const refused = useFormErrorTexts(
    loaderData.refused ? { form: { code: loaderData.refused, values: { limit: swipeLikesPerDay } } } : undefined,
  );
  return (
    <main className="container swipe-page">
      <PageTitle title={`${t('swipe_game.title')} · ${loaderData.siteName}`} />
      <h1 className="h3">{t('swipe_game.title')}</h1>
      <p className="swipe-intro">{t('swipe_game.intro')}</p>
      <SwipeDeck
        initial={loaderData.game}
        now={loaderData.now}
        timeZone={loaderData.timeZone}
        fictionalIcon={loaderData.fictionalIcon}
        fictionalLabel={loaderData.fictionalLabel}
        refused={refused.form ?? null}
      />
    </main>
  );
}
