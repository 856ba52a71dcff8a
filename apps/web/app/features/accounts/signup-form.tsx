import { suggestEmail } from '@app/shared/accounts/email-suggestion';
import { createSignupInputSchema } from '@app/shared/accounts/signup';
import { minimumMemberAge } from '@app/shared/profiles/profile-fields';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { readTracking } from './tracking.ts';

type Field = 'email' | 'name' | 'password' | 'date_of_birth' | 'signup_message' | 'form';
const fields = new Set<Field>(['email', 'name', 'password', 'date_of_birth', 'signup_message']);

/** The signup form, on the /signup page, in the signup modal on phones, and with a target member. */
export function SignupForm(props: { targetProfileId?: number }) {
  const { t } = useI18n();
  const location = useLocation();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const today = new Date();
  const latestBirthDate = new Date(
    Date.UTC(today.getUTCFullYear() - minimumMemberAge, today.getUTCMonth(), today.getUTCDate()),
  )
    .toISOString()
    .slice(0, 10);

  function message(code: string, field: string) {
    return t(`errors.${code}`, { field, min_age: minimumMemberAge });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const input = {
      ...values,
      tracking: readTracking(location.search),
      ...(props.targetProfileId ? { target_profile_id: props.targetProfileId } : {}),
    };
    const parsed = createSignupInputSchema().safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        const field = (fields.has(key as Field) ? key : 'form') as Field;
        next[field] ??= message(issue.message, key);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest('POST', '/api/signup.php', parsed.data);
      // A full load, so that the whole page knows the new member; the flag shows the activation reminder.
      window.location.assign('/complete-signup?signup-complete=1');
    } catch (error) {
      const known = error instanceof ApiRequestError;
      const field = known && error.field && fields.has(error.field as Field) ? (error.field as Field) : 'form';
      setErrors({ [field]: known ? error.message : t('errors.internal_error') });
      setBusy(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="signup-form" data-testid="signup-form">
      {errors.form ? (
        <div className="alert alert-danger" role="alert" data-testid="signup-error">
          {errors.form}
        </div>
      ) : null}
      <FormField id="signup-email" label={t('signup.email')} error={errors.email}>
        {(control) => (
          <input
            {...control}
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="email"
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
        {(control) => <input {...control} name="name" autoComplete="nickname" maxLength={30} required />}
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
            required
          />
        )}
      </FormField>
      <FormField id="signup-message" label={t('signup.signup_message')} error={errors.signup_message}>
        {(control) => <textarea {...control} name="signup_message" rows={2} maxLength={500} />}
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
    </form>
  );
}
