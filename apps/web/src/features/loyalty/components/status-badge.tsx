import type { CampaignStatus } from '@trilha/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../components/wrap-badge';

const colors: Record<CampaignStatus, string> = { upcoming: 'blue', active: 'teal', previous: 'gray' };

/** A campaign's status read from its dates: upcoming, active or previous. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('loyalty');
  return (
    <WrapBadge variant="light" color={colors[status]}>
      {t(`status.${status}`)}
    </WrapBadge>
  );
}
