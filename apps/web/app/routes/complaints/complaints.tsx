import { complaintCategories, complaintInputSchema } from '@app/shared/moderation/complaint';
import { Form, useNavigation } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { withSearchParam } from '../../lib/cookies.ts';
import {
  answerSuccess,
  checkInBrowser,
  loadOnFocus,
  readFormValues,
  refuseSubmission,
  refuseWithError,
} from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/complaints';

/** A complaint's reference as the service writes it (`K-000123`). */
const referencePattern = /^K-\d{1,12}$/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = context.get(webContext);
  // After a plain post the redirect names the complaint's reference (`?sent=K-000123`): the page thanks for it.
  const sent = new URL(request.url).searchParams.get('sent');
  // The categories come with the page: the module that lists them builds the schema, which loads only to check.
  return {
    siteName: c.settings.name,
    supportEmail: c.settings.support_email,
    categories: complaintCategories,
    sent: sent && referencePattern.test(sent) ? sent : null,
  };
}

/**
 * POST /complaints: the same rules as POST /api/complaints.php; answers the complaint's reference, in place for the
 * running page, else by a redirect to `/complaints?sent=<reference>`, so that a reload sends nothing again.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const values = readFormValues(await request.formData());
  const submission = parseSubmission(complaintInputSchema, values);
  // A page sent back without script shows what was typed again: the values go with the errors.
  if (!submission.ok) return refuseSubmission(submission.errors, 400, { values });
  let reference: string;
  try {
    ({ reference } = await context.get(webContext).services.moderation.submitComplaint(submission.value));
  } catch (error) {
    return refuseWithError(error, { values });
  }
  return answerSuccess(request, { reference }, withSearchParam('/complaints', 'sent', reference));
}

/** The schema, loaded when the form is first focused or sent: zod is no part of the page's first load. */
const loadSchema = () => import('@app/shared/moderation/complaint').then((module) => module.complaintInputSchema);

export const clientAction = checkInBrowser(loadSchema);

export const handle = defineRouteHandle({ messages: ['complaints'] });

export default function Complaints({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const errors = useFormErrorTexts(findFormErrors(actionData));
  const sending = useNavigation().state === 'submitting';
  const answer = actionData as { reference?: string; values?: Record<string, unknown> } | undefined;
  const typed = (field: string) => {
    const value = answer?.values?.[field];
    return typeof value === 'string' ? value : undefined;
  };
  const reference = answer?.reference ?? loaderData.sent;

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
      <Form method="post" noValidate className="complaint-form" onFocus={loadOnFocus(loadSchema)}>
        {errors.form ? (
          <div className="alert alert-danger" role="alert">
            {errors.form}
          </div>
        ) : null}
        <FormField id="complaint-name" label={t('complaints.name')} error={errors.name}>
          {(control) => <input {...control} name="name" autoComplete="name" defaultValue={typed('name')} />}
        </FormField>
        <FormField id="complaint-email" label={t('complaints.email')} error={errors.email}>
          {(control) => (
            <input {...control} name="email" type="email" autoComplete="email" defaultValue={typed('email')} />
          )}
        </FormField>
        <FormField
          id="complaint-category"
          label={t('complaints.category')}
          error={errors.category}
          control="form-select"
        >
          {(control) => (
            <select {...control} name="category" defaultValue={typed('category') ?? ''}>
              <option value="" disabled>
                {t('complaints.choose_category')}
              </option>
              {loaderData.categories.map((category) => (
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
          {(control) => <input {...control} name="profile" defaultValue={typed('profile')} />}
        </FormField>
        <FormField id="complaint-message" label={t('complaints.message')} error={errors.message}>
          {(control) => (
            <textarea {...control} name="message" rows={6} maxLength={5000} defaultValue={typed('message')} />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? t('common.sending') : t('complaints.submit')}
        </button>
      </Form>
    </main>
  );
}
