import { Link } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useI18n } from '../../lib/i18n.tsx';

// The time bonus's numbers come as props: importing them here would split them into a chunk of their own.
/**
 * The time-bonus modal (spec section 2): the 25% welcome bonus, how long it is still valid, that credits arrive at
 * once, and the way to the credits. The close icon, Escape and the backdrop close it; so does following the link.
 */
export default function TimeBonusModal(props: {
  percentage: number;
  /** The hours of the whole offer, for the "act fast" text (spec section 9: 4). */
  hours: number;
  countdown: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { onClose } = props;
  return (
    <Modal
      id="time-bonus-modal"
      title={t('time_bonus.modal_title', { percentage: props.percentage })}
      onClose={onClose}
      size="sm"
    >
      <div className="time-bonus-modal" data-testid="time-bonus-modal">
        <p className="time-bonus-modal-lead">{t('time_bonus.modal_text', { percentage: props.percentage })}</p>
        <p className="time-bonus-modal-valid" data-testid="time-bonus-modal-valid">
          {t('time_bonus.modal_valid', { countdown: props.countdown })}
        </p>
        <p>{t('time_bonus.modal_instant')}</p>
        <p className="small text-body-secondary">{t('time_bonus.modal_act_fast', { hours: props.hours })}</p>
        <Link className="btn btn-primary w-100" to="/credits" onClick={onClose} data-autofocus>
          {t('time_bonus.modal_button')}
        </Link>
      </div>
    </Modal>
  );
}
