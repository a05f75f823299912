import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconSearch } from '@tabler/icons-react';
import { loyaltyLimits } from '@trilha/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';
import { useAdminProducts } from '../api/loyalty-admin';
import { LoyaltyAdminHeader } from '../components/admin-header';
import { ImportDialog } from '../components/import-dialog';

/** /admin/campaigns/products: the program's products, searched and paged, and their CSV import. */
export default function AdminProductsPage() {
  const { t } = useTranslation('loyalty');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const products = useAdminProducts(debounced, page);
  return (
    <Stack gap="lg">
      <LoyaltyAdminHeader title={t('admin.sections.products')} description={t('admin.products.intro')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('admin.products.search')}
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
        query={products}
        page={page}
        onPage={setPage}
        emptyText={debounced ? t('admin.products.noMatch') : t('admin.products.empty')}
      >
        {(data) => (
          <Table striped miw={760} aria-label={t('admin.sections.products')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('points.columns.sku')}</Table.Th>
                <Table.Th>{t('points.columns.product')}</Table.Th>
                <Table.Th>{t('points.columns.brand')}</Table.Th>
                <Table.Th>{t('points.columns.type')}</Table.Th>
                <Table.Th>{t('points.columns.processor')}</Table.Th>
                <Table.Th>{t('admin.products.formFactor')}</Table.Th>
                <Table.Th>{t('admin.stores.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td ff="monospace">{p.sku}</Table.Td>
                  <Table.Td fw={600}>{p.name}</Table.Td>
                  <Table.Td>{p.brandName}</Table.Td>
                  <Table.Td>{p.productType}</Table.Td>
                  <Table.Td>
                    {p.processor} · {p.processorGeneration}
                  </Table.Td>
                  <Table.Td>{p.formFactor}</Table.Td>
                  <Table.Td>
                    <WrapBadge variant="light" color={p.active ? 'teal' : 'gray'}>
                      {p.active ? t('admin.active') : t('admin.inactive')}
                    </WrapBadge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <ImportDialog kind="products" opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
