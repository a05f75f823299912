import { Group } from '@mantine/core';
import type { SaleFlag, SaleStatus } from '@trilha/contracts/sales';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../components/wrap-badge';

const statusColors: Record<SaleStatus, string> = { pending: 'yellow', approved: 'teal', rejected: 'red' };

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation('sales-audit');
  return (
    <WrapBadge color={statusColors[status]} variant="light" data-testid="sale-status">
      {t(`status.${status}`)}
    </WrapBadge>
  );
}

/** The sale's fraud signals as readable badges (text, not colour alone). */
export function FlagBadges({ flags }: { flags: readonly SaleFlag[] }) {
  const { t } = useTranslation('sales-audit');
  if (flags.length === 0) return null;
  return (
    <Group gap={6}>
      {flags.map((flag) => (
        <WrapBadge
          key={flag}
          color="orange"
          variant="light"
          leftSection={<IconAlertTriangle size={12} aria-hidden />}
          data-testid={`flag-${flag}`}
        >
          {t(`flags.${flag}`)}
        </WrapBadge>
      ))}
    </Group>
  );
}
