import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { showsCreditAlert } from './credit-rules.ts';

/** The credit alert (spec section 2): a paying member's balance ran out; the way to buy credits. */
export function CreditAlert() {
  const { t } = useI18n();
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (!showsCreditAlert(user, pathname)) return null;
  return (
    <div className="container mt-3">
      <div
        className="alert alert-warning d-flex align-items-center gap-2 mb-0"
        role="status"
        data-testid="credit-alert"
      >
        <Icon name="coin" />
        <span className="flex-grow-1">{t('credit_alert.text')}</span>
        <Link className="btn btn-sm btn-primary credit-alert-action" to="/credits">
          {t('credit_alert.link')}
        </Link>
      </div>
    </div>
  );
}
