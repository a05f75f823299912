import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { loyaltyLimits, type Level } from '@trilha/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { showNotification } from '../../../lib/notify';
import { useAdminLevels, useSaveLevels, type LevelInput } from '../api/loyalty-admin';
import { LoyaltyAdminHeader } from '../components/admin-header';

const blank: LevelInput[] = [
  { name: '', minXp: 0, multiplier: 1 },
  { name: '', minXp: 1, multiplier: 1 },
  { name: '', minXp: 2, multiplier: 1 },
];

function LevelsForm({ levels }: { levels: Level[] }) {
  const { t } = useTranslation('loyalty');
  const save = useSaveLevels();
  const [rows, setRows] = useState<LevelInput[]>(() =>
    levels.length === 3
      ? levels.map((l) => ({ name: l.name, minXp: l.minXp, multiplier: l.multiplier }))
      : blank,
  );
  const update = (i: number, patch: Partial<LevelInput>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const missingName = rows.some((r) => !r.name.trim());
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (missingName || save.isPending) return;
        save.mutate(
          rows.map((r) => ({ ...r, name: r.name.trim() })),
          { onSuccess: () => showNotification({ color: 'teal', message: t('admin.levels.saved') }) },
        );
      }}
    >
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {t('admin.levels.help')}
        </Text>
        {rows.map((r, i) => (
          <Paper key={i} withBorder radius="md" p="md" component="fieldset" style={{ margin: 0 }}>
            <Text component="legend" fw={600} px={4}>
              {t('admin.levels.level', { n: i + 1 })}
            </Text>
            <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
              <TextInput
                label={t('admin.levels.name')}
                value={r.name}
                maxLength={loyaltyLimits.name}
                onChange={(e) => update(i, { name: e.currentTarget.value })}
                error={!r.name.trim() ? t('admin.levels.needName') : undefined}
                miw={180}
                required
              />
              <NumberInput
                label={t('admin.levels.minXp')}
                value={r.minXp}
                min={0}
                max={loyaltyLimits.minXp}
                allowDecimal={false}
                allowNegative={false}
                readOnly={i === 0}
                onChange={(v) => update(i, { minXp: typeof v === 'number' ? v : 0 })}
                miw={140}
              />
              <NumberInput
                label={t('admin.levels.multiplier')}
                value={r.multiplier}
                min={1}
                max={loyaltyLimits.multiplier}
                step={0.25}
                decimalScale={2}
                onChange={(v) => update(i, { multiplier: typeof v === 'number' ? v : 1 })}
                miw={140}
              />
            </Group>
          </Paper>
        ))}
        {save.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={missingName}>
            {t('admin.levels.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/campaigns/levels: the program's three levels, their minimum XP and multipliers. */
export default function AdminLevelsPage() {
  const { t } = useTranslation('loyalty');
  const levels = useAdminLevels();
  return (
    <Stack gap="lg">
      <LoyaltyAdminHeader title={t('admin.sections.levels')} />
      {levels.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : levels.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(levels.error)}
        </Alert>
      ) : (
        <LevelsForm levels={levels.data.items} />
      )}
    </Stack>
  );
}
