import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

/** Points as the user's language writes numbers ("1.250 pontos"). */
export function usePoints() {
  const { t } = useTranslation('store');
  const language = currentLanguage();
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  return {
    number,
    points: (n: number) => t('points', { count: n, n: number(n) }),
  };
}
