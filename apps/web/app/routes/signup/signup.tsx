import { redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { SignupForm } from '../../features/accounts/signup-form.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import type { Route } from './+types/signup';

export async function loader({ context }: Route.LoaderArgs) {
  const c = context.get(webContext);
  if (c.user) throw redirect(c.knownPaths.includes('/members') ? '/members' : '/');
  return { siteName: c.settings.name };
}

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
