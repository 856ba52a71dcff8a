import { webContext } from '../../context.ts';
import { useI18n } from '../../features/i18n/i18n.tsx';
import { MemberCardView } from '../../features/members/member-card.tsx';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings } = context.get(webContext);
  const members = await services.findShowcaseMembers(12);
  return {
    members,
    site: {
      name: settings.name,
      indexTitle: settings.index_title,
      description: settings.description,
      fictionalIcon: settings.fictional_icon,
      fictionalSingular: settings.fictional_singular,
    },
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: `${data.site.name} · ${data.site.indexTitle}` },
    { name: 'description', content: data.site.description },
    { property: 'og:title', content: `${data.site.name} · ${data.site.indexTitle}` },
    { property: 'og:description', content: data.site.description },
    { property: 'og:type', content: 'website' },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { site, members } = loaderData;
  return (
    <main className="home">
      <section className="home-hero">
        <p className="home-brand">{site.name}</p>
        <h1>{site.indexTitle}</h1>
        <p className="home-lead">{site.description}</p>
      </section>
      <section className="home-members" aria-labelledby="home-members-title">
        <h2 id="home-members-title">{t('home.members_title')}</h2>
        <ul className="member-grid">
          {members.map((member) => (
            <li key={member.id}>
              <MemberCardView
                member={member}
                fictionalIcon={site.fictionalIcon}
                fictionalLabel={site.fictionalSingular}
              />
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
