import { completeSignupSteps } from '@app/shared/accounts/signup-steps';
import { Link, useMatches } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import type { Route } from './+types/activate-result';

/** Where the member goes on: back into the steps where they stopped, or to the members when those are done. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(webContext);
  if (!user) return { next: 'login' as const };
  if (user.signup_step < completeSignupSteps.length) {
    return { next: 'steps' as const, step: Math.min(user.signup_step, completeSignupSteps.length - 1) + 1 };
  }
  return { next: 'members' as const };
}

/** Where the activation link lands: /activate/done or /activate/error (spec texts). */
export default function ActivateResult({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { settings } = useRootData();
  const matches = useMatches();
  const done = matches.some((match) => match.id === 'activate-done');
  const title = done ? t('activation.done_title') : t('activation.error_title');
  return (
    <main className="container narrow-page text-center activate-result">
      <PageTitle title={`${title} · ${settings.name}`} />
      <p className={`activate-icon ${done ? 'text-success' : 'text-danger'}`}>
        <Icon name={done ? 'check-circle' : 'exclamation-triangle'} />
      </p>
      <h1 className="h3">{title}</h1>
      <p>{done ? t('activation.done_body') : t('activation.error_body', { 0: settings.support_email })}</p>
      {loaderData.next === 'steps' ? (
        <Link className="btn btn-primary" to="/complete-signup" data-testid="activation-next">
          {t('activation.to_steps', { step: loaderData.step, total: completeSignupSteps.length })}
        </Link>
      ) : loaderData.next === 'members' ? (
        <Link className="btn btn-primary" to="/members" data-testid="activation-next">
          {t('activation.to_members')}
        </Link>
      ) : (
        <Link className="btn btn-primary" to="/login?redirect=%2Fcomplete-signup" data-testid="activation-next">
          {t('activation.to_login')}
        </Link>
      )}
    </main>
  );
}
