import { PageLink } from '../../components/ui/page-link.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';

const footerLinks = [
  { to: '/pages/terms', key: 'footer.terms' },
  { to: '/pages/privacy', key: 'footer.privacy' },
  { to: '/pages/cookies', key: 'footer.cookies' },
  { to: '/pages/ban', key: 'footer.ban' },
  { to: '/pricing', key: 'footer.pricing' },
  { to: '/complaints', key: 'footer.complaints' },
  { to: '/pages/return-policy', key: 'footer.return_policy' },
  { to: '/pages/faq', key: 'footer.faq' },
  { to: '/pages/service', key: 'footer.support' },
] as const;

/** Disclaimer in the current language, plus the US notice for English when the site asks for it. */
function Disclaimer() {
  const { t, locale } = useI18n();
  const { settings, company } = useRootData();
  return (
    <>
      <p className="footer-disclaimer">{t('footer.disclaimer', { site_name: settings.name })}</p>
      {locale === 'en' && settings.us_footer ? (
        <p className="footer-us" data-testid="us-footer">
          {t('footer.us_notice', { company_name: company.name, address: `${company.address}, ${company.city}` })}
        </p>
      ) : null}
    </>
  );
}

export function Footer(props: { compact?: boolean }) {
  const { t } = useI18n();
  const { company, settings } = useRootData();
  const vat = company.vat_numbers[company.country];
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container">
        {props.compact ? null : (
          <nav aria-label={t('footer.links')}>
            <ul className="footer-links">
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <PageLink to={link.to}>{t(link.key)}</PageLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <Disclaimer />
        <p className="footer-company">
          {t('footer.company_line', {
            company_name: company.name,
            address: company.address,
            city: company.city,
            kvk: company.kvk,
          })}
          {vat ? ` · ${t('footer.vat', { vat_number: vat })}` : null}
        </p>
        {company.tradenames.length ? (
          <p className="footer-company">
            {t('footer.tradenames', {
              tradenames: company.tradenames.join(', '),
              // The sentence ends with a full stop already ("… B.V." would get two).
              company_name: company.name.replace(/\.$/, ''),
              count: company.tradenames.length,
            })}
          </p>
        ) : null}
        <p className="footer-copyright">
          {t('footer.copyright', { year: '2025', site_name: settings.name })}
          {' · '}
          <a href="https://db-ip.com/" rel="noreferrer">
            {t('footer.geoip_attribution')}
          </a>
          {' · '}
          <a href="https://www.geonames.org/" rel="noreferrer">
            {t('footer.places_attribution')}
          </a>
        </p>
      </div>
    </footer>
  );
}
