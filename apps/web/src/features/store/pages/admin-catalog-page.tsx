import { Anchor, Breadcrumbs, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CatalogGroups } from '../components/catalog-groups';
import { CatalogItems } from '../components/catalog-items';

/** /admin/rewards/store-catalog: the store's items (and voucher pools), departments and categories. */
export default function AdminCatalogPage() {
  const { t } = useTranslation('store');
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin/rewards" fz="sm">
          {t('queue.area')}
        </Anchor>
        <Text fz="sm" c="dimmed" aria-current="page">
          {t('catalogAdmin.title')}
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('catalogAdmin.title')}
        </Title>
        <Text c="dimmed">{t('catalogAdmin.intro')}</Text>
      </Stack>
      <Tabs defaultValue="items" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="items">{t('catalogAdmin.tabs.items')}</Tabs.Tab>
          <Tabs.Tab value="departments">{t('catalogAdmin.tabs.departments')}</Tabs.Tab>
          <Tabs.Tab value="categories">{t('catalogAdmin.tabs.categories')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items" pt="md">
          <CatalogItems />
        </Tabs.Panel>
        <Tabs.Panel value="departments" pt="md">
          <CatalogGroups kind="departments" />
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          <CatalogGroups kind="categories" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
