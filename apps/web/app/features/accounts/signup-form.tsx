import { suggestEmail } from '@app/shared/accounts/email-suggestion';
import { trackingKeys } from '@app/shared/accounts/tracking-keys';
import { minimumMemberAge } from '@app/shared/profiles/profile-fields';
import { useEffect, useRef, useState } from 'react';
import { Link, useActionData, useFetcher, useLocation } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { type FormErrors, findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { readTracking } from './tracking.ts';

/** The form's field for a traffic-source key (`tracking.ref`), which `readSignupForm` gathers into one object. */
export const trackingFieldPrefix = 'tracking.';

/** The signup form as the signup schema reads it: tracking fields gathered, the target member as a number. */
export function readSignupForm(form: FormData): Record<string, unknown> & { target_profile_id?: number } {
  const values: Record<string, unknown> = {};
  const tracking: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    if (key.startsWith(trackingFieldPrefix)) {
      if (value) tracking[key.slice(trackingFieldPrefix.length)] = value;
    } else if (key === 'target_profile_id') {
      if (value) values[key] = Number(value);
    } else values[key] = value;
  }
  return { ...values, tracking };
}

/**
 * The signup form, on the /signup page, in the signup modal and with a target member. It posts to the /signup
 * route's action (without JavaScript too); once hydrated a fetcher sends it, so that errors stay in the modal.
 */
export function SignupForm(props: { targetProfileId?: number }) {
  const { t } = useI18n();
  const location = useLocation();
  const fetcher = useFetcher({ key: 'signup' });
  // Without JavaScript a refused form comes back as the /signup page's action answer.
  const pageAnswer = useActionData() as
    | { errors?: FormErrors; target_profile_id?: number; values?: Record<string, unknown> }
    | undefined;
  const given = (field: string) => {
    const value = pageAnswer?.values?.[field];
    return typeof value === 'string' ? value : undefined;
  };
  const errors = useFormErrorTexts(findFormErrors(fetcher.data) ?? findFormErrors(pageAnswer));
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== 'idle';
  const targetProfileId = props.targetProfileId ?? pageAnswer?.target_profile_id;
  // The address's campaign fields on the server; after hydration also what the browser kept from earlier visits.
  const [tracking, setTracking] = useState<Record<string, string>>(() => {
    const params = new URLSearchParams(location.search);
    return Object.fromEntries(trackingKeys.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));
  });
  useEffect(() => setTracking(readTracking(location.search)), [location.search]);
  const today = new Date();
  const latestBirthDate = new Date(
    Date.UTC(today.getUTCFullYear() - minimumMemberAge, today.getUTCMonth(), today.getUTCDate()),
  )
    .toISOString()
    .slice(0, 10);

  return (
    <fetcher.Form method="post" action="/signup" noValidate className="signup-form" data-testid="signup-form">
      {errors.form || errors.tracking ? (
        <div className="alert alert-danger" role="alert" data-testid="signup-error">
          {errors.form ?? errors.tracking}
        </div>
      ) : null}
      {targetProfileId ? <input type="hidden" name="target_profile_id" value={targetProfileId} /> : null}
      {Object.entries(tracking).map(([key, value]) => (
        <input key={key} type="hidden" name={`${trackingFieldPrefix}${key}`} value={value} />
      ))}
      <FormField id="signup-email" label={t('signup.email')} error={errors.email}>
        {(control) => (
          <input
            {...control}
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={given('email')}
            required
            onBlur={(event) => setSuggestion(suggestEmail(event.currentTarget.value.trim()))}
          />
        )}
      </FormField>
      {suggestion ? (
        <p className="email-suggestion" data-testid="email-suggestion">
          {t('signup.did_you_mean', { email: suggestion })}{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-baseline"
            onClick={() => {
              if (emailRef.current) emailRef.current.value = suggestion;
              setSuggestion(null);
            }}
          >
            {t('signup.use_suggestion')}
          </button>
        </p>
      ) : null}
      <FormField id="signup-name" label={t('signup.name')} help={t('signup.name_help')} error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            autoComplete="nickname"
            maxLength={30}
            defaultValue={given('name')}
            required
          />
        )}
      </FormField>
      <FormField
        id="signup-password"
        label={t('signup.password')}
        help={t('signup.password_help')}
        error={errors.password}
      >
        {(control) => <input {...control} name="password" type="password" autoComplete="new-password" required />}
      </FormField>
      <FormField id="signup-date-of-birth" label={t('signup.date_of_birth')} error={errors.date_of_birth}>
        {(control) => (
          <input
            {...control}
            name="date_of_birth"
            type="date"
            autoComplete="bday"
            max={latestBirthDate}
            min="1920-01-01"
            defaultValue={given('date_of_birth')}
            required
          />
        )}
      </FormField>
      <FormField id="signup-message" label={t('signup.signup_message')} error={errors.signup_message}>
        {(control) => (
          <textarea
            {...control}
            name="signup_message"
            rows={2}
            maxLength={500}
            defaultValue={given('signup_message')}
          />
        )}
      </FormField>
      <p className="small text-body-secondary">
        {t('signup.terms')} <Link to="/pages/terms">{t('footer.terms')}</Link> ·{' '}
        <Link to="/pages/privacy">{t('footer.privacy')}</Link>
      </p>
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
        {busy ? t('signup.busy') : t('signup.submit')}
      </button>
      <p className="text-center mt-3 mb-0">
        {t('signup.have_account')} <Link to="/login">{t('signup.login')}</Link>
      </p>
    </fetcher.Form>
  );
}
