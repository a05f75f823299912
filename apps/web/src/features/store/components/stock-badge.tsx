import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../components/wrap-badge';
import { FEW_LEFT } from '../api/store';

/** "Out of stock" at zero, "only N left" when few; nothing otherwise. */
export function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation('store');
  if (stock <= 0)
    return (
      <WrapBadge color="gray" variant="filled">
        {t('stock.out')}
      </WrapBadge>
    );
  if (stock <= FEW_LEFT)
    return (
      <WrapBadge color="orange" variant="light">
        {t('stock.few', { count: stock })}
      </WrapBadge>
    );
  return null;
}
