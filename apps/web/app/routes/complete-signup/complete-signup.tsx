import type { personalStepSchema } from '@app/shared/accounts/complete-signup';
import { completeSignupSteps } from '@app/shared/accounts/signup-steps';
import { isErrorCode } from '@app/shared/errors/error-codes';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { PersonalInfoFields } from '../../features/accounts/personal-info-fields.tsx';
import { toTargetMember } from '../../features/members/target-member.server.ts';
import { TargetMemberCard } from '../../features/members/target-member.tsx';
import { AboutFields } from '../../features/profiles/profile-fields.tsx';
import { checkIntentsInBrowser, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { type FormErrors, findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { regionOptions } from '../../lib/regions.server.ts';
import type { RegionOptions } from '../../lib/regions.ts';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/complete-signup';
import { stepForms } from './step-forms.ts';

const total = completeSignupSteps.length;
// Shown after hydration only, in a browser that can get pushes: the push code stays out of the page's first load.
const PushAcceptButton = lazy(() => import('./push-accept-button.tsx'));
/** The upload route of the photo manager (multipart: `intent=upload`, `photo`, `redirect`). */
const photoUploadPath = '/profile/photos';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const profile = await c.services.profiles.findOwnProfile();
  // The member the signup came for; gone (hidden, deleted, blocking) means an ordinary signup.
  const target = c.user.signup_target_id
    ? await c.services.profiles.findMember(c.user.signup_target_id).then(toTargetMember, () => null)
    : null;
  const params = new URL(request.url).searchParams;
  const reached = Math.min(c.user.signup_step, total - 1);
  // "Back" opens a step already passed; a later one is not skipped to.
  const asked = params.has('step') ? Number(params.get('step')) : reached;
  const step = Number.isInteger(asked) && asked >= 0 && asked < reached ? asked : reached;
  const photoError = params.get('photo_error');
  return {
    target,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
    profile: profile!,
    regions: regionOptions(profile!.country),
    step,
    photo: c.user.profile.main_image?.match ?? null,
    /** The main photo waits for review (`main_image` includes a pending photo): the page says so. */
    photoPending: c.user.profile.main_image?.status === 'pending',
    photoError: isErrorCode(photoError) ? photoError : null,
    email: c.user.email,
    confirmed: c.user.status === 'active',
    siteName: c.settings.name,
  };
}

/** The kinds of step form, by `intent` (their schemas are in step-forms.ts). */
const intents = { personal: true, about: true, next: true, push: true } as const satisfies Record<
  keyof typeof stepForms,
  true
>;
type Intent = keyof typeof intents;

function findIntent(form: FormData): Intent | null {
  const intent = form.get('intent');
  return typeof intent === 'string' && Object.hasOwn(intents, intent) ? (intent as Intent) : null;
}

/** The personal step's fields, whose answers a refused form shows again. */
const personalStepFields = [
  'gender',
  'sexuality',
  'date_of_birth',
  'country',
  'region',
  'city',
] as const satisfies readonly (keyof typeof personalStepSchema.shape)[];

/**
 * POST /complete-signup: one step's form. Saves its fields (as PUT /api/profile.php), records the step reached (as
 * PUT /api/signup-step.php) and goes on to the next step, or at the end to the target member or the first matches.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const form = await request.formData();
  const intent = findIntent(form);
  if (!intent) return refuseSubmission({ form: { code: 'validation_failed', values: { field: 'intent' } } });
  const { accounts, profiles } = c.services;
  const leave = async (step: number, pushChoice?: 'accepted' | 'declined' | 'skipped') => {
    const next = Math.max(step + 1, Math.min(c.user.signup_step, total));
    await accounts.updateSignupStep(next, pushChoice);
    if (next < total) return redirect('/complete-signup');
    return redirect(c.user.signup_target_id ? `/members/${c.user.signup_target_id}` : '/signup-matches');
  };
  try {
    if (intent === 'personal') {
      const values = stepForms.personal.read(form);
      const submission = parseSubmission(stepForms.personal.schema, values);
      // Without script the page comes back with these answers in the fields, and the chosen country's regions.
      if (!submission.ok) {
        const regions = regionOptions(typeof values.country === 'string' ? values.country : null);
        return refuseSubmission(submission.errors, 400, { values, regions });
      }
      await profiles.updateOwnProfile(submission.value);
      return leave(completeSignupSteps.indexOf('personal'));
    }
    if (intent === 'about') {
      const submission = parseSubmission(stepForms.about.schema, stepForms.about.read(form));
      if (!submission.ok) return refuseSubmission(submission.errors);
      await profiles.updateOwnProfile(submission.value);
      return leave(completeSignupSteps.indexOf('about'));
    }
    if (intent === 'push') {
      const submission = parseSubmission(stepForms.push.schema, stepForms.push.read(form));
      if (!submission.ok) return refuseSubmission(submission.errors);
      return leave(completeSignupSteps.indexOf('push'), submission.value.push_choice);
    }
    const submission = parseSubmission(stepForms.next.schema, stepForms.next.read(form));
    if (!submission.ok) return refuseSubmission(submission.errors);
    return leave(submission.value.step);
  } catch (error) {
    return refuseWithError(error);
  }
}

/** Checks the step's form in the browser with the schema the action uses, before anything is sent. */
export const clientAction = checkIntentsInBrowser(
  // The schemas and the error registry load with the first step sent, not with the page.
  () => import('./step-forms.ts').then((module) => module.stepForms),
  Object.keys(intents),
);

/** The answers a refused step form sent, to show them again (only text values of the step's own fields). */
function givenAnswers(answer: unknown): Partial<Record<(typeof personalStepFields)[number], string>> {
  const values = answer && typeof answer === 'object' && 'values' in answer ? answer.values : null;
  if (!values || typeof values !== 'object') return {};
  return Object.fromEntries(
    personalStepFields.flatMap((field) => {
      const value = (values as Record<string, unknown>)[field];
      return typeof value === 'string' ? [[field, value]] : [];
    }),
  );
}

/** The regions a refused personal step sent back with its answers (for the country chosen in it). */
function givenRegions(answer: unknown): RegionOptions | null {
  return answer && typeof answer === 'object' && 'regions' in answer ? (answer.regions as RegionOptions) : null;
}

function subscribeNever() {
  return () => {};
}
/** Whether this browser can show notifications; false on the server and before hydration (no script, no push). */
function usePushCapable(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window,
    () => false,
  );
}

export const handle = defineRouteHandle({
  messages: ['complete_signup', 'geo', 'interests', 'members', 'own_profile', 'profile'],
});

/** /complete-signup: steps 0 to 4 (photo, personal info, about me, push opt-in, confirm e-mail), each a form. */
export default function CompleteSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const errors = useFormErrorTexts(findFormErrors(actionData) as FormErrors | undefined);
  const photoErrors = useFormErrorTexts(loaderData.photoError ? { photo: { code: loaderData.photoError } } : {});
  const pushCapable = usePushCapable();
  const { step, profile, target } = loaderData;
  const formError = errors.form ?? photoErrors.photo;

  const back =
    step > 0 ? (
      <Link className="btn btn-outline-secondary" to={`/complete-signup?step=${step - 1}`}>
        {t('complete_signup.back')}
      </Link>
    ) : (
      <span />
    );
  const nextButton = (label = t('complete_signup.next')) => (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {label}
    </button>
  );

  return (
    <main className="container narrow-page complete-signup">
      <PageTitle title={`${t('complete_signup.title')} · ${loaderData.siteName}`} />
      {target ? (
        <TargetMemberCard
          member={target}
          fictionalIcon={loaderData.fictionalIcon}
          fictionalLabel={loaderData.fictionalLabel}
        >
          <p className="mb-0">{t('complete_signup.target_intro', { name: target.name })}</p>
        </TargetMemberCard>
      ) : null}
      <p className="text-body-secondary small mb-1" data-testid="signup-progress">
        {t('complete_signup.progress', { step: step + 1, total })}
      </p>
      <progress className="signup-progress" value={step + 1} max={total} aria-hidden="true" />
      <div className="card mt-3">
        <div className="card-body">
          {formError ? (
            <div className="alert alert-danger" role="alert" data-testid="complete-signup-error">
              {formError}
            </div>
          ) : null}

          {step === 0 ? (
            <section>
              <h1 className="h4">{t('complete_signup.photo_title')}</h1>
              <p className="text-body-secondary">{t('complete_signup.photo_intro')}</p>
              {loaderData.photo ? (
                <>
                  <img className="signup-photo-preview" src={loaderData.photo} alt="" />
                  <p className="text-success small" role="status" data-testid="signup-photo-status">
                    {loaderData.photoPending ? t('complete_signup.photo_pending') : t('complete_signup.photo_added')}
                  </p>
                </>
              ) : null}
              <Form method="post" action={photoUploadPath} encType="multipart/form-data" className="mt-2">
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="redirect" value="/complete-signup" />
                <label className="form-label" htmlFor="signup-photo">
                  {t('complete_signup.photo_choose')}
                </label>
                <input
                  id="signup-photo"
                  className="form-control"
                  type="file"
                  name="photo"
                  accept="image/*"
                  required
                  disabled={busy}
                  onChange={(event) => event.currentTarget.form?.requestSubmit()}
                />
                <button type="submit" className="btn btn-outline-primary w-100 mt-2" disabled={busy}>
                  {navigation.formAction === photoUploadPath
                    ? t('complete_signup.photo_uploading')
                    : t('complete_signup.photo_upload')}
                </button>
              </Form>
              <Form method="post" className="d-flex gap-2 justify-content-between mt-3">
                <input type="hidden" name="intent" value="next" />
                <input type="hidden" name="step" value={0} />
                {back}
                {nextButton(loaderData.photo ? t('complete_signup.next') : t('complete_signup.skip'))}
              </Form>
            </section>
          ) : null}

          {step === 1 ? (
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="personal" />
              <h1 className="h4">{t('complete_signup.personal_title')}</h1>
              <p className="text-body-secondary">{t('complete_signup.personal_intro')}</p>
              <PersonalInfoFields
                profile={{ ...profile, ...givenAnswers(actionData) }}
                regions={givenRegions(actionData) ?? loaderData.regions}
                errors={errors}
              />
              <div className="d-flex gap-2 justify-content-between mt-3">
                {back}
                {nextButton()}
              </div>
            </Form>
          ) : null}

          {step === 2 ? (
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="about" />
              <h1 className="h4">{t('complete_signup.about_title')}</h1>
              <p className="text-body-secondary">{t('complete_signup.about_intro')}</p>
              {errors.about_me || errors.interests ? (
                <div className="alert alert-danger" role="alert">
                  {errors.about_me ?? errors.interests}
                </div>
              ) : null}
              <AboutFields profile={profile} idPrefix="signup" />
              <div className="d-flex gap-2 justify-content-between mt-3">
                {back}
                {nextButton()}
              </div>
            </Form>
          ) : null}

          {step === 3 ? (
            <section>
              <h1 className="h4">{t('complete_signup.push_title')}</h1>
              <p className="text-body-secondary">{t('complete_signup.push_intro')}</p>
              <Form method="post" className="d-flex flex-column gap-2">
                <input type="hidden" name="intent" value="push" />
                {/* Notifications need the browser's Push API: without script only "not now" is offered. */}
                {pushCapable ? (
                  <>
                    <Suspense fallback={null}>
                      <PushAcceptButton busy={busy} />
                    </Suspense>
                    <button
                      type="submit"
                      name="push_choice"
                      value="declined"
                      className="btn btn-outline-secondary"
                      disabled={busy}
                    >
                      {t('complete_signup.push_decline')}
                    </button>
                  </>
                ) : (
                  <button
                    type="submit"
                    name="push_choice"
                    value="skipped"
                    className="btn btn-outline-secondary"
                    disabled={busy}
                  >
                    {t('complete_signup.skip')}
                  </button>
                )}
              </Form>
              <div className="mt-3">{back}</div>
            </section>
          ) : null}

          {step === 4 ? (
            <section>
              <h1 className="h4">{t('complete_signup.confirm_title')}</h1>
              {loaderData.confirmed ? (
                <p className="text-success">{t('complete_signup.confirmed')}</p>
              ) : (
                <p className="text-body-secondary">{t('complete_signup.confirm_intro', { email: loaderData.email })}</p>
              )}
              <Form method="post">
                <input type="hidden" name="intent" value="next" />
                <input type="hidden" name="step" value={4} />
                <button type="submit" className="btn btn-primary w-100" disabled={busy}>
                  {target ? t('complete_signup.finish_target', { name: target.name }) : t('complete_signup.finish')}
                </button>
              </Form>
              <div className="mt-3">{back}</div>
            </section>
          ) : null}
        </div>
      </div>
    </main>
  );
}
