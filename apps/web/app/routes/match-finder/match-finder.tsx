import {
  matchFinderAnswersSchema,
  matchFinderGenders,
  matchFinderMaxInterests,
  matchFinderPlaces,
} from '@app/shared/likes/match-finder';
import { Link, redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { MatchFinderForm, type MatchFinderValues } from '../../features/likes/match-finder-form.tsx';
import { MatchResults } from '../../features/likes/match-results.tsx';
import { errorParam } from '../../lib/error-param.server.ts';
import { checkInBrowser, readFormValues, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { type FormErrors, findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { regionName } from '../../lib/regions.server.ts';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/match-finder';

/** Where the answers lead: the same page with the best matches (a GET, so that a reload sends nothing again). */
const resultsPath = '/match-finder?results=1';

const readAnswers = (form: FormData) => readFormValues(form, { lists: ['interests'] });

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const [{ answers, saved }, own] = await Promise.all([
    c.services.likes.findMatchFinder(),
    c.services.profiles.findOwnProfile(),
  ]);
  // The best matches follow saved answers only: before the first save the page is the questionnaire.
  const showResults = saved && new URL(request.url).searchParams.get('results') === '1';
  return {
    siteName: c.settings.name,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
    answers,
    saved,
    matches: showResults ? await c.services.likes.findBestMatches() : null,
    choices: {
      genders: matchFinderGenders,
      places: matchFinderPlaces,
      interests: c.settings.interests,
      maxInterests: matchFinderMaxInterests,
      regionName: own ? regionName(own.country, own.region) : null,
      city: own?.city || null,
    },
    /** A like refused after a plain post from a card (`?like_error=`). */
    likeError: errorParam(request, 'like_error'),
  };
}

/** POST /match-finder: the same rules as PUT /api/match-finder.php; kept answers lead to the best matches. */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const values = readAnswers(await request.formData());
  const submission = parseSubmission(matchFinderAnswersSchema, values);
  // A page sent back without script shows what was chosen again: the values go with the errors.
  if (!submission.ok) return refuseSubmission(submission.errors, 400, { values });
  try {
    await c.services.likes.saveMatchFinderAnswers(submission.value);
  } catch (error) {
    return refuseWithError(error, { values });
  }
  throw redirect(resultsPath);
}

/** The schema, loaded when the form is first focused or sent: zod is no part of the page's first load. */
const loadSchema = () => import('@app/shared/likes/match-finder').then((module) => module.matchFinderAnswersSchema);

export const clientAction = checkInBrowser(loadSchema, readAnswers);

export const handle = defineRouteHandle({ messages: ['interests', 'match_finder', 'members'] });

/** `validation_failed` names its field: the field's name in the visitor's words, not the form's. */
function nameFields(errors: FormErrors | undefined, name: (field: string) => string): FormErrors | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([path, error]) => {
      const field = path.split('.')[0]!;
      return [field, error && { ...error, values: { ...error.values, field: name(field) } }];
    }),
  );
}

/** /match-finder: a short questionnaire, then the members who fit it best (`?results=1`), each with a like button. */
export default function MatchFinder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const fieldNames: Record<string, string> = {
    gender: t('match_finder.fields.gender'),
    min_age: t('match_finder.fields.min_age'),
    max_age: t('match_finder.fields.max_age'),
    place: t('match_finder.fields.place'),
    interests: t('match_finder.fields.interests'),
  };
  const errors = useFormErrorTexts(nameFields(findFormErrors(actionData), (field) => fieldNames[field] ?? field));
  const title = `${t('match_finder.title')} · ${loaderData.siteName}`;

  if (loaderData.matches) {
    return (
      <main className="container match-finder-page">
        <PageTitle title={title} />
        <MatchResults
          matches={loaderData.matches}
          fictionalIcon={loaderData.fictionalIcon}
          fictionalLabel={loaderData.fictionalLabel}
          likeError={loaderData.likeError}
        />
      </main>
    );
  }

  const sent = (actionData as { values?: MatchFinderValues } | undefined)?.values;
  return (
    <main className="container match-finder-page">
      <PageTitle title={title} />
      <h1 className="h3 mt-3">{t('match_finder.heading')}</h1>
      <p className="text-body-secondary">{t('match_finder.intro')}</p>
      {loaderData.saved ? (
        <p className="match-finder-saved">
          {t('match_finder.prefilled')}{' '}
          <Link to={resultsPath} data-testid="match-finder-saved">
            {t('match_finder.show_saved')}
          </Link>
        </p>
      ) : null}
      <MatchFinderForm
        values={sent ?? loaderData.answers}
        choices={loaderData.choices}
        errors={errors}
        loadSchema={loadSchema}
      />
    </main>
  );
}
