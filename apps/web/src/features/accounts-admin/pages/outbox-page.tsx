import { Badge, Group, Paper, Select, Spoiler, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { formatDateTime } from '@trilha/domain/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useOutbox } from '../api/admin';
import { PagedList } from '../../../components/paged-list';
import { AdminHeader } from '../components/admin-shell';

export function communicationsTabs(t: (k: 'tabs.outbox' | 'tabs.tickets') => string) {
  return [
    { to: '/admin/communications', label: t('tabs.outbox') },
    { to: '/admin/communications/tickets', label: t('tabs.tickets') },
  ];
}

/**
 * /admin/communications: every e-mail, SMS and WhatsApp message the platform sent for the company: to
 * whom, when, which kind and whether it was delivered. Links and codes arrive hidden from the API.
 */
export default function OutboxPage() {
  const { t } = useTranslation('accounts-admin');
  const [channel, setChannel] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const outbox = useOutbox(channel ?? undefined, debounced, page);

  return (
    <Stack gap="lg">
      <AdminHeader
        title={t('communications.title')}
        description={t('communications.description')}
        tabs={communicationsTabs(t)}
      />
      <Text fz="sm" c="dimmed">
        {t('outbox.secretsHidden')}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('outbox.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label={t('outbox.channel')}
            placeholder={t('users.all')}
            data={(['email', 'sms', 'whatsapp'] as const).map((c) => ({
              value: c,
              label: t(`outbox.channels.${c}`),
            }))}
            value={channel}
            onChange={(v) => {
              setChannel(v);
              setPage(1);
            }}
            clearable
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
      </Paper>
      <PagedList query={outbox} page={page} onPage={setPage} emptyText={t('outbox.empty')}>
        {(data) => (
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={360} aria-label={t('tabs.outbox')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('outbox.columns.message')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('outbox.columns.channel')}</Table.Th>
                <Table.Th>{t('outbox.columns.sentAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Text fw={600} fz="sm">
                      {m.subject ?? m.template ?? '—'}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {m.to}
                    </Text>
                    <Spoiler
                      maxHeight={40}
                      showLabel={t('outbox.more')}
                      hideLabel={t('outbox.less')}
                      fz="sm"
                      mt={4}
                    >
                      <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                        {m.body}
                      </Text>
                    </Spoiler>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Stack gap={4} align="flex-start">
                      <Badge variant="light">
                        {t(`outbox.channels.${m.channel as 'email'}`, { defaultValue: m.channel })}
                      </Badge>
                      <Badge
                        variant="dot"
                        color={m.status === 'failed' ? 'red' : m.status === 'queued' ? 'gray' : 'teal'}
                      >
                        {t(
                          m.status === 'failed'
                            ? 'outbox.failed'
                            : m.status === 'queued'
                              ? 'outbox.queued'
                              : 'outbox.delivered',
                        )}
                      </Badge>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{formatDateTime(m.createdAt, currentLanguage())}</Text>
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
