import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { MemberCardView } from '../../features/members/member-card.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/signup-matches';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const members = await c.services.profiles.findSignupMatches(12);
  return {
    members,
    likedIds: await c.services.likes.findLikedAmong(members.map((member) => member.id)),
    siteName: c.settings.name,
    fictionalIcon: c.settings.fictional_icon,
    fictionalLabel: c.settings.fictional_singular,
  };
}

export const handle = defineRouteHandle({ messages: ['members', 'signup_matches'] });

/** /signup-matches: real members suggested right after signup. */
export default function SignupMatches({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main className="container signup-matches">
      <PageTitle title={`${t('signup_matches.title')} · ${loaderData.siteName}`} />
      <h1 className="h3 mt-4">{t('signup_matches.title')}</h1>
      <p className="text-body-secondary">{t('signup_matches.intro')}</p>
      {loaderData.members.length ? (
        <ul className="member-grid" data-testid="signup-matches">
          {loaderData.members.map((member, index) => (
            <li key={member.id}>
              <MemberCardView
                member={member}
                eager={index < 6}
                fictionalIcon={loaderData.fictionalIcon}
                fictionalLabel={loaderData.fictionalLabel}
                liked={loaderData.likedIds.includes(member.id)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('signup_matches.empty')}</p>
      )}
      <Link className="btn btn-primary mt-3" to="/">
        {t('signup_matches.home')}
      </Link>
    </main>
  );
}
