import { findRegionNames } from '@app/shared/i18n/intl-formats';
import { languageMenu } from '@app/shared/i18n/language-menu';
import { localeInfo } from '@app/shared/i18n/locales';
import { useState } from 'react';
import { Form } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SiteLogo } from '../../features/shell/site-logo.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';

export const handle = defineRouteHandle({ messages: ['lang_config'] });

/** Country and language on one page; saving stores both and returns to the home page. */
export default function LangConfig() {
  const { t, locale } = useI18n();
  const { chosenCountry, visitorCountry, settings } = useRootData();
  const countryNames = findRegionNames(locale);
  const initialCountry =
    [chosenCountry, visitorCountry].find((code) => languageMenu.some((entry) => entry.country === code)) ?? 'NL';
  const [country, setCountry] = useState(initialCountry);
  const offered = languageMenu.find((entry) => entry.country === country)?.locales ?? ['nl'];
  const [language, setLanguage] = useState(offered.includes(locale) ? locale : offered[0]!);
  const sortedCountries = [...languageMenu].sort((a, b) =>
    (countryNames.of(a.country) ?? a.country).localeCompare(countryNames.of(b.country) ?? b.country, locale),
  );

  return (
    <main className="lang-config">
      <PageTitle title={`${t('lang_config.title')} · ${settings.name}`} />
      <div className="card lang-config-card">
        <div className="card-body">
          <SiteLogo className="mb-3" to="/" />
          <h1 className="h4">{t('lang_config.title')}</h1>
          <p className="text-body-secondary">{t('lang_config.intro')}</p>
          <Form method="post" action="/lang">
            <input type="hidden" name="redirectTo" value="/" />
            <div className="mb-3">
              <label className="form-label" htmlFor="lang-config-country">
                {t('lang_config.country')}
              </label>
              <select
                id="lang-config-country"
                name="country"
                className="form-select"
                value={country}
                onChange={(event) => {
                  const next = event.target.value;
                  setCountry(next);
                  const locales = languageMenu.find((entry) => entry.country === next)?.locales ?? ['nl'];
                  if (!locales.includes(language)) setLanguage(locales[0]!);
                }}
              >
                {sortedCountries.map((entry) => (
                  <option key={entry.country} value={entry.country}>
                    {countryNames.of(entry.country)}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('lang_config.language')}</legend>
              {offered.map((code) => (
                <div className="form-check" key={code}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name="locale"
                    id={`lang-config-${code}`}
                    value={code}
                    checked={language === code}
                    onChange={() => setLanguage(code)}
                  />
                  <label className="form-check-label" htmlFor={`lang-config-${code}`} lang={code}>
                    {localeInfo[code].nativeName}
                  </label>
                </div>
              ))}
            </fieldset>
            <button type="submit" className="btn btn-primary w-100">
              {t('lang_config.save')}
            </button>
          </Form>
        </div>
      </div>
    </main>
  );
}
