import { Button, Group, Modal, NumberInput, Paper, Stack, Text } from '@mantine/core';
import type { Category, Department } from '@trilha/contracts/store';
import { storeLimits } from '@trilha/contracts/store';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state';
import { apiErrorText } from '../../../lib/form-errors';
import { showNotification } from '../../../lib/notify';
import { useCatalogWrite, useCategories, useDepartments } from '../api/store';
import { NamesFields, namesOf, type Names } from './catalog-names';

type Kind = 'departments' | 'categories';
type Editing = { kind: Kind; row: Department | Category | null } | null;

function GroupDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('store');
  const write = useCatalogWrite();
  const row = editing?.row ?? null;
  const [names, setNames] = useState<Names>(namesOf(row?.name));
  const [position, setPosition] = useState<number>(row && 'position' in row ? row.position : 0);
  const [max, setMax] = useState<number | null>(row && 'maxPerUser' in row ? row.maxPerUser : null);
  const [days, setDays] = useState<number | null>(row && 'periodDays' in row ? row.periodDays : null);
  const [touched, setTouched] = useState(false);
  if (!editing) return null;
  const mutation = editing.kind === 'departments' ? write.department : write.category;
  const save = () => {
    setTouched(true);
    if (!names['pt-BR'].trim() || mutation.isPending) return;
    const onSuccess = () => {
      showNotification({ color: 'teal', message: t('catalogAdmin.saved') });
      onClose();
    };
    if (editing.kind === 'departments') {
      write.department.mutate({ id: row?.id ?? null, body: { name: names, position } }, { onSuccess });
    } else {
      write.category.mutate(
        {
          id: row?.id ?? null,
          body: { name: names, maxPerUser: max, periodDays: max === null ? null : days },
        },
        { onSuccess },
      );
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(`catalogAdmin.${editing.kind}.${row ? 'edit' : 'new'}`)}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="sm">
        <NamesFields
          label={t('catalogAdmin.name')}
          value={names}
          onChange={setNames}
          max={storeLimits.name}
          touched={touched}
        />
        {editing.kind === 'departments' ? (
          <NumberInput
            label={t('catalogAdmin.position')}
            min={0}
            max={10_000}
            allowDecimal={false}
            value={position}
            onChange={(v) => setPosition(typeof v === 'number' ? v : 0)}
          />
        ) : (
          <Group grow align="flex-start">
            <NumberInput
              label={t('catalogAdmin.categories.max')}
              description={t('catalogAdmin.categories.maxHint')}
              min={1}
              max={storeLimits.maxPerPeriod}
              allowDecimal={false}
              value={max ?? ''}
              onChange={(v) => setMax(typeof v === 'number' ? v : null)}
            />
            <NumberInput
              label={t('catalogAdmin.categories.days')}
              description={t('catalogAdmin.categories.daysHint')}
              min={1}
              max={storeLimits.periodDays}
              allowDecimal={false}
              disabled={max === null}
              value={days ?? ''}
              onChange={(v) => setDays(typeof v === 'number' ? v : null)}
            />
          </Group>
        )}
        {mutation.isError ? (
          <Text c="red.8" role="alert" fz="sm">
            {apiErrorText(mutation.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('redeem.cancel')}
          </Button>
          <Button onClick={save} loading={mutation.isPending}>
            {t('catalogAdmin.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The departments or the categories: each named in pt-BR, edited in a dialog, deleted when unused. */
export function CatalogGroups({ kind }: { kind: Kind }) {
  const { t } = useTranslation('store');
  const departments = useDepartments();
  const categories = useCategories();
  const query = kind === 'departments' ? departments : categories;
  const write = useCatalogWrite();
  const [editing, setEditing] = useState<Editing>(null);
  const rows: (Department | Category)[] = query.data?.items ?? [];
  const remove = (row: Department | Category) =>
    write.remove.mutate(
      { kind, id: row.id },
      {
        onSuccess: () => showNotification({ color: 'teal', message: t('catalogAdmin.deleted') }),
        onError: (e) => showNotification({ color: 'red', message: apiErrorText(e) }),
      },
    );
  return (
    <Stack gap="sm">
      <Group>
        <Button onClick={() => setEditing({ kind, row: null })}>{t(`catalogAdmin.${kind}.new`)}</Button>
      </Group>
      <ListState
        pending={query.isPending}
        error={query.isError ? query.error : null}
        empty={rows.length === 0}
        emptyText={t(`catalogAdmin.${kind}.empty`)}
        onRetry={() => void query.refetch()}
      >
        <Stack gap="xs">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm" data-testid={`catalog-${kind}`}>
              <Group justify="space-between" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.name['pt-BR']}
                  </Text>
                  {'maxPerUser' in row && row.maxPerUser !== null ? (
                    <Text fz="sm" c="dimmed">
                      {row.periodDays === null
                        ? t('catalogAdmin.categories.limitEver', { count: row.maxPerUser })
                        : t('catalogAdmin.categories.limit', { count: row.maxPerUser, days: row.periodDays })}
                    </Text>
                  ) : null}
                </Stack>
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => setEditing({ kind, row })}>
                    {t('catalogAdmin.edit')}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => remove(row)}>
                    {t('catalogAdmin.delete')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </ListState>
      {editing ? (
        <GroupDialog
          key={`${editing.kind}-${editing.row?.id ?? 'new'}`}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
