import { Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { auditActions, type AuditAction, type AuditEntry } from '@trilha/contracts/audit';
import { roleNames } from '@trilha/contracts/session';
import { formatDateTime } from '@trilha/domain/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { PagedList } from '../../../components/paged-list';
import { currentLanguage } from '../../../lib/i18n';
import { downloadAuditTrail, useAuditTrail, type AuditFilters } from '../api/platform';
import { AdminHeader } from '../components/admin-shell';
import { useSettingsTabs } from '../components/settings-tabs';

const isRole = (v: unknown): v is (typeof roleNames)[number] =>
  typeof v === 'string' && (roleNames as readonly string[]).includes(v);
const validDate = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** /admin/settings/audit-trail: who did what and when in the selected client, filtered and exported. */
export default function AuditTrailPage() {
  const { t } = useTranslation('accounts-admin');
  const tabs = useSettingsTabs();
  const [action, setAction] = useState<AuditAction | null>(null);
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [debouncedActor] = useDebouncedValue(actor.trim(), 300);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filters: AuditFilters = {
    action: action ?? undefined,
    actor: debouncedActor || undefined,
    from: validDate(from),
    to: validDate(to),
  };
  const trail = useAuditTrail(filters, page);

  // A value is told in words: roles by their names, lists joined, other objects as "key: value".
  const describe = (value: unknown): string => {
    if (value === null || value === undefined) return '—';
    if (Array.isArray(value)) return value.length ? value.map(describe).join(', ') : '—';
    if (isRole(value)) return t(`roleNames.${value}`, { defaultValue: value });
    if (typeof value === 'object') {
      return Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${describe(v)}`)
        .join('; ');
    }
    return String(value);
  };
  // The screen shows what changed and a reason someone typed; the technical details (ids, sizes) stay
  // in the CSV export.
  const change = (e: AuditEntry) => {
    if (e.before !== undefined || e.after !== undefined)
      return `${describe(e.before)} → ${describe(e.after)}`;
    return typeof e.details === 'string' ? e.details : '';
  };
  const target = (e: AuditEntry) =>
    e.targetName ??
    (e.targetId
      ? t('auditTrail.target', {
          type: t(`auditTrail.targets.${e.targetType}`, { defaultValue: e.targetType }),
          id: e.targetId,
        })
      : t(`auditTrail.targets.${e.targetType}`, { defaultValue: e.targetType }));

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadAuditTrail(filters);
    } catch {
      notifications.show({ color: 'red', message: t('auditTrail.exportFailed') });
    } finally {
      setExporting(false);
    }
  };
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="lg">
      <AdminHeader title={t('settings.title')} description={t('auditTrail.description')} tabs={tabs} />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('auditTrail.filters.action')}
            placeholder={t('auditTrail.filters.anyAction')}
            data={auditActions.map((a) => ({ value: a, label: t(`auditTrail.actions.${a}`) }))}
            value={action}
            onChange={(v) => reset(setAction)(v as AuditAction | null)}
            searchable
            clearable
            w={{ base: '100%', sm: 260 }}
          />
          <TextInput
            label={t('auditTrail.filters.actor')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={actor}
            onChange={(e) => reset(setActor)(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <DateField label={t('auditTrail.filters.from')} value={from} onChange={reset(setFrom)} w={150} />
          <DateField label={t('auditTrail.filters.to')} value={to} onChange={reset(setTo)} w={150} />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void onExport()}
          >
            {t('auditTrail.export')}
          </Button>
        </Group>
      </Paper>
      <PagedList query={trail} page={page} onPage={setPage} emptyText={t('auditTrail.empty')}>
        {(data) => (
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={320} aria-label={t('tabs.auditTrail')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('auditTrail.columns.when')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('auditTrail.columns.who')}</Table.Th>
                <Table.Th>{t('auditTrail.columns.what')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('auditTrail.columns.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Text fz="sm">{formatDateTime(e.at, currentLanguage())}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm" fw={600}>
                      {e.actor?.name ?? t('auditTrail.platform')}
                    </Text>
                    {e.actor?.email ? (
                      <Text fz="xs" c="dimmed">
                        {e.actor.email}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {t(`auditTrail.actions.${e.action as AuditAction}`, { defaultValue: e.action })}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {target(e)}
                    </Text>
                    {/* At phone width who did it goes under what was done. */}
                    <Text fz="xs" c="dimmed" hiddenFrom="sm">
                      {e.actor?.name ?? t('auditTrail.platform')}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {change(e)}
                    </Text>
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
