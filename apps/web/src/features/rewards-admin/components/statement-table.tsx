import { SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { StatementItem } from '@trilha/contracts/rewards/ledger';
import { formatDateTime } from '@trilha/domain/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { currentLanguage, formatDate } from '../../../lib/i18n';
import { useStatement } from '../api/rewards-admin';

/** One user's ledger entries, newest first, paged, by ledger. */
export function StatementTable({ userId }: { userId: number }) {
  const { t } = useTranslation('rewards-admin');
  const language = currentLanguage();
  const [ledger, setLedger] = useState<'all' | 'points' | 'xp'>('all');
  const [page, setPage] = useState(1);
  const statement = useStatement(userId, ledger, page);
  const n = (v: number, sign = false) =>
    new Intl.NumberFormat(language, sign ? { signDisplay: 'exceptZero' } : {}).format(v);
  const what = (e: StatementItem) => {
    const source = t(`sources.${e.source}`);
    return e.refLabel ? `${source}: ${e.refLabel}` : source;
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={ledger}
        onChange={(v) => {
          setLedger(v as typeof ledger);
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('accounts.statement.all') },
          { value: 'points', label: t('ledgers.points') },
          { value: 'xp', label: t('ledgers.xp') },
        ]}
        aria-label={t('accounts.statement.ledger')}
        w="fit-content"
      />
      <PagedList query={statement} page={page} onPage={setPage} emptyText={t('accounts.statement.empty')}>
        {(data) => (
          <Table verticalSpacing="xs" miw={320} aria-label={t('accounts.statement.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accounts.statement.when')}</Table.Th>
                <Table.Th>{t('accounts.statement.what')}</Table.Th>
                <Table.Th ta="end">{t('accounts.statement.amount')}</Table.Th>
                <Table.Th ta="end" visibleFrom="sm">
                  {t('accounts.statement.balance')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Text fz="xs">{formatDateTime(e.createdAt, language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{what(e)}</Text>
                    {e.reason ? (
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {e.reason}
                      </Text>
                    ) : null}
                    {e.expiresAt ? (
                      <Text fz="xs" c="dimmed">
                        {t('accounts.statement.expires', { date: formatDate(e.expiresAt, language) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="end">
                    <Text
                      fz="sm"
                      fw={600}
                      c={e.amount < 0 ? 'red.8' : 'teal.8'}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {t(`accounts.statement.unit.${e.ledger}`, { amount: n(e.amount, true) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="end" visibleFrom="sm">
                    <Text fz="sm">{n(e.balanceAfter)}</Text>
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
