import { Text, Timeline } from '@mantine/core';
import { IconCheck, IconClock, IconPackage, IconTruck, IconX } from '@tabler/icons-react';
import type { StoreOrder } from '@trilha/contracts/store';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n';

/**
 * An order's path: placed (awaiting approval), approved, shipped (carrier and tracking code), delivered; a
 * reproved order ends at its reproval with the reason. The steps still ahead show dimmed.
 */
export function OrderTimeline({ order }: { order: StoreOrder }) {
  const { t } = useTranslation('store');
  const when = (iso: string | null) => (iso ? formatDate(iso) : null);
  const steps: { key: string; title: string; at: string | null; detail?: string; icon: React.ReactNode }[] = [
    { key: 'placed', title: t('timeline.placed'), at: order.createdAt, icon: <IconClock size={14} /> },
  ];
  if (order.status === 'reproved') {
    steps.push({
      key: 'reproved',
      title: t('timeline.reproved'),
      at: order.reprovedAt,
      detail: order.reason ? t('timeline.reason', { reason: order.reason }) : undefined,
      icon: <IconX size={14} />,
    });
  } else {
    steps.push({
      key: 'approved',
      title: t('timeline.approved'),
      at: order.approvedAt,
      icon: <IconCheck size={14} />,
    });
    if (order.kind === 'physical') {
      steps.push({
        key: 'shipped',
        title: t('timeline.shipped'),
        at: order.shippedAt,
        detail:
          order.carrier && order.trackingCode
            ? t('timeline.tracking', { carrier: order.carrier, code: order.trackingCode })
            : undefined,
        icon: <IconTruck size={14} />,
      });
    }
    steps.push({
      key: 'delivered',
      title: t('timeline.delivered'),
      at: order.deliveredAt,
      icon: <IconPackage size={14} />,
    });
  }
  const reached = steps.filter((s) => s.at !== null).length - 1;
  const waiting = order.status === 'awaiting_approval';

  return (
    <Timeline
      active={reached}
      bulletSize={24}
      lineWidth={2}
      color={order.status === 'reproved' ? 'red' : 'brand'}
    >
      {steps.map((step) => (
        <Timeline.Item key={step.key} bullet={step.icon} title={step.title} data-testid={`step-${step.key}`}>
          {step.at ? (
            <Text fz="xs" c="dimmed">
              {when(step.at)}
            </Text>
          ) : step.key === 'approved' && waiting ? (
            <Text fz="xs" c="dimmed">
              {t('timeline.waiting')}
            </Text>
          ) : null}
          {step.detail ? <Text fz="sm">{step.detail}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
