import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { FictionalLabel } from '../members/fictional-label.tsx';
import type { LikeModalContent, MatchPartner } from './likes-rules.ts';

function Photo(props: { src: string | null; alt: string; className?: string }) {
  return props.src ? (
    <img className={props.className} src={props.src} alt={props.alt} width={480} height={600} decoding="async" />
  ) : (
    <span className={`${props.className ?? ''} like-modal-nophoto`} role="img" aria-label={props.alt} />
  );
}

function Fictional(props: { show: boolean }) {
  const { settings } = useRootData();
  if (!props.show) return null;
  return (
    <FictionalLabel
      icon={settings.fictional_icon}
      label={settings.fictional_singular}
      className="like-modal-fictional"
    />
  );
}

/** "New like!": the liker's main photo (opens their profile) and a button to start a conversation. */
function LikerModal(props: { liker: Extract<LikeModalContent, { kind: 'liker' }>; onClose: () => void }) {
  const { t } = useI18n();
  const { liker, onClose } = props;
  return (
    <Modal id="like-modal" title={t('likes_shell.like_title')} onClose={onClose} size="sm">
      <div className="like-modal" data-testid="like-modal">
        {/* The label lies over the photo beside the link, so that the link's name is only what it does. */}
        <div className="like-modal-photo">
          <Link to={`/members/${liker.id}`} onClick={onClose}>
            <Photo src={liker.photo} alt={t('likes_shell.open_profile', { name: liker.name })} />
          </Link>
          <Fictional show={liker.fictional} />
        </div>
        <p className="like-modal-text">{t('likes_shell.like_text', { name: liker.name })}</p>
        <Link className="btn btn-primary w-100" to={`/members/${liker.id}/chat`} onClick={onClose} data-autofocus>
          {t('likes_shell.start_chat')}
        </Link>
      </div>
    </Modal>
  );
}

/**
 * A like a free member may not open: a silhouette with a lock, as on the likes page's locked cards, and the way to
 * premium instead of name, photo and profile.
 */
function LockedLikeModal(props: { onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal id="like-modal" title={t('likes_shell.like_title')} onClose={props.onClose} size="sm">
      <div className="like-modal" data-testid="like-modal">
        <div className="like-modal-photo like-card-locked" aria-hidden="true">
          <div className="like-card-silhouette">
            <Icon name="person-fill" />
          </div>
          <span className="like-card-lock">
            <Icon name="lock-fill" />
          </span>
        </div>
        <p className="like-modal-text">{t('likes_shell.locked_text')}</p>
        <Link className="btn btn-warning w-100" to="/premium" onClick={props.onClose} data-autofocus>
          {t('likes_shell.locked_button')}
        </Link>
      </div>
    </Modal>
  );
}

export function LikeModal(props: { content: LikeModalContent; onClose: () => void }) {
  return props.content.kind === 'liker' ? (
    <LikerModal liker={props.content} onClose={props.onClose} />
  ) : (
    <LockedLikeModal onClose={props.onClose} />
  );
}

/** "It's a match!": both photos, start a conversation or keep browsing. */
export function MatchModal(props: { partner: MatchPartner; onClose: () => void }) {
  const { t } = useI18n();
  const user = useSessionUser();
  const { partner, onClose } = props;
  const own = user?.profile.main_image;
  const ownPhoto = own && own.status !== 'rejected' ? own.match : null;
  return (
    <Modal id="match-modal" title={t('likes_shell.match_title')} onClose={onClose}>
      <div className="match-modal" data-testid="match-modal">
        <div className="match-modal-photos">
          <Photo className="match-modal-photo" src={ownPhoto} alt={t('likes_shell.your_photo')} />
          <Link className="match-modal-partner" to={`/members/${partner.id}`} onClick={onClose}>
            <Photo className="match-modal-photo" src={partner.photo} alt={partner.name} />
            <Fictional show={partner.fictional} />
          </Link>
        </div>
        <p className="like-modal-text">{t('likes_shell.match_text', { name: partner.name })}</p>
        <div className="d-grid gap-2">
          <Link className="btn btn-primary" to={`/members/${partner.id}/chat`} onClick={onClose} data-autofocus>
            {t('likes_shell.start_chat')}
          </Link>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('likes_shell.keep_browsing')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
