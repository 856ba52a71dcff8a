import { data } from 'react-router';
import { webContext } from '../../context.ts';
import { LegalText } from '../../features/legal/legal-text.tsx';
import { legalValues } from '../../features/legal/legal-values.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/legal-page';

const pageKeys: Record<string, string> = {
  terms: 'terms',
  privacy: 'privacy',
  cookies: 'cookies',
  ban: 'ban',
  'return-policy': 'return_policy',
  faq: 'faq',
  service: 'service',
};

interface Section {
  id: string;
  heading: string;
  body: string;
}

/** The legal and help pages: texts from the catalog, filled with the site's company details and settings. */
export async function loader({ context, params: _params, request }: Route.LoaderArgs) {
  const c = context.get(webContext);
  // A client-side navigation asks for `/pages/terms.data`.
  const slug =
    new URL(request.url).pathname
      .replace(/\.data$/, '')
      .split('/')
      .pop() ?? '';
  const page = pageKeys[slug];
  if (!page) throw data(null, { status: 404 });
  const t = c.translate;
  const values = legalValues(c.settings, c.company, c.locale);
  const prefix = `legal.${page}.`;
  const keys = Object.keys(c.messages).filter((key) => key.startsWith(prefix));
  const ids = (group: string) =>
    [...new Set(keys.filter((key) => key.startsWith(`${prefix}${group}.`)).map((key) => key.split('.')[3]!))].sort();
  const sections: Section[] = ids('sections').map((id) => ({
    id,
    heading: t(`${prefix}sections.${id}.heading`, values),
    body: t(`${prefix}sections.${id}.body`, values),
  }));
  const faq = ids('items').map((id) => ({
    id,
    question: t(`${prefix}items.${id}.q`, values),
    answer: t(`${prefix}items.${id}.a`, values),
  }));
  return {
    page,
    title: t(`${prefix}title`, values),
    intro: t(`${prefix}intro`, values),
    sections,
    faq,
    siteName: c.settings.name,
  };
}

export const handle = defineRouteHandle({ noScript: true });

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: `${loaderData.title} · ${loaderData.siteName}` },
    { name: 'description', content: loaderData.intro.slice(0, 160) },
  ];
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { title, intro, sections, faq, page } = loaderData;
  return (
    <main className="container legal-page" data-page={page}>
      <h1>{title}</h1>
      <div className="legal-intro">
        <LegalText text={intro} />
      </div>
      {sections.length > 1 ? (
        <nav className="legal-toc" aria-label={title}>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#section-${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {sections.map((section) => (
        <section key={section.id} id={`section-${section.id}`} className="legal-section">
          <h2 className="h5">{section.heading}</h2>
          <LegalText text={section.body} />
        </section>
      ))}
      {faq.length ? (
        <div className="faq-list">
          {faq.map((item) => (
            <details key={item.id} className="faq-item" id={`faq-${item.id}`}>
              <summary>{item.question}</summary>
              <LegalText text={item.answer} />
            </details>
          ))}
        </div>
      ) : null}
    </main>
  );
}
