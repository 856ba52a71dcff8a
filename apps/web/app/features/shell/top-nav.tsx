import type { SessionUser } from '@app/shared/accounts/session-user';
import { useMatches, useNavigate } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageLink } from '../../components/ui/page-link.tsx';
import { logOut } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { useInstalledApp } from './installed-app.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { NewLikesBadge, UnreadMessagesBadge } from './nav-badges.tsx';
import { creditsBadge, showBackButton } from './shell-rules.ts';
import { SiteLogo } from './site-logo.tsx';

function BackButton() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const installed = useInstalledApp();
  const matches = useMatches();
  const routeName = matches[matches.length - 1]?.id;
  const historyLength = typeof window === 'undefined' ? 0 : window.history.length;
  if (!showBackButton(routeName, installed, historyLength)) return null;
  return (
    <button type="button" className="btn btn-link nav-link nav-back" onClick={() => navigate(-1)}>
      <Icon name="arrow-left" label={t('nav.back')} />
    </button>
  );
}

/** The top navigation of the default layout, for visitors and for members. */
export function TopNav() {
  const user = useSessionUser();
  return user ? <MemberNav user={user} /> : <VisitorNav />;
}

function VisitorNav() {
  const { t } = useI18n();
  return (
    <nav className="navbar top-nav" aria-label={t('nav.main')}>
      <div className="container top-nav-inner">
        <SiteLogo className="navbar-brand" to="/" />
        <div className="top-nav-actions">
          <LanguageMenu />
          <PageLink className="btn btn-primary btn-sm" to="/login" data-testid="nav-login">
            {t('nav.login')}
          </PageLink>
        </div>
      </div>
    </nav>
  );
}

function MemberNav(props: { user: SessionUser }) {
  const { t } = useI18n();
  const { user } = props;
  const matches = useMatches();
  const onCompleteSignup = matches.some((match) => match.id === 'complete-signup');
  // On a phone these are the tab bar's (features/shell/tab-bar.tsx); during complete-signup there is none.
  const tabbed = onCompleteSignup ? undefined : 'd-none d-md-block';
  const credits = creditsBadge(user.credits);
  const thumb = user.profile.main_image?.status === 'active' ? user.profile.main_image : null;
  return (
    <nav className="navbar top-nav logged-in-nav" aria-label={t('nav.main')}>
      <div className="container top-nav-inner">
        <BackButton />
        <SiteLogo className="navbar-brand" to="/members" />
        <ul className="top-nav-links">
          <li className={tabbed}>
            <PageLink className="nav-link" to="/members" title={t('nav.search')}>
              <Icon name="search" />
              <span className="nav-text">{t('nav.search')}</span>
            </PageLink>
          </li>
          <li className={tabbed}>
            <PageLink className="nav-link" to="/chats" title={t('nav.messages')} data-testid="nav-messages">
              <Icon name="chat-dots" />
              <span className="nav-text">{t('nav.messages')}</span>
              <UnreadMessagesBadge className="nav-badge" />
            </PageLink>
          </li>
          <li className={tabbed}>
            <PageLink className="nav-link" to="/likes" title={t('nav.likes')} data-testid="nav-likes">
              <Icon name="heart" />
              <span className="nav-text">{t('nav.likes')}</span>
              <NewLikesBadge className="nav-badge" />
            </PageLink>
          </li>
          <li>
            {user.paid_user ? (
              <PageLink className="nav-link" to="/credits" title={t('nav.credits')} data-testid="nav-credits">
                <Icon name="coin" />
                <span className="nav-text">{t('nav.credits')}</span>
                {credits ? (
                  <span className={`badge rounded-pill nav-badge text-bg-${credits.tone}`}>
                    {credits.text}
                    <span className="visually-hidden"> {t('nav.credit_balance', { count: user.credits })}</span>
                  </span>
                ) : null}
              </PageLink>
            ) : (
              <PageLink className="btn btn-warning btn-sm nav-premium" to="/premium" data-testid="nav-premium">
                <Icon name="gem" />
                <span className="ms-1">{t('nav.get_premium')}</span>
              </PageLink>
            )}
          </li>
        </ul>
        {onCompleteSignup ? null : (
          <div className="top-nav-actions">
            <LanguageMenu />
            <Dropdown
              testId="account-menu"
              align="end"
              label={
                <>
                  {thumb ? (
                    <img className="nav-avatar" src={thumb.thumb_filename} alt="" width={28} height={28} />
                  ) : (
                    <Icon name="person-circle" />
                  )}
                  {/* The name is shown from lg up; the accessible name always has it, then what the menu is. */}
                  <span className="nav-text ms-1">{user.profile.name}</span>
                  <span className="visually-hidden">, {t('nav.account')}</span>
                </>
              }
            >
              {(close) => (
                <>
                  <PageLink className="dropdown-item" to="/profile" onClick={close}>
                    {t('nav.my_profile')}
                  </PageLink>
                  <PageLink className="dropdown-item" to="/settings" onClick={close}>
                    {t('nav.settings')}
                  </PageLink>
                  <PageLink
                    className="dropdown-item"
                    to="/notifications"
                    onClick={close}
                    data-testid="nav-notifications"
                  >
                    {t('nav.notifications')}
                  </PageLink>
                  <PageLink className="dropdown-item" to="/transactions" onClick={close} data-testid="nav-transactions">
                    {t('nav.transactions')}
                  </PageLink>
                  <hr className="dropdown-divider" />
                  <a
                    className="dropdown-item"
                    href="/api/logout.php"
                    data-testid="nav-logout"
                    onClick={(event) => {
                      // Without JavaScript the link leads to /logout, which asks; here the header says it is us.
                      event.preventDefault();
                      void logOut();
                    }}
                  >
                    {t('nav.logout')}
                  </a>
                </>
              )}
            </Dropdown>
          </div>
        )}
      </div>
    </nav>
  );
}
