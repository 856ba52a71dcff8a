import type { ChatProfile } from '@app/shared/chat/chat';
import { Link, useLocation } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { FictionalLabel } from '../members/fictional-label.tsx';
import { withViewParam } from './chat-dialogs.tsx';
import { ChatIcon } from './chat-icon.tsx';

/**
 * The conversation's header: back to the list, who it is with (photo, name linking to the profile, age), the
 * fictional label and the site's warning for a fictional profile (always in view, from before the first message),
 * and a menu: the profile, block, report, delete the conversation. The menu's dialogs are page states of their own
 * (query parameters), so that they work without script.
 */
export function ChatHeader(props: {
  profile: ChatProfile;
  conversationId: number | null;
  fictional: { icon: string; label: string; warning: string } | null;
}) {
  const { t } = useI18n();
  const location = useLocation();
  const { profile, fictional } = props;
  const open = (name: 'block' | 'report' | 'delete') => withViewParam(location, name, true);
  return (
    <header className="chat-header" data-testid="chat-header">
      <div className="chat-header-bar">
        <Link className="btn chat-header-button" to="/chats" aria-label={t('chat.back')} title={t('chat.back')}>
          <Icon name="arrow-left" />
        </Link>
        <Link className="chat-header-member" to={`/members/${profile.id}`} data-testid="chat-profile-link">
          {profile.thumbnail ? (
            <img className="chat-avatar" src={profile.thumbnail} alt="" width={40} height={40} />
          ) : (
            <span className="chat-avatar chat-avatar-empty" aria-hidden="true">
              <Icon name="person-fill" />
            </span>
          )}
          <span className="chat-header-name">
            <span className="chat-name">{profile.name}</span>
            {profile.age ? <span className="chat-age">{t('chat.age', { age: profile.age })}</span> : null}
          </span>
        </Link>
        {fictional ? <FictionalLabel icon={fictional.icon} label={fictional.label} className="chat-fictional" /> : null}
        <Dropdown
          testId="chat-menu"
          align="end"
          summaryClassName="btn chat-header-button"
          label={<ChatIcon name="three-dots-vertical" label={t('chat.menu', { name: profile.name })} />}
        >
          {(close) => (
            <>
              <Link className="dropdown-item" to={`/members/${profile.id}`} onClick={close}>
                {t('chat.view_profile')}
              </Link>
              <Link className="dropdown-item" to={open('report')} preventScrollReset onClick={close}>
                {t('chat.report')}
              </Link>
              {profile.available ? (
                <Link className="dropdown-item" to={open('block')} preventScrollReset onClick={close}>
                  {t('chat.block')}
                </Link>
              ) : null}
              {props.conversationId !== null ? (
                <Link className="dropdown-item text-danger" to={open('delete')} preventScrollReset onClick={close}>
                  {t('chat.delete')}
                </Link>
              ) : null}
            </>
          )}
        </Dropdown>
      </div>
      {fictional ? (
        <p className="chat-fictional-warning" role="note" data-testid="fictional-warning">
          {fictional.warning}
        </p>
      ) : null}
    </header>
  );
}
