import { createSignupInputSchema } from '@app/shared/accounts/signup';
import { redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { readSignupForm, SignupForm } from '../../features/accounts/signup-form.tsx';
import { checkInBrowser, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/signup';

/** Where a new member goes: the steps, with the flag that shows the activation reminder. */
const afterSignupPath = '/complete-signup?signup-complete=1';

export async function loader({ context }: Route.LoaderArgs) {
  const c = context.get(webContext);
  if (c.user) throw redirect('/members');
  return { siteName: c.settings.name };
}

/**
 * POST /signup, from this page, the signup modal and /members/{id}/signup: the same rules as POST /api/signup.php;
 * the answer logs the new member in. A refused form keeps its target member.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const values = readSignupForm(await request.formData());
  // What the page needs to show the form again without script: the target and the answers (never the password).
  const { password: _, ...kept } = values;
  const again = {
    values: kept,
    ...(typeof values.target_profile_id === 'number' ? { target_profile_id: values.target_profile_id } : {}),
  };
  const submission = parseSubmission(createSignupInputSchema(), values);
  if (!submission.ok) return refuseSubmission(submission.errors, 400, again);
  try {
    await context.get(webContext).services.accounts.signUp(submission.value);
  } catch (error) {
    return refuseWithError(error, again);
  }
  throw redirect(afterSignupPath);
}

export const clientAction = checkInBrowser(
  () => import('@app/shared/accounts/signup').then((module) => module.createSignupInputSchema()),
  readSignupForm,
);

export default function Signup({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main className="container narrow-page signup-page">
      <PageTitle title={`${t('signup.title')} · ${loaderData.siteName}`} />
      <div className="card">
        <div className="card-body">
          <h1 className="h3">{t('signup.title')}</h1>
          <p className="text-body-secondary">{t('signup.intro')}</p>
          <SignupForm />
        </div>
      </div>
    </main>
  );
}
