import { languageMenu } from '@app/shared/i18n/language-menu';
import { localeInfo } from '@app/shared/i18n/locales';
import { useFetcher, useLocation } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';

/** The language dropdown: languages grouped per country; a choice re-renders the page without a reload. */
export function LanguageMenu() {
  const { t, locale } = useI18n();
  const { chosenCountry, visitorCountry, user } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
  const offers = (country: string | null) =>
    languageMenu.some((entry) => entry.country === country && entry.locales.includes(locale));
  const activeCountry =
    [chosenCountry, visitorCountry].find(offers) ??
    languageMenu.find((entry) => entry.locales.includes(locale))?.country;

  return (
    <Dropdown
      testId="language-menu"
      align="end"
      buttonLabel={t('nav.language')}
      buttonClassName="btn btn-link nav-link dropdown-toggle language-toggle"
      label={
        <>
          <Icon name="globe" />
          <span className="ms-1">{locale.toUpperCase()}</span>
        </>
      }
    >
      {(close) => (
        <div className="language-menu">
          {languageMenu.map((entry) => (
            <div key={entry.country} className="language-menu-group">
              <p className="dropdown-header">{countryNames.of(entry.country)}</p>
              {entry.locales.map((code) => {
                const current = code === locale && entry.country === activeCountry;
                return (
                  <button
                    key={code}
                    type="button"
                    lang={code}
                    className={`dropdown-item${current ? ' active' : ''}`}
                    aria-current={current ? 'true' : undefined}
                    data-locale={code}
                    data-country={entry.country}
                    onClick={() => {
                      // A member's language is kept on the account too; failing that is not worth an error.
                      if (user) apiRequest('PUT', '/api/user.php', { language: code }).catch(() => undefined);
                      fetcher.submit(
                        { locale: code, country: entry.country, redirectTo: location.pathname + location.search },
                        { method: 'post', action: '/lang' },
                      );
                      close();
                    }}
                  >
                    {localeInfo[code].nativeName}
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </Dropdown>
  );
}
