import { type ComplaintResponse, complaintCategories, complaintInputSchema } from '@app/shared/moderation/complaint';
import { type FormEvent, useState } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
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
      const answer = await apiRequest<ComplaintResponse>('POST', '/api/complaints.php', parsed.data);
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
        <PageTitle title={`${t('complaints.title')} · ${loaderData.siteName}`} />
        <div className="alert alert-success" role="status" data-testid="complaint-confirmation">
          <h1 className="h4">{t('complaints.thanks_title')}</h1>
          <p className="mb-0">{t('complaints.thanks_body', { reference })}</p>
        </div>
      </main>
    );
  }

  return (
    <main className="container narrow-page">
      <PageTitle title={`${t('complaints.title')} · ${loaderData.siteName}`} />
      <h1>{t('complaints.title')}</h1>
      <p>{t('complaints.intro', { support_email: loaderData.supportEmail })}</p>
      <form method="post" noValidate onSubmit={onSubmit} className="complaint-form">
        {errors.form ? (
          <div className="alert alert-danger" role="alert">
            {errors.form}
          </div>
        ) : null}
        <FormField id="complaint-name" label={t('complaints.name')} error={errors.name}>
          {(control) => <input {...control} name="name" autoComplete="name" />}
        </FormField>
        <FormField id="complaint-email" label={t('complaints.email')} error={errors.email}>
          {(control) => <input {...control} name="email" type="email" autoComplete="email" />}
        </FormField>
        <FormField
          id="complaint-category"
          label={t('complaints.category')}
          error={errors.category}
          control="form-select"
        >
          {(control) => (
            <select {...control} name="category" defaultValue="">
              <option value="" disabled>
                {t('complaints.choose_category')}
              </option>
              {complaintCategories.map((category) => (
                <option key={category} value={category}>
                  {t(`complaints.categories.${category}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="complaint-profile"
          label={t('complaints.profile')}
          help={t('complaints.profile_help')}
          error={errors.profile}
        >
          {(control) => <input {...control} name="profile" />}
        </FormField>
        <FormField id="complaint-message" label={t('complaints.message')} error={errors.message}>
          {(control) => <textarea {...control} name="message" rows={6} maxLength={5000} />}
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? t('common.sending') : t('complaints.submit')}
        </button>
      </form>
    </main>
  );
}
