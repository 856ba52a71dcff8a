import type { AddedPhotoResponse, OwnProfile, OwnProfileResponse } from '@app/shared/profiles/profile-update';
import { completeSignupSteps } from '@app/shared/profiles/profile-update';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useSessionUser } from '../../features/accounts/session-refresh.tsx';
import { TargetMemberCard, toTargetMember } from '../../features/members/target-member.tsx';
import { AboutFields, PersonalFields, readProfileForm } from '../../features/profiles/profile-fields.tsx';
import { apiRequest, apiUpload } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';
import type { Route } from './+types/complete-signup';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const profile = await c.services.profiles.findOwnProfile();
  // The member the signup came for; gone (hidden, deleted, blocking) means an ordinary signup.
  const target = c.user.signup_target_id
    ? await c.services.profiles.findMember(c.user.signup_target_id).then(toTargetMember, () => null)
    : null;
  return {
    target,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
    profile: profile!,
    step: Math.min(c.user.signup_step, completeSignupSteps.length - 1),
    hasPhoto: c.user.profile.main_image !== null,
    siteName: c.settings.name,
  };
}

/** /complete-signup: steps 0 to 4 (photo, personal info, about me, push opt-in, confirm e-mail). */
export default function CompleteSignup({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [step, setStep] = useState(loaderData.step);
  const [profile, setProfile] = useState<OwnProfile>(loaderData.profile);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const total = completeSignupSteps.length;

  const errorText = useApiErrorText();

  async function goTo(next: number, pushChoice?: 'accepted' | 'declined' | 'skipped') {
    setBusy(true);
    setError(null);
    try {
      await apiRequest('PUT', '/api/signup-step.php', {
        step: next,
        ...(pushChoice ? { push_choice: pushChoice } : {}),
      });
      setNote(null);
      if (next >= total) navigate(loaderData.target ? `/members/${loaderData.target.id}` : '/signup-matches');
      else setStep(next);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  async function saveProfile(event: FormEvent<HTMLFormElement>, next: number) {
    event.preventDefault();
    const parsed = readProfileForm(event.currentTarget, step === 2);
    if (!parsed.success) {
      setError(t(`errors.${parsed.error.issues[0]!.message}`, { field: String(parsed.error.issues[0]!.path[0]) }));
      return;
    }
    setBusy(true);
    try {
      const answer = await apiRequest<OwnProfileResponse>('PUT', '/api/profile.php', parsed.data);
      setProfile(answer.profile);
      setBusy(false);
      await goTo(next);
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setBusy(true);
    setError(null);
    setNote(t('complete_signup.photo_uploading'));
    try {
      const answer = await apiUpload<AddedPhotoResponse>('/api/photos.php', file);
      setPreview(URL.createObjectURL(file));
      setNote(answer.photo.status === 'active' ? t('complete_signup.photo_added') : t('complete_signup.photo_pending'));
    } catch (failure) {
      setNote(null);
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  const stepNavigation = (next: number, submit = false) => (
    <div className="d-flex gap-2 justify-content-between mt-3">
      {step > 0 ? (
        <button type="button" className="btn btn-outline-secondary" onClick={() => setStep(step - 1)}>
          {t('complete_signup.back')}
        </button>
      ) : (
        <span />
      )}
      <button
        type={submit ? 'submit' : 'button'}
        className="btn btn-primary"
        disabled={busy}
        onClick={submit ? undefined : () => goTo(next)}
      >
        {t('complete_signup.next')}
      </button>
    </div>
  );

  return (
    <main className="container narrow-page complete-signup">
      <PageTitle title={`${t('complete_signup.title')} · ${loaderData.siteName}`} />
      {loaderData.target ? (
        <TargetMemberCard
          member={loaderData.target}
          fictionalIcon={loaderData.fictionalIcon}
          fictionalLabel={loaderData.fictionalLabel}
        >
          <p className="mb-0">{t('complete_signup.target_intro', { name: loaderData.target.name })}</p>
        </TargetMemberCard>
      ) : null}
      <p className="text-body-secondary small mb-1" data-testid="signup-progress">
        {t('complete_signup.progress', { step: step + 1, total })}
      </p>
      <progress className="signup-progress" value={step + 1} max={total} aria-hidden="true" />
      <div className="card mt-3">
        <div className="card-body">
          {error ? (
            <div className="alert alert-danger" role="alert" data-testid="complete-signup-error">
              {error}
            </div>
          ) : null}
          {note ? (
            <p className="text-success small" role="status">
              {note}
            </p>
          ) : null}

          {step === 0 ? (
            <section>
              <h1 className="h4">{t('complete_signup.photo_title')}</h1>
              <p className="text-body-secondary">{t('complete_signup.photo_intro')}</p>
              {preview ? <img className="signup-photo-preview" src={preview} alt="" /> : null}
              <label className="btn btn-outline-primary w-100 mt-2" htmlFor="signup-photo">
                {t('complete_signup.photo_choose')}
              </label>
              <input
                id="signup-photo"
                className="visually-hidden"
                type="file"
                accept="image/*"
                onChange={upload}
                disabled={busy}
              />
              {stepNavigation(1)}
            </section>
          ) : null}

          {step === 1 ? (
            <form method="post" noValidate onSubmit={(event) => saveProfile(event, 2)}>
              <h1 className="h4">{t('complete_signup.personal_title')}</h1>
              <p className="text-body-secondary">{t('complete_signup.personal_intro')}</p>
              <PersonalFields profile={profile} idPrefix="signup" />
              {stepNavigation(2, true)}
            </form>
          ) : null}

          {step === 2 ? (
            <form method="post" noValidate onSubmit={(event) => saveProfile(event, 3)}>
              <h1 className="h4">{t('complete_signup.about_title')}</h1>
              <p className="text-body-secondary">{t('complete_signup.about_intro')}</p>
              <AboutFields profile={profile} idPrefix="signup" />
              {stepNavigation(3, true)}
            </form>
          ) : null}

          {step === 3 ? (
            <section>
              <h1 className="h4">{t('complete_signup.push_title')}</h1>
              <p className="text-body-secondary">{t('complete_signup.push_intro')}</p>
              <div className="d-flex flex-column gap-2">
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => goTo(4, 'accepted')}>
                  {t('complete_signup.push_accept')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  disabled={busy}
                  onClick={() => goTo(4, 'declined')}
                >
                  {t('complete_signup.push_decline')}
                </button>
              </div>
            </section>
          ) : null}

          {step === 4 ? (
            <section>
              <h1 className="h4">{t('complete_signup.confirm_title')}</h1>
              {user?.status === 'active' ? (
                <p className="text-success">{t('complete_signup.confirmed')}</p>
              ) : (
                <p className="text-body-secondary">
                  {t('complete_signup.confirm_intro', { email: user?.email ?? '' })}
                </p>
              )}
              <button type="button" className="btn btn-primary w-100" disabled={busy} onClick={() => goTo(total)}>
                {loaderData.target
                  ? t('complete_signup.finish_target', { name: loaderData.target.name })
                  : t('complete_signup.finish')}
              </button>
            </section>
          ) : null}
        </div>
      </div>
    </main>
  );
}
