import { PageTitle } from '../../components/ui/page-title.tsx';
import { SignupForm } from '../../features/accounts/signup-form.tsx';
import { TargetMemberCard } from '../../features/members/target-member.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/member-signup';
import { loadSignupTarget } from './target-loader.ts';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadSignupTarget(context, request, params.id);
}

export const handle = defineRouteHandle({ messages: ['errors', 'member_landing', 'members', 'signup'] });

/** /members/{id}/signup: the signup with a target member, whom complete-signup then leads back to. */
export default function MemberSignup({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { member } = loaderData;
  return (
    <main className="container narrow-page signup-page">
      <PageTitle title={`${t('signup.title')} · ${loaderData.siteName}`} />
      <div className="card">
        <div className="card-body">
          <TargetMemberCard
            member={member}
            fictionalIcon={loaderData.fictionalIcon}
            fictionalLabel={loaderData.fictionalLabel}
          >
            <p className="mb-0">{t('member_landing.signup_intro', { name: member.name })}</p>
          </TargetMemberCard>
          <h1 className="h3 mt-3">{t('signup.title')}</h1>
          <SignupForm targetProfileId={member.id} />
        </div>
      </div>
    </main>
  );
}
