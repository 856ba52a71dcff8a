import { Link } from 'react-router';
import { TargetMemberCard } from '../../features/members/target-member.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/member-landing';
import { loadSignupTarget } from './target-loader.ts';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadSignupTarget(context, request, params.id);
}

export const handle = defineRouteHandle({
  noScript: true,
  messages: ['member_landing', 'members', 'signup'],
});

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const title = landingTitle(loaderData);
  return [
    { title },
    { property: 'og:title', content: title },
    ...(loaderData.member.photo
      ? [{ property: 'og:image', content: new URL(loaderData.member.photo, loaderData.siteOrigin).href }]
      : []),
  ];
}

/** /members/{id}/landing: a campaign page about one member, leading to the signup with that member as target. */
const landingTitle = (data: Route.ComponentProps['loaderData']) => `${data.member.name} · ${data.siteName}`;

export default function MemberLanding({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { member } = loaderData;
  return (
    <main className="container narrow-page member-landing">
      <TargetMemberCard
        member={member}
        fictionalIcon={loaderData.fictionalIcon}
        fictionalLabel={loaderData.fictionalLabel}
        large
      >
        <h1 className="h3 mt-2">{t('member_landing.title', { name: member.name })}</h1>
        <p>{t('member_landing.intro', { name: member.name })}</p>
        {member.fictional ? (
          <p className="small text-body-secondary" data-testid="fictional-warning">
            {loaderData.fictionalWarning}
          </p>
        ) : null}
        <Link className="btn btn-primary btn-lg w-100" to={`/members/${member.id}/signup${loaderData.search}`}>
          {t('member_landing.signup')}
        </Link>
        <p className="text-center mt-3 mb-0">
          {t('signup.have_account')} <Link to={`/login?redirect=/members/${member.id}`}>{t('signup.login')}</Link>
        </p>
      </TargetMemberCard>
    </main>
  );
}
