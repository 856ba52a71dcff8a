import { complaintCategories, complaintInputSchema } from '@app/shared/moderation/complaint';
import { type FormEvent, useState } from 'react';
import { webContext } from '../../context.ts';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { Route } from './+types/complaints';

export async function loader({ context }: Route.LoaderArgs) {
  const c = context.get(webContext);
  return { siteName: c.settings.name, supportEmail: c.settings.support_email };
}

type FieldErrors = Partial<Record<'name' | 'email' | 'category' | 'profile' | 'message' | 'form', string>>;

export default function Complaints({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = Object.fromEntries(form.entries());
    const parsed = complaintInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form') as keyof FieldErrors;
        next[field] ??= t(`errors.${issue.message}`, { field });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await apiRequest<{ complaint: { reference: string } }>('POST', '/api/complaints.php', parsed.data);
      setReference(answer.complaint.reference);
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : t('errors.internal_error');
      const field = error instanceof ApiRequestError ? (error.field as keyof FieldErrors | undefined) : undefined;
      setErrors(field && field !== 'form' ? { [field]: message } : { form: message });
    } finally {
      setSending(false);
    }
  }

  if (reference) {
    return (
      <main className="container narrow-page">
        <title>{`${t('complaints.title')} · ${loaderData.siteName}`}</title>
        <div className="alert alert-success" role="status" data-testid="complaint-confirmation">
          <h1 className="h4">{t('complaints.thanks_title')}</h1>
          <p className="mb-0">{t('complaints.thanks_body', { reference })}</p>
        </div>
      </main>
    );
  }

  const invalid = (field: keyof FieldErrors) => (errors[field] ? ' is-invalid' : '');
  const describedBy = (field: keyof FieldErrors) => (errors[field] ? `${field}-error` : undefined);
  const fieldError = (field: keyof FieldErrors) =>
    errors[field] ? (
      <div className="invalid-feedback" id={`${field}-error`}>
        {errors[field]}
      </div>
    ) : null;

  return (
    <main className="container narrow-page">
      <title>{`${t('complaints.title')} · ${loaderData.siteName}`}</title>
      <h1>{t('complaints.title')}</h1>
      <p>{t('complaints.intro', { support_email: loaderData.supportEmail })}</p>
      <form noValidate onSubmit={onSubmit} className="complaint-form">
        {errors.form ? (
          <div className="alert alert-danger" role="alert">
            {errors.form}
          </div>
        ) : null}
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-name">
            {t('complaints.name')}
          </label>
          <input
            id="complaint-name"
            name="name"
            autoComplete="name"
            className={`form-control${invalid('name')}`}
            aria-describedby={describedBy('name')}
            aria-invalid={!!errors.name}
          />
          {fieldError('name')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-email">
            {t('complaints.email')}
          </label>
          <input
            id="complaint-email"
            name="email"
            type="email"
            autoComplete="email"
            className={`form-control${invalid('email')}`}
            aria-describedby={describedBy('email')}
            aria-invalid={!!errors.email}
          />
          {fieldError('email')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-category">
            {t('complaints.category')}
          </label>
          <select
            id="complaint-category"
            name="category"
            className={`form-select${invalid('category')}`}
            defaultValue=""
            aria-describedby={describedBy('category')}
            aria-invalid={!!errors.category}
          >
            <option value="" disabled>
              {t('complaints.choose_category')}
            </option>
            {complaintCategories.map((category) => (
              <option key={category} value={category}>
                {t(`complaints.categories.${category}`)}
              </option>
            ))}
          </select>
          {fieldError('category')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-profile">
            {t('complaints.profile')}
          </label>
          <input
            id="complaint-profile"
            name="profile"
            className={`form-control${invalid('profile')}`}
            aria-describedby="complaint-profile-help"
          />
          <div className="form-text" id="complaint-profile-help">
            {t('complaints.profile_help')}
          </div>
          {fieldError('profile')}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="complaint-message">
            {t('complaints.message')}
          </label>
          <textarea
            id="complaint-message"
            name="message"
            rows={6}
            maxLength={5000}
            className={`form-control${invalid('message')}`}
            aria-describedby={describedBy('message')}
            aria-invalid={!!errors.message}
          />
          {fieldError('message')}
        </div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? t('common.sending') : t('complaints.submit')}
        </button>
      </form>
    </main>
  );
}
