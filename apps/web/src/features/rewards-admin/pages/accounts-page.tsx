import {
  Button,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { RewardAccountItem } from '@trilha/contracts/rewards/ledger';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { currentLanguage } from '../../../lib/i18n';
import { useRewardAccounts } from '../api/rewards-admin';
import { AdjustmentForm } from '../components/adjustment-form';
import { RewardsHeader } from '../components/rewards-header';
import { StatementTable } from '../components/statement-table';

function Balances({ account }: { account: RewardAccountItem }) {
  const { t } = useTranslation('rewards-admin');
  const n = (v: number) => new Intl.NumberFormat(currentLanguage()).format(v);
  const cells = [
    ['points', account.points],
    ['held', account.held],
    ['available', account.available],
    ['xp', account.xp],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {cells.map(([key, value]) => (
        <Paper key={key} withBorder radius="md" p="xs">
          <Text fz="xs" c="dimmed">
            {t(`accounts.columns.${key}`)}
          </Text>
          <Text fw={700} fz="lg">
            {n(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** /admin/rewards/accounts: users with their points, held points and XP; one opens to its statement. */
export default function AccountsPage() {
  const { t } = useTranslation('rewards-admin');
  const language = currentLanguage();
  const phone = useMediaQuery('(max-width: 48em)');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const accounts = useRewardAccounts(debounced, page);
  const [openId, setOpenId] = useState<number | null>(null);
  const [opened, setOpened] = useState<RewardAccountItem | null>(null);
  // After an adjustment the list reloads: the drawer shows the fresh balances.
  const open = accounts.data?.items.find((a) => a.userId === openId) ?? opened;
  const n = (v: number) => new Intl.NumberFormat(language).format(v);

  return (
    <Stack gap="lg">
      <RewardsHeader title={t('sections.accounts')} description={t('accounts.description')} />
      <Paper withBorder radius="md" p="md">
        <TextInput
          label={t('accounts.search')}
          placeholder={t('accounts.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Paper>
      <PagedList query={accounts} page={page} onPage={setPage} emptyText={t('accounts.empty')}>
        {(data) => (
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            miw={340}
            highlightOnHover
            aria-label={t('sections.accounts')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accounts.columns.user')}</Table.Th>
                <Table.Th ta="end">{t('accounts.columns.points')}</Table.Th>
                <Table.Th ta="end" visibleFrom="sm">
                  {t('accounts.columns.held')}
                </Table.Th>
                <Table.Th ta="end">{t('accounts.columns.xp')}</Table.Th>
                <Table.Th w={90}>
                  <VisuallyHidden>{t('accounts.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((a) => (
                <Table.Tr key={a.userId}>
                  <Table.Td>
                    <Text fw={600} fz="sm">
                      {a.name}
                    </Text>
                    {a.email ? (
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {a.email}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="end">{n(a.points)}</Table.Td>
                  <Table.Td ta="end" visibleFrom="sm">
                    {n(a.held)}
                  </Table.Td>
                  <Table.Td ta="end">{n(a.xp)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => {
                        setOpenId(a.userId);
                        setOpened(a);
                      }}
                      aria-label={t('accounts.openFor', { name: a.name })}
                    >
                      {t('accounts.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <Drawer
        opened={open !== null}
        onClose={() => {
          setOpenId(null);
          setOpened(null);
        }}
        position="right"
        size={phone ? '100%' : 'xl'}
        title={
          <Title order={2} fz="h3">
            {open?.name ?? ''}
          </Title>
        }
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {open ? (
          <Stack gap="lg">
            {open.email ? (
              <Text fz="sm" c="dimmed">
                {open.email}
              </Text>
            ) : null}
            <Balances account={open} />
            <Paper withBorder radius="md" p="md">
              <Title order={3} fz="h4" mb="sm">
                {t('accounts.adjust.title')}
              </Title>
              <AdjustmentForm account={open} />
            </Paper>
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={3} fz="h4">
                  {t('accounts.statement.title')}
                </Title>
              </Group>
              <StatementTable userId={open.userId} />
            </Stack>
          </Stack>
        ) : null}
      </Drawer>
    </Stack>
  );
}
