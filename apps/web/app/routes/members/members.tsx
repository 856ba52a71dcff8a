import { AppError } from '@app/shared/errors/app-error';
import { type ErrorCode, isErrorCode } from '@app/shared/errors/error-codes';
import { findRegionNames, findRelativeTimeFormat } from '@app/shared/i18n/intl-formats';
import { genders } from '@app/shared/profiles/profile-fields';
import { type MemberSearchQuery, memberSearchQuerySchema } from '@app/shared/search/member-search';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, redirect, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { LocateButton } from '../../components/ui/locate-button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { useSessionUser } from '../../features/accounts/session-refresh.tsx';
import { MemberCardView } from '../../features/members/member-card.tsx';
import { errorParam } from '../../lib/error-param.server.ts';
import { type FormError, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { regionOptions } from '../../lib/regions.server.ts';
import { useRegions } from '../../lib/regions.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/members';

const filterParameters = ['gender', 'country', 'region', 'min_age', 'max_age'] as const;
const searchParameters = [...filterParameters, 'cursor', 'trafficsource'] as const;
/** Every filter named and empty: everyone, not the member's own start. */
const anyFilterPath = `/members?${filterParameters.map((key) => `${key}=`).join('&')}`;

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = context.get(webContext);
  const url = new URL(request.url);
  // Only the search's own parameters: the address may also carry tracking or router parameters.
  const raw: Record<string, string> = Object.fromEntries(
    searchParameters.flatMap((key) => {
      const value = url.searchParams.get(key);
      return value ? [[key, value]] : [];
    }),
  );
  // A member's search starts from their own answers unless the address names a filter (an empty one means "any").
  const named = filterParameters.some((key) => url.searchParams.has(key));
  const start: Partial<MemberSearchQuery> = c.user && !named ? await c.services.profiles.findSearchStart() : {};
  // Every filter, "" for any: the form shows them and the next page's address names them all, so it keeps them.
  const filters = Object.fromEntries(
    filterParameters.map((key) => [key, named ? (raw[key] ?? '') : String(start[key] ?? '')]),
  ) as Record<(typeof filterParameters)[number], string>;
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  const parsed = memberSearchQuerySchema.safeParse({ ...raw, ...chosen });
  const base = {
    siteName: c.settings.name,
    countries: c.settings.countries,
    searchFields: c.settings.search_fields,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
    filters,
    /** The chosen country's regions; another country's come when it is chosen (or with the search, without script). */
    regions: regionOptions(filters.country),
    /** A block refused after a plain post from a member's page, which sends the member here (`?block_error=`). */
    blockError: errorParam(request, 'block_error'),
    /** A like refused after a plain post from a card (`?like_error=`). */
    likeError: errorParam(request, 'like_error'),
  };
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    const code = isErrorCode(message) ? message : 'validation_failed';
    return {
      ...base,
      result: null,
      likedIds: [],
      error: searchError(code, { field: String(parsed.error.issues[0]!.path[0]) }),
    };
  }
  try {
    const result = await c.services.search.searchMembers(parsed.data);
    const shown = [...result.results, ...result.similar_results].map((member) => member.id);
    const likedIds = await c.services.likes.findLikedAmong(shown);
    return { ...base, result, likedIds, error: null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'authentication_required') {
      throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
    }
    if (error instanceof AppError && error.status < 500)
      return { ...base, result: null, likedIds: [], error: searchError(error.code, error.values) };
    throw error;
  }
}

/** A refused search as the page shows it: by code, translated on the page like a form's errors. */
function searchError(code: ErrorCode, values?: Record<string, string | number>): FormError {
  return values ? { code, values } : { code };
}

function activity(
  lastActive: string,
  now: number,
  locale: string,
  t: (key: string, values?: Record<string, string>) => string,
) {
  const minutes = Math.round((now - new Date(lastActive).getTime()) / 60_000);
  if (minutes < 10) return { online: true, text: t('members.online_now') };
  const format = findRelativeTimeFormat(locale, { numeric: 'auto' });
  const when =
    minutes < 60
      ? format.format(-minutes, 'minute')
      : minutes < 24 * 60
        ? format.format(-Math.round(minutes / 60), 'hour')
        : format.format(-Math.round(minutes / (24 * 60)), 'day');
  return { online: false, text: t('members.active_ago', { when }) };
}

export const handle = defineRouteHandle({ messages: ['geo', 'match_finder', 'members', 'profile', 'swipe_game'] });

/** /members: search and browse by gender, country, region and age. */
export default function Members({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { filters } = loaderData;
  const chosenCountry = filters.country;
  const [country, setCountry] = useState(chosenCountry);
  const countryRef = useRef<HTMLSelectElement>(null);
  const regions = useRegions(country, loaderData.regions);
  // The form starts anew with every search; a country chosen before the page came alive still shows its regions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search changes
  useEffect(() => {
    setCountry(countryRef.current?.value ?? chosenCountry);
  }, [params]);
  const { result, error, searchFields } = loaderData;
  const refused = loaderData.blockError ?? loaderData.likeError;
  const blockErrors = useFormErrorTexts(refused ? { form: { code: refused } } : undefined);
  const searchErrors = useFormErrorTexts(error ? { form: error } : undefined);
  const fields = new Set(searchFields);
  const liked = new Set(loaderData.likedIds);
  const countryNames = findRegionNames(locale);
  const now = Date.now();
  // The next page names every filter, those a member's search started from included.
  const nextParams = new URLSearchParams(filters);
  if (params.has('trafficsource')) nextParams.set('trafficsource', params.get('trafficsource')!);
  if (result?.next_cursor) nextParams.set('cursor', result.next_cursor);
  const card = (member: NonNullable<typeof result>['results'][number], index: number) => (
    <li key={member.id}>
      <MemberCardView
        member={member}
        eager={index < 6}
        priority={index < 2}
        fictionalIcon={loaderData.fictionalIcon}
        fictionalLabel={loaderData.fictionalLabel}
        activity={activity(member.last_active_at, now, locale, t)}
        liked={liked.has(member.id)}
      />
    </li>
  );

  return (
    <main className="container members-page">
      <PageTitle title={`${t('members.title')} · ${loaderData.siteName}`} />
      <div className="members-heading mt-3 mb-2">
        <h1 className="h3 mb-0">{t('members.title')}</h1>
        {user ? (
          <div className="members-links">
            <Link to="/match-finder" data-testid="match-finder-link">
              {t('match_finder.link')}
            </Link>
            <Link className="btn btn-outline-primary btn-sm" to="/swipe-game" data-testid="swipe-game-link">
              <Icon name="heart" />
              {t('swipe_game.link')}
            </Link>
          </div>
        ) : null}
      </div>
      {blockErrors.form ? (
        <div className="alert alert-danger" role="alert" data-testid="block-error">
          {blockErrors.form}
        </div>
      ) : null}
      <Form key={params.toString()} method="get" className="search-filters" aria-label={t('members.filters')}>
        {fields.has('gender') ? (
          <div>
            <label htmlFor="search-gender">{t('members.gender')}</label>
            <select id="search-gender" className="form-select" name="gender" defaultValue={filters.gender}>
              <option value="">{t('members.gender_any')}</option>
              {genders.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`profile.gender.${gender}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {fields.has('country') ? (
          <div>
            <label htmlFor="search-country">{t('members.country')}</label>
            <select
              ref={countryRef}
              id="search-country"
              className="form-select"
              name="country"
              defaultValue={chosenCountry}
              onChange={(event) => setCountry(event.target.value)}
            >
              <option value="">{t('members.country_any')}</option>
              {loaderData.countries.map((code) => (
                <option key={code} value={code}>
                  {countryNames.of(code)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {fields.has('region') && country ? (
          <div>
            <label htmlFor="search-region">{t('members.region')}</label>
            <select
              id="search-region"
              className="form-select"
              name="region"
              defaultValue={filters.region}
              key={`${country}-${regions.ready}`}
            >
              <option value="">{t('members.region_any')}</option>
              {regions.regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {fields.has('age') ? (
          <div className="age-range">
            <div>
              <label htmlFor="search-min-age">{t('members.min_age')}</label>
              <input
                id="search-min-age"
                className="form-control"
                type="number"
                name="min_age"
                min={18}
                max={99}
                defaultValue={filters.min_age}
              />
            </div>
            <div>
              <label htmlFor="search-max-age">{t('members.max_age')}</label>
              <input
                id="search-max-age"
                className="form-control"
                type="number"
                name="max_age"
                min={18}
                max={99}
                defaultValue={filters.max_age}
              />
            </div>
          </div>
        ) : null}
        {params.get('trafficsource') === '1' ? <input type="hidden" name="trafficsource" value="1" /> : null}
        <div className="search-actions">
          <button type="submit" className="btn btn-primary">
            {t('members.search')}
          </button>
          <Link className="btn btn-outline-secondary" to={anyFilterPath}>
            {t('members.reset')}
          </Link>
          {fields.has('country') ? (
            <LocateButton
              className="search-near-me"
              buttonClassName="btn btn-outline-secondary"
              label={t('geo.near_me')}
              onPlace={(place) => {
                const near = new URLSearchParams(filters);
                near.delete('cursor');
                near.set('country', place.country);
                if (place.region && fields.has('region')) near.set('region', place.region);
                else near.delete('region');
                navigate(`/members?${near}`);
              }}
            />
          ) : null}
        </div>
      </Form>
      {searchErrors.form ? (
        <div className="alert alert-danger mt-3" role="alert">
          {searchErrors.form}
        </div>
      ) : null}
      {result ? (
        <>
          <p className="text-body-secondary mt-3" data-testid="search-count">
            {result.numResults_capped
              ? t('members.count_capped', { count: result.numResults })
              : t('members.count', { count: result.numResults })}
          </p>
          {result.results.length ? (
            <ul className="member-grid" data-testid="search-results">
              {result.results.map(card)}
            </ul>
          ) : (
            <p>{t('members.empty')}</p>
          )}
          {result.next_cursor ? (
            <Link className="btn btn-outline-primary mt-3" to={`?${nextParams.toString()}`} data-testid="search-next">
              {t('members.next_page')}
            </Link>
          ) : null}
          {result.similar_results.length ? (
            <section className="mt-4">
              <h2 className="h5">{t('members.similar_title')}</h2>
              <ul className="member-grid" data-testid="similar-results">
                {result.similar_results.map(card)}
              </ul>
            </section>
          ) : null}
          {!user ? (
            <aside className="card mt-4 search-signup" data-testid="search-signup">
              <div className="card-body">
                <h2 className="h5">{t('members.signup_title')}</h2>
                <p>{t('members.signup_body')}</p>
                <Link className="btn btn-primary" to="/signup">
                  {t('members.signup_button')}
                </Link>
              </div>
            </aside>
          ) : null}
        </>
      ) : null}
    </main>
  );
}
