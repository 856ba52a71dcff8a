import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messageArguments } from './message-arguments.ts';
import { compileMessage } from './message-format.ts';
import { flattenCatalog } from './translator.ts';

const i18nDir = join(import.meta.dirname, '../../../../i18n');
const catalogFiles = [
  ...readdirSync(i18nDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(i18nDir, name)),
  ...readdirSync(join(i18nDir, 'legal')).map((name) => join(i18nDir, 'legal', name)),
];

function formatWithIntl(source: string, locale: string, values: Record<string, string | number>) {
  return String(new IntlMessageFormat(source, locale, undefined, { ignoreTag: true }).format(values));
}

describe('compileMessage', () => {
  it('formats every catalog message exactly as intl-messageformat does, for several counts', () => {
    let compared = 0;
    for (const file of catalogFiles) {
      const locale = file.split('/').pop()!.replace('.json', '');
      const messages = flattenCatalog(JSON.parse(readFileSync(file, 'utf8')));
      for (const [key, source] of Object.entries(messages)) {
        const names = messageArguments(source);
        // Each message is read once by each formatter and formatted for every count.
        const ours = compileMessage(source, locale);
        const intl = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
        for (const count of [0, 1, 2, 5, 21, 1234.5]) {
          const values = Object.fromEntries(
            names.map((name) => [
              name,
              name === 'count' || /^(n|min|max|limit|minutes|days|hours|age|credits|step|total|price)/.test(name)
                ? count
                : `‹${name}›`,
            ]),
          );
          expect(ours(values), `${locale} ${key}`).toBe(String(intl.format(values)));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  }, 60_000); // every message of 11 catalogs, twice: seconds on a busy machine

  it('reads quoting, offsets, select, exact matches and tags as intl-messageformat does', () => {
    const cases: [string, Record<string, string | number>][] = [
      ["Typ '{name}' letterlijk, l'adresse en ''quotes''", { name: 'x' }],
      ["Typ '{'{name}'}' en '#' {n, plural, one {'#' #} other {# '#'}}", { name: 'x', n: 3 }],
      [
        '{n, plural, offset:1 =0 {niemand} =1 {alleen {who}} one {{who} en # ander} other {{who} en # anderen}}',
        { n: 2, who: 'Ann' },
      ],
      [
        '{n, plural, offset:1 =0 {niemand} =1 {alleen {who}} one {{who} en # ander} other {{who} en # anderen}}',
        { n: 1, who: 'Ann' },
      ],
      ['{g, select, female {zij #} male {hij} other {{ name }}}', { g: 'female', name: 'Kim' }],
      ['{g, select, female {zij} other {{ name }}}', { g: 'x', name: 'Kim' }],
      ['<b>{name}</b> & <br/>', { name: 'Kim' }],
      ['{count, number} stuks', { count: 1234567.891 }],
      ['', {}],
    ];
    for (const [source, values] of cases) {
      for (const locale of ['nl', 'fr', 'ar', 'pl']) {
        expect(compileMessage(source, locale)(values), `${locale}: ${source}`).toBe(
          formatWithIntl(source, locale, values),
        );
      }
    }
  });

  it('refuses a message it cannot read and a missing value', () => {
    expect(() => compileMessage('{count, plural, one {x}}', 'nl')).toThrow(SyntaxError);
    expect(() => compileMessage('a } b', 'nl')).toThrow(SyntaxError);
    expect(() => compileMessage('{when, date, short}', 'nl')).toThrow(SyntaxError);
    expect(() => compileMessage('Hallo {name}', 'nl')({})).toThrow(/name/);
  });
});
