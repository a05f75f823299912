import { Badge } from '@mantine/core';
import type { CampaignStatus } from '@trilha/contracts/loyalty';
import { useTranslation } from 'react-i18next';

const colors: Record<CampaignStatus, string> = { upcoming: 'blue', active: 'teal', previous: 'gray' };

/** A campaign's status read from its dates: upcoming, active or previous. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('loyalty');
  return (
    <Badge variant="light" color={colors[status]} style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
