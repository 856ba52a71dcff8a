import type { ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { PageLink } from '../../components/ui/page-link.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { NewLikesBadge, UnreadMessagesBadge } from './nav-badges.tsx';

function Tab(props: { to: string; icon: IconName; label: string; badge?: ReactNode }) {
  const { pathname } = useLocation();
  const active = pathname === props.to || pathname.startsWith(`${props.to}/`);
  return (
    <li>
      <PageLink className="tab-bar-link" to={props.to} aria-current={active ? 'page' : undefined}>
        <span className="tab-bar-icon">
          <Icon name={props.icon} />
          {props.badge}
        </span>
        <span className="tab-bar-label">{props.label}</span>
      </PageLink>
    </li>
  );
}

/**
 * The members area's tabs at the bottom of a phone's screen (below 768 px, by CSS alone), with the badges the top
 * navigation carries on larger screens. Only for members, not during complete-signup.
 */
export function TabBar() {
  const { t } = useI18n();
  const user = useSessionUser();
  const matches = useMatches();
  if (!user || matches.some((match) => match.id === 'complete-signup')) return null;
  return (
    <>
      {/* Room at the end of the page, so that the fixed bar covers nothing. */}
      <div className="tab-bar-spacer d-md-none" aria-hidden="true" />
      <nav className="tab-bar d-md-none" aria-label={t('likes_shell.tabs')} data-testid="tab-bar">
        <ul>
          <Tab to="/members" icon="people" label={t('likes_shell.tab_members')} />
          <Tab
            to="/likes"
            icon="heart"
            label={t('likes_shell.tab_likes')}
            badge={<NewLikesBadge className="tab-bar-badge" />}
          />
          <Tab to="/swipe-game" icon="fire" label={t('likes_shell.tab_swipe')} />
          <Tab
            to="/chats"
            icon="chat-dots"
            label={t('likes_shell.tab_chats')}
            badge={<UnreadMessagesBadge className="tab-bar-badge" />}
          />
        </ul>
      </nav>
    </>
  );
}
