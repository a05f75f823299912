import type { OrderStatus } from '@trilha/contracts/store';
import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../components/wrap-badge';

const colors: Record<OrderStatus, string> = {
  awaiting_approval: 'yellow',
  approved: 'blue',
  shipped: 'indigo',
  delivered: 'teal',
  reproved: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('store');
  return (
    <WrapBadge color={colors[status]} variant="light" data-testid="order-status">
      {t(`status.${status}`)}
    </WrapBadge>
  );
}
