import { Badge, Group, Select, Spoiler, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ticketStatuses } from '@trilha/contracts/institutional';
import { formatDateTime } from '@trilha/domain/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useTickets, useTicketStatus } from '../api/admin';
import { apiErrorText } from '../../../lib/form-errors';
import { PagedList } from '../../../components/paged-list';
import { AdminHeader } from '../components/admin-shell';
import { communicationsTabs } from './outbox-page';

const statusColor = { open: 'blue', in_progress: 'yellow', closed: 'gray' } as const;

/** /admin/communications/tickets: support and contact messages for the support role. */
export default function TicketsPage() {
  const { t } = useTranslation('accounts-admin');
  const [status, setStatus] = useState<string | null>('open');
  const [page, setPage] = useState(1);
  const tickets = useTickets(status ?? undefined, page);
  const update = useTicketStatus();

  return (
    <Stack gap="lg">
      <AdminHeader
        title={t('communications.title')}
        description={t('tickets.description')}
        tabs={communicationsTabs(t)}
      />
      <Group>
        <Select
          label={t('tickets.status')}
          placeholder={t('users.all')}
          data={ticketStatuses.map((s) => ({ value: s, label: t(`tickets.statuses.${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      <PagedList query={tickets} page={page} onPage={setPage} emptyText={t('tickets.empty')}>
        {(data) => (
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={360} aria-label={t('tabs.tickets')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tickets.columns.ticket')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('tickets.columns.message')}</Table.Th>
                <Table.Th>{t('tickets.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((ticket) => (
                <Table.Tr key={ticket.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text fw={600} fz="sm">
                        {ticket.protocol}
                      </Text>
                      <Badge size="xs" variant="default">
                        {t(`tickets.kinds.${ticket.kind}`)}
                      </Badge>
                    </Group>
                    <Text fz="sm">{ticket.name || t('users.anonymized')}</Text>
                    <Text fz="xs" c="dimmed">
                      {ticket.email}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {formatDateTime(ticket.createdAt, currentLanguage())}
                      {ticket.clientName ? ` · ${ticket.clientName}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" maw={420}>
                    <Text fz="sm" fw={500}>
                      {t(`tickets.subjects.${ticket.subject}`)}
                    </Text>
                    <Spoiler maxHeight={44} showLabel={t('outbox.more')} hideLabel={t('outbox.less')}>
                      <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                        {ticket.message}
                      </Text>
                    </Spoiler>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('tickets.changeStatus', { protocol: ticket.protocol })}
                      size="xs"
                      w={150}
                      data={ticketStatuses.map((s) => ({ value: s, label: t(`tickets.statuses.${s}`) }))}
                      value={ticket.status}
                      allowDeselect={false}
                      leftSection={
                        <Badge size="xs" circle color={statusColor[ticket.status]} variant="filled">
                          {' '}
                        </Badge>
                      }
                      onChange={(v) =>
                        v &&
                        update.mutate(
                          { id: ticket.id, status: v },
                          {
                            onError: (e) => notifications.show({ color: 'red', message: apiErrorText(e) }),
                          },
                        )
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
    </Stack>
  );
}
