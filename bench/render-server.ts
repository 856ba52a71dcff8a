// The page benches' baseline: a bare node:http server answering `renderToString` of a page like the members page
// (header, navigation, search filters, 24 member cards, footer), with the React the web app uses, in production mode.
// No router, no data loading, no compression: what rendering such a page with React alone costs.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const webRequire = createRequire(new URL('../apps/web/package.json', import.meta.url));
const { createElement: h }: typeof import('react') = webRequire('react');
const { renderToString }: typeof import('react-dom/server') = webRequire('react-dom/server');

type Card = { id: number; name: string; age: number; place: string; online: boolean; fictional: boolean };

const names = ['Anouk', 'Bram', 'Chantal', 'Daan', 'Eva', 'Floor', 'Gijs', 'Hanna', 'Iris', 'Jeroen', 'Kim', 'Lotte'];
const places = ['Amsterdam', 'Utrecht', 'Gent', 'Antwerpen', 'Zwolle', 'Haarlem', 'Leuven', 'Breda'];
const cards: Card[] = Array.from({ length: 24 }, (_, i) => ({
  id: 1000 + i,
  name: names[i % names.length]!,
  age: 25 + ((i * 7) % 30),
  place: places[i % places.length]!,
  online: i % 3 === 0,
  fictional: i % 4 === 0,
}));
const navigation = ['Leden zoeken', 'Matches', 'Berichten', 'Likes', 'Credits', 'Profiel'];
const regions = ['Noord-Holland', 'Zuid-Holland', 'Utrecht', 'Gelderland', 'Noord-Brabant', 'Limburg', 'Zeeland'];
// An icon as the app inlines them: a small SVG path.
const iconPath = 'M11.742 10.344a6.5 6.5 0 1 0-1.397 1.398h-.001q.044.06.098.115l3.85 3.85a1 1 0 0 0 1.415-1.414z';

const icon = (name: string) =>
  h(
    'span',
    { className: 'icon', 'aria-hidden': 'true' },
    h(
      'svg',
      { width: 16, height: 16, fill: 'currentColor', className: `bi bi-${name}`, viewBox: '0 0 16 16' },
      h('path', { d: iconPath }),
    ),
  );

const select = (name: string, label: string, options: string[]) =>
  h(
    'div',
    { className: 'col' },
    h('label', { htmlFor: `search-${name}` }, label),
    h(
      'select',
      { id: `search-${name}`, name, className: 'form-select', defaultValue: '' },
      h('option', { value: '' }, 'Alle'),
      options.map((option) => h('option', { key: option, value: option }, option)),
    ),
  );

const memberCard = (card: Card, index: number) =>
  h(
    'article',
    { key: card.id, className: 'member-card', 'data-fictional': card.fictional ? 'true' : undefined },
    h(
      'div',
      { className: 'member-card-photo' },
      h('img', {
        src: `/cdn/photos/a1b2c3d4e5f6${card.id}_match.jpg`,
        alt: card.name,
        width: 480,
        height: 600,
        loading: index < 4 ? 'eager' : 'lazy',
        decoding: 'async',
      }),
      card.fictional
        ? h('span', { className: 'fictional-label member-card-fictional' }, icon('mask'), 'Fictief')
        : null,
    ),
    h(
      'div',
      { className: 'member-card-body' },
      h(
        'h3',
        null,
        h('a', { className: 'stretched-link member-card-link', href: `/members/${card.id}` }, card.name),
        ', ',
        h('span', { className: 'member-card-age' }, `${card.age} jaar`),
      ),
      h('p', null, card.place),
      h(
        'p',
        { className: `member-card-activity${card.online ? ' member-card-online' : ''}` },
        card.online ? 'Nu online' : `Actief ${(card.id % 9) + 1} uur geleden`,
      ),
      h(
        'ul',
        { className: 'member-card-badges list-unstyled' },
        h('li', { className: 'badge text-bg-light' }, icon('camera'), `${(card.id % 5) + 1} foto's`),
        h('li', { className: 'badge text-bg-light' }, icon('heart'), 'Zoekt een relatie'),
        card.online ? h('li', { className: 'badge text-bg-success' }, 'Nieuw') : null,
      ),
    ),
  );

function likeTree() {
  return h(
    'html',
    { lang: 'nl' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, 'Leden zoeken | Hartklop'),
      h('meta', { name: 'description', content: 'Zoek leden op geslacht, land, regio en leeftijd.' }),
      h('link', { rel: 'icon', href: '/favicon.ico' }),
      h('link', { rel: 'stylesheet', href: '/assets/root-Bx81kq2A.css' }),
      h('link', { rel: 'modulepreload', href: '/assets/entry.client-D8fk2LwQ.js' }),
      h('link', { rel: 'modulepreload', href: '/assets/members-C3mZx9Qe.js' }),
    ),
    h(
      'body',
      { className: 'logged-in not-index' },
      h(
        'div',
        { className: 'layout layout-default' },
        h(
          'nav',
          { className: 'navbar top-nav', 'aria-label': 'Hoofdmenu' },
          h(
            'div',
            { className: 'container top-nav-inner' },
            h('a', { className: 'site-logo navbar-brand', href: '/members' }, h('img', { src: '/icon.svg', alt: '' })),
            h(
              'ul',
              { className: 'top-nav-links' },
              navigation.map((item) =>
                h(
                  'li',
                  { key: item },
                  h(
                    'a',
                    { className: 'nav-link', href: `/${item.toLowerCase().replace(' ', '-')}`, title: item },
                    icon('search'),
                    h('span', { className: 'nav-text' }, item),
                  ),
                ),
              ),
            ),
          ),
        ),
        h(
          'main',
          { className: 'container' },
          h('h1', null, 'Leden zoeken'),
          h(
            'form',
            { method: 'get', className: 'search-filters row', 'aria-label': 'Filters' },
            select('gender', 'Geslacht', ['male', 'female']),
            select('country', 'Land', ['NL', 'BE', 'DE']),
            select('region', 'Regio', regions),
            h(
              'div',
              { className: 'col' },
              h('label', { htmlFor: 'search-min-age' }, 'Leeftijd'),
              h('input', { id: 'search-min-age', name: 'min_age', type: 'number', defaultValue: 35 }),
              h('input', { name: 'max_age', type: 'number', defaultValue: 55, 'aria-label': 'Tot' }),
            ),
            h('button', { type: 'submit', className: 'btn btn-primary' }, icon('search'), 'Zoeken'),
          ),
          h('p', { className: 'search-total' }, 'Meer dan 10.000 leden gevonden'),
          h('div', { className: 'member-grid' }, cards.map(memberCard)),
          h(
            'nav',
            { 'aria-label': 'Pagina' },
            h('a', { className: 'btn btn-outline-primary', href: '/members?cursor=1000' }, 'Volgende pagina'),
          ),
        ),
        h(
          'footer',
          { className: 'site-footer' },
          h(
            'div',
            { className: 'container' },
            h(
              'ul',
              { className: 'footer-links' },
              ['Voorwaarden', 'Privacy', 'Cookies', 'Veelgestelde vragen', 'Klachten', 'Contact'].map((item) =>
                h('li', { key: item }, h('a', { href: `/pages/${item.toLowerCase().replace(' ', '-')}` }, item)),
              ),
            ),
            h(
              'p',
              { className: 'small' },
              'Hartklop is een dienst van Hartklop Media B.V., Keizersgracht 100, Amsterdam, KvK 81234567. ',
              'Op deze site staan ook fictieve profielen; zij zijn als zodanig gemarkeerd.',
            ),
          ),
        ),
      ),
    ),
  );
}

createServer((_request, response) => {
  const html = `<!DOCTYPE html>${renderToString(likeTree())}`;
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  response.end(html);
}).listen(Number(process.env.PORT), process.env.HOST ?? 'localhost');
