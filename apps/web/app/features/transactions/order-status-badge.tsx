import type { OrderStatus } from '@app/shared/credits/orders';
import { useI18n } from '../../lib/i18n.tsx';

/** Each status's colour, written out whole so that the production CSS keeps the classes. */
const statusClasses: Record<OrderStatus, string> = {
  open: 'badge rounded-pill text-bg-secondary',
  pending: 'badge rounded-pill text-bg-info',
  paid: 'badge rounded-pill text-bg-success',
  failed: 'badge rounded-pill text-bg-danger',
  canceled: 'badge rounded-pill text-bg-secondary',
  expired: 'badge rounded-pill text-bg-secondary',
  refunded: 'badge rounded-pill text-bg-warning',
  charged_back: 'badge rounded-pill text-bg-danger',
};

/** An order's status as a badge in the member's language (the `payment` namespace, which the payment screen shares). */
export function OrderStatusBadge(props: { status: OrderStatus }) {
  const { t } = useI18n();
  return (
    <span className={statusClasses[props.status]} data-testid="order-status">
      {t(`payment.status_${props.status}`)}
    </span>
  );
}
