import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconSearch } from '@tabler/icons-react';
import { loyaltyLimits } from '@trilha/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';
import { useAdminStores } from '../api/loyalty-admin';
import { LoyaltyAdminHeader } from '../components/admin-header';
import { ImportDialog } from '../components/import-dialog';

/** /admin/campaigns/stores: the program's stores, searched and paged, and their CSV import. */
export default function AdminStoresPage() {
  const { t } = useTranslation('loyalty');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const stores = useAdminStores(debounced, page);
  return (
    <Stack gap="lg">
      <LoyaltyAdminHeader title={t('admin.sections.stores')} description={t('admin.stores.intro')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('admin.stores.search')}
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
        <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImporting(true)}>
          {t('admin.import.open')}
        </Button>
      </Group>
      <PagedList
        query={stores}
        page={page}
        onPage={setPage}
        emptyText={debounced ? t('admin.stores.noMatch') : t('admin.stores.empty')}
      >
        {(data) => (
          <Table striped miw={760} aria-label={t('admin.sections.stores')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.stores.code')}</Table.Th>
                <Table.Th>{t('admin.stores.name')}</Table.Th>
                <Table.Th>{t('admin.stores.retailer')}</Table.Th>
                <Table.Th>{t('admin.stores.city')}</Table.Th>
                <Table.Th>{t('admin.stores.timeZone')}</Table.Th>
                <Table.Th>{t('admin.stores.phones')}</Table.Th>
                <Table.Th>{t('admin.stores.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td ff="monospace">{s.code}</Table.Td>
                  <Table.Td fw={600}>{s.name}</Table.Td>
                  <Table.Td>{s.retailerName}</Table.Td>
                  <Table.Td>
                    {s.city} · {s.countryCode}
                  </Table.Td>
                  <Table.Td>{s.timeZone}</Table.Td>
                  <Table.Td>{s.phonesAndCamerasAllowed ? t('admin.yes') : t('admin.no')}</Table.Td>
                  <Table.Td>
                    <WrapBadge variant="light" color={s.active ? 'teal' : 'gray'}>
                      {s.active ? t('admin.active') : t('admin.inactive')}
                    </WrapBadge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <ImportDialog kind="stores" opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
