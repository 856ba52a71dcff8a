import { findRegionNames } from '@app/shared/i18n/intl-formats';
import { languageMenuFor } from '@app/shared/i18n/language-menu';
import { localeInfo } from '@app/shared/i18n/locales';
import { useFetcher, useLocation } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';

/**
 * The language menu: languages grouped per country, the visitor's own country first. Each choice is a button of
 * one form that posts to /lang, so it works without script; with script the page re-renders without a reload.
 */
export function LanguageMenu() {
  const { t, locale } = useI18n();
  const { chosenCountry, visitorCountry } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const countryNames = findRegionNames(locale);
  const entries = languageMenuFor(visitorCountry);
  const offers = (country: string | null) =>
    entries.some((entry) => entry.country === country && entry.locales.includes(locale));
  const activeCountry =
    [chosenCountry, visitorCountry].find(offers) ?? entries.find((entry) => entry.locales.includes(locale))?.country;
  const redirectTo = location.pathname + location.search;

  return (
    <Dropdown
      testId="language-menu"
      align="end"
      summaryClassName="btn btn-link nav-link dropdown-toggle language-toggle"
      label={
        <>
          <Icon name="globe" />
          <span className="ms-1">{locale.toUpperCase()}</span>
          <span className="visually-hidden">, {t('nav.language')}</span>
        </>
      }
    >
      {(close) => (
        // One form whose buttons each name their choice: a form per choice (22 of them, with three fields each) was
        // a tenth of every page's markup and of its render.
        <fetcher.Form method="post" action="/lang" onSubmit={close} className="language-menu">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {entries.map((entry) => (
            <div key={entry.country} className="language-menu-group">
              <p className="dropdown-header">{countryNames.of(entry.country)}</p>
              {entry.locales.map((code) => {
                const current = code === locale && entry.country === activeCountry;
                return (
                  <button
                    key={code}
                    type="submit"
                    name="choice"
                    value={`${entry.country}:${code}`}
                    lang={code}
                    className={`dropdown-item${current ? ' active' : ''}`}
                    aria-current={current ? 'true' : undefined}
                  >
                    {localeInfo[code].nativeName}
                  </button>
                );
              })}
            </div>
          ))}
        </fetcher.Form>
      )}
    </Dropdown>
  );
}
