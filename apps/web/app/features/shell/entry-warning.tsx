import { entryWarningCookieMaxAge, entryWarningCookieName } from '@app/shared/sites/entry-warning';
import { useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useInstalledApp } from './installed-app.tsx';
import { type LayoutKind, shouldShowEntryWarning } from './shell-rules.ts';

/** The adult-content warning on a first visit (id site-entry-warning). Closing it stores a timestamp. */
export function EntryWarning(props: { layout: LayoutKind }) {
  const { t } = useI18n();
  const data = useRootData();
  const installedApp = useInstalledApp();
  const matches = useMatches();
  const location = useLocation();
  const [closed, setClosed] = useState(false);

  const show =
    !closed &&
    shouldShowEntryWarning({
      setting: data.settings.enable_site_entry_popup,
      dismissed: data.entryWarningDismissed,
      loggedIn: !!data.user,
      installedApp,
      routeName: matches[matches.length - 1]?.id,
      layout: props.layout,
      visitorCountry: data.visitorCountry,
      selectedCountries: data.settings.geoip_selected_country,
    });
  if (!show) return null;

  return (
    <Modal id="site-entry-warning" title={t('entry_warning.title')} dismissible={false}>
      <p>{t('entry_warning.body', { site_name: data.settings.name })}</p>
      <p className="small text-body-secondary">{t('entry_warning.fictional_note')}</p>
      <form
        method="post"
        action="/entry-warning"
        className="d-flex flex-wrap gap-2 justify-content-end"
        onSubmit={(event) => {
          // With JavaScript the choice is stored here; without it the form post stores it.
          event.preventDefault();
          const secure = window.location.protocol === 'https:' ? '; Secure' : '';
          // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
          document.cookie = `${entryWarningCookieName}=${Date.now()}; Max-Age=${entryWarningCookieMaxAge}; Path=/; SameSite=Lax${secure}`;
          setClosed(true);
        }}
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noreferrer">
          {t('entry_warning.leave')}
        </a>
        <button type="submit" className="btn btn-primary" data-autofocus>
          {t('entry_warning.accept')}
        </button>
      </form>
    </Modal>
  );
}
