import type { SessionUser } from '@app/shared/accounts/session-user';
import { CreditAlert } from './credit-alert.tsx';
import { TimeBonusOffer } from './time-bonus-offer.tsx';

/** What credit-notices.tsx loads: the time bonus for a member who never bought, else the credit alert. */
export default function CreditNotice(props: { user: SessionUser }) {
  return props.user.paid_user ? <CreditAlert /> : <TimeBonusOffer user={props.user} />;
}
