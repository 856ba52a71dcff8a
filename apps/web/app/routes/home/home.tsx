import { Icon } from '../../components/ui/icon.tsx';
import { webContext } from '../../context.ts';
import { SignupLink } from '../../features/accounts/signup-modal.tsx';
import { MemberCardView } from '../../features/members/member-card.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, siteOrigin, user } = context.get(webContext);
  const members = await services.profiles.findShowcaseMembers(12);
  return {
    members,
    likedIds: await services.likes.findLikedAmong(members.map((member) => member.id)),
    siteOrigin,
    loggedIn: user !== null,
    site: {
      name: settings.name,
      domain: settings.domain,
      indexTitle: settings.index_title,
      description: settings.description,
      fictionalIcon: settings.fictional_icon,
      fictionalSingular: settings.fictional_singular,
    },
  };
}

// A visitor's home page is plain HTML; a member's has the shell's live parts (messages, session).
export const handle = defineRouteHandle<{ loggedIn: boolean }>({
  noScript: (data) => data?.loggedIn === false,
  messages: ['home', 'members'],
});

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const title = homeTitle(data);
  const photo = data.members[0]?.photo?.match;
  const image = photo ? new URL(photo, data.siteOrigin).href : null;
  return [
    { title },
    { name: 'description', content: data.site.description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: data.site.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: `${data.siteOrigin}/` },
    { property: 'og:site_name', content: data.site.name },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

const homeTitle = (data: Route.ComponentProps['loaderData']) => `${data.site.name} · ${data.site.indexTitle}`;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { site, members } = loaderData;
  const { user } = useRootData();
  const steps = [
    { icon: 'person-plus', title: t('home.step1_title'), text: t('home.step1_text') },
    { icon: 'heart', title: t('home.step2_title'), text: t('home.step2_text') },
    { icon: 'chat-dots', title: t('home.step3_title'), text: t('home.step3_text') },
  ] as const;

  return (
    <main className="home">
      <section className="home-hero">
        <div className="container">
          <p className="home-brand">{site.name}</p>
          <h1>{site.indexTitle}</h1>
          <p className="home-lead">{site.description}</p>
          {user ? null : (
            <SignupLink className="btn btn-light btn-lg home-cta" testId="home-signup">
              {t('home.cta')}
            </SignupLink>
          )}
          <p className="home-adult">
            <Icon name="shield-check" /> {t('home.adults_only')}
          </p>
        </div>
      </section>

      <section className="container home-members" aria-labelledby="home-members-title">
        <h2 id="home-members-title">{t('home.members_title')}</h2>
        <ul className="member-grid">
          {members.map((member, index) => (
            <li key={member.id}>
              <MemberCardView
                eager={index < 6}
                priority={index < 2}
                member={member}
                fictionalIcon={site.fictionalIcon}
                fictionalLabel={site.fictionalSingular}
                liked={loaderData.likedIds.includes(member.id)}
              />
            </li>
          ))}
        </ul>
        <p className="home-fictional-note">{t('home.fictional_note', { label: site.fictionalSingular })}</p>
      </section>

      <section className="home-steps" aria-labelledby="home-steps-title">
        <div className="container">
          <h2 id="home-steps-title">{t('home.how_title')}</h2>
          <ol className="steps">
            {steps.map((step) => (
              <li key={step.title} className="step">
                <span className="step-icon">
                  <Icon name={step.icon} />
                </span>
                <h3 className="h5">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container home-premium">
        <div className="premium-odds">
          <Icon name="gem" />
          <p>{t('home.premium_odds')}</p>
        </div>
        <p className="text-body-secondary">{t('home.free_conversations')}</p>
        {user ? null : <SignupLink className="btn btn-primary btn-lg">{t('home.cta')}</SignupLink>}
      </section>
    </main>
  );
}
