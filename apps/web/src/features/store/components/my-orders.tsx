import { Accordion, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '../../../components/list-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { formatDate } from '../../../lib/i18n';
import { useMyOrders } from '../api/store';
import { usePoints } from './format';
import { OrderTimeline } from './order-timeline';
import { OrderStatusBadge } from './status-badge';
import classes from './store.module.css';

/** The profile's "My orders" tab: the learner's orders, newest first, each with its status timeline. */
export default function MyOrders() {
  const { t } = useTranslation('store');
  const { points } = usePoints();
  const [page, setPage] = useState(1);
  const query = useMyOrders(page);
  const data = query.data;
  return (
    <Stack gap="md">
      <ListState
        pending={query.isPending}
        error={query.isError ? query.error : null}
        empty={(data?.items.length ?? 0) === 0}
        emptyText={t('orders.empty')}
        onRetry={() => void query.refetch()}
      >
        <Accordion variant="separated" chevronPosition="right">
          {data?.items.map((order) => (
            <Accordion.Item key={order.id} value={String(order.id)} data-testid="my-order">
              <Accordion.Control>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} className={classes.cardTitle}>
                      {order.itemTitle}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {t('orders.line', { date: formatDate(order.createdAt), price: points(order.price) })}
                    </Text>
                  </Stack>
                  <OrderStatusBadge status={order.status} />
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="md">
                  <OrderTimeline order={order} />
                  {order.voucherCode ? (
                    <Stack gap={2}>
                      <Text fz="sm" c="dimmed">
                        {t('orders.voucher')}
                      </Text>
                      <Text className={classes.code} data-testid="voucher-code">
                        {order.voucherCode}
                      </Text>
                    </Stack>
                  ) : null}
                  {order.address ? (
                    <Text fz="sm" c="dimmed">
                      {t('orders.deliverTo', {
                        address: [
                          [order.address.street, order.address.number].filter(Boolean).join(', '),
                          order.address.complement,
                          order.address.neighborhood,
                          [order.address.city, order.address.state].filter(Boolean).join(' - '),
                          order.address.zip,
                        ]
                          .filter(Boolean)
                          .join(' · '),
                      })}
                    </Text>
                  ) : null}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        {data ? (
          <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        ) : null}
      </ListState>
      <Group>
        <Button component={Link} to="/reward-store" variant="light">
          {t('orders.toStore')}
        </Button>
      </Group>
    </Stack>
  );
}
