import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconPlus, IconSearch } from '@tabler/icons-react';
import { campaignStatus, loyaltyLimits, type CampaignStatus } from '@trilha/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';
import { useAdminCampaigns } from '../api/loyalty-admin';
import { LoyaltyAdminHeader } from '../components/admin-header';
import { useFormat } from '../components/format';
import { CampaignStatusBadge } from '../components/status-badge';

/** /admin/campaigns: the campaigns by status and search, each opening its editor; a new one. */
export default function AdminCampaignsPage() {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<CampaignStatus | null>(null);
  const [page, setPage] = useState(1);
  const campaigns = useAdminCampaigns(debounced, status, page);

  return (
    <Stack gap="lg">
      <LoyaltyAdminHeader title={t('admin.title')} description={t('admin.intro')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('admin.campaigns.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={loyaltyLimits.search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1 }}
          miw={200}
        />
        <Select
          label={t('admin.campaigns.status')}
          data={[
            { value: 'all', label: t('admin.campaigns.allStatuses') },
            ...campaignStatus.options.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          value={status ?? 'all'}
          onChange={(v) => {
            setStatus(v && v !== 'all' ? (v as CampaignStatus) : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Button component={Link} to="/admin/campaigns/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('admin.campaigns.new')}
        </Button>
      </Group>
      <PagedList
        query={campaigns}
        page={page}
        onPage={setPage}
        emptyText={debounced || status ? t('admin.campaigns.noMatch') : t('admin.campaigns.empty')}
      >
        {(data) => (
          <Table striped highlightOnHover miw={760} aria-label={t('admin.sections.campaigns')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.campaigns.name')}</Table.Th>
                <Table.Th>{t('admin.campaigns.period')}</Table.Th>
                <Table.Th>{t('admin.campaigns.group')}</Table.Th>
                <Table.Th>{t('admin.campaigns.status')}</Table.Th>
                <Table.Th ta="right">{t('admin.campaigns.stores')}</Table.Th>
                <Table.Th ta="right">{t('admin.campaigns.products')}</Table.Th>
                <Table.Th ta="right">{t('admin.campaigns.registrations')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/campaigns/${c.id}`} fw={600}>
                      {c.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {t('campaigns.period', { from: f.date(c.beginsAt), to: f.date(c.endsAt) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t('admin.campaigns.groupN', { group: c.countryGroup })}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <CampaignStatusBadge status={c.status} />
                      {c.frozen ? (
                        <WrapBadge
                          variant="outline"
                          color="gray"
                          leftSection={<IconLock size={12} aria-hidden />}
                        >
                          {t('admin.campaigns.frozen')}
                        </WrapBadge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{f.number(c.storeCount)}</Table.Td>
                  <Table.Td ta="right">{f.number(c.productCount)}</Table.Td>
                  <Table.Td ta="right">{f.number(c.registrationCount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
    </Stack>
  );
}
