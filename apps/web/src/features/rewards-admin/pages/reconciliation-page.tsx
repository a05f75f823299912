import { Alert, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import type { ReconciliationFinding, ReconciliationRunItem } from '@trilha/contracts/rewards/ledger';
import { formatDateTime } from '@trilha/domain/dates';
import { useTranslation } from 'react-i18next';
import { TableFrame } from '../../../components/table-frame';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { useReconciliation, useRunReconciliation } from '../api/rewards-admin';
import { RewardsHeader } from '../components/rewards-header';

function Verdict({ run }: { run: ReconciliationRunItem }) {
  const { t } = useTranslation('rewards-admin');
  const language = currentLanguage();
  const n = (v: number) => new Intl.NumberFormat(language).format(v);
  const when = formatDateTime(run.startedAt, language);
  if (run.finishedAt === null) return <Alert color="blue">{t('reconciliation.unfinished', { when })}</Alert>;
  return run.differences === 0 ? (
    <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden />} data-testid="reconciliation-verdict">
      {t('reconciliation.clean', { when, count: run.accountsChecked, n: n(run.accountsChecked) })}
    </Alert>
  ) : (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="reconciliation-verdict"
    >
      {t('reconciliation.differences', {
        when,
        count: run.differences,
        n: n(run.differences),
        checked: n(run.accountsChecked),
      })}
    </Alert>
  );
}

function Findings({ findings }: { findings: ReconciliationFinding[] }) {
  const { t } = useTranslation('rewards-admin');
  const n = (v: number) => new Intl.NumberFormat(currentLanguage()).format(v);
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" miw={340} aria-label={t('reconciliation.findings')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reconciliation.columns.user')}</Table.Th>
          <Table.Th>{t('reconciliation.columns.kind')}</Table.Th>
          <Table.Th ta="end">{t('reconciliation.columns.expected')}</Table.Th>
          <Table.Th ta="end">{t('reconciliation.columns.actual')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {findings.map((f) => (
          <Table.Tr key={f.id}>
            <Table.Td>
              <Text fz="sm" fw={600}>
                {f.userName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{t(`reconciliation.kinds.${f.kind}`)}</Text>
            </Table.Td>
            <Table.Td ta="end">{n(f.expected)}</Table.Td>
            <Table.Td ta="end">
              <Text fz="sm" c="red.8" fw={600}>
                {n(f.actual)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /admin/rewards/reconciliation: do the balances still equal the sums of their entries? */
export default function ReconciliationPage() {
  const { t } = useTranslation('rewards-admin');
  const language = currentLanguage();
  const overview = useReconciliation();
  const run = useRunReconciliation();
  const n = (v: number) => new Intl.NumberFormat(language).format(v);
  const latest = overview.data?.runs[0];
  const findings = overview.data?.findings ?? [];

  return (
    <Stack gap="lg">
      <RewardsHeader title={t('sections.reconciliation')} description={t('reconciliation.description')} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fz="sm" maw={560}>
              {t('reconciliation.runHint')}
            </Text>
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={run.isPending}
              onClick={() => run.mutate()}
            >
              {t('reconciliation.run')}
            </Button>
          </Group>
          {run.isPending ? (
            <Stack gap={4} role="status">
              <Text fz="sm">{t('reconciliation.running')}</Text>
              <Progress value={100} animated aria-label={t('reconciliation.running')} />
            </Stack>
          ) : null}
          {run.isError ? (
            <Alert color="red" role="alert">
              {apiErrorText(run.error)}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      {overview.isSuccess && latest ? <Verdict run={latest} /> : null}
      {overview.isSuccess && !latest ? <Text c="dimmed">{t('reconciliation.never')}</Text> : null}
      {findings.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {t('reconciliation.findings')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('reconciliation.findingsHint')}
          </Text>
          <TableFrame query={overview} empty={false} emptyText="">
            <Findings findings={findings} />
          </TableFrame>
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('reconciliation.runs')}
        </Title>
        <TableFrame
          query={overview}
          empty={(overview.data?.runs.length ?? 0) === 0}
          emptyText={t('reconciliation.never')}
        >
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={320} aria-label={t('reconciliation.runs')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reconciliation.columns.when')}</Table.Th>
                <Table.Th ta="end">{t('reconciliation.columns.checked')}</Table.Th>
                <Table.Th ta="end">{t('reconciliation.columns.differences')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(overview.data?.runs ?? []).map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Text fz="sm">{formatDateTime(r.startedAt, language)}</Text>
                    {r.finishedAt === null ? (
                      <Text fz="xs" c="dimmed">
                        {t('reconciliation.inProgress')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="end">{n(r.accountsChecked)}</Table.Td>
                  <Table.Td ta="end">
                    <Text fz="sm" fw={600} c={r.differences ? 'orange.8' : 'teal.8'}>
                      {r.differences ? n(r.differences) : t('reconciliation.none')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableFrame>
      </Stack>
    </Stack>
  );
}
