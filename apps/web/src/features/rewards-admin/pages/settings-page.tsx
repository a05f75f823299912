import { Alert, Button, Group, Loader, NumberInput, Paper, Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RewardSettings } from '@trilha/contracts/rewards/awards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { useRewardSettings, useSaveRewardSettings } from '../api/rewards-admin';
import { RewardsHeader } from '../components/rewards-header';

function SettingsForm({ settings }: { settings: RewardSettings }) {
  const { t } = useTranslation('rewards-admin');
  const save = useSaveRewardSettings();
  const [expires, setExpires] = useState(settings.learningPointsValidityDays !== null);
  const [days, setDays] = useState<number | ''>(settings.learningPointsValidityDays ?? 365);
  const [reminder, setReminder] = useState<number | ''>(settings.certificateReminderDays);
  const validDays = typeof days === 'number' && days >= 1 && days <= 3650;
  const validReminder = typeof reminder === 'number' && reminder >= 1 && reminder <= 365;

  const submit = async () => {
    if ((expires && !validDays) || !validReminder) return;
    try {
      await save.mutateAsync({
        learningPointsValidityDays: expires && typeof days === 'number' ? days : null,
        certificateReminderDays: reminder,
      });
      notifications.show({ color: 'teal', message: t('settings.saved') });
    } catch {
      // The alert below tells why.
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="lg" maw={560}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Radio.Group
              label={t('settings.pointsValidity')}
              description={t('settings.pointsValidityHint')}
              value={expires ? 'days' : 'never'}
              onChange={(v) => setExpires(v === 'days')}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="never" label={t('settings.never')} />
                <Radio value="days" label={t('settings.afterDays')} />
              </Stack>
            </Radio.Group>
            {expires ? (
              <NumberInput
                label={t('settings.days')}
                value={days}
                onChange={(v) => setDays(typeof v === 'number' ? v : '')}
                min={1}
                max={3650}
                allowDecimal={false}
                allowNegative={false}
                required
                error={validDays ? undefined : t('settings.daysInvalid')}
                w={200}
              />
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <NumberInput
            label={t('settings.reminder')}
            description={t('settings.reminderHint')}
            value={reminder}
            onChange={(v) => setReminder(typeof v === 'number' ? v : '')}
            min={1}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            required
            error={validReminder ? undefined : t('settings.reminderInvalid')}
            w={200}
          />
        </Paper>
        {save.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/rewards/settings: how long learning points last, when certificate holders are reminded. */
export default function RewardSettingsPage() {
  const { t } = useTranslation('rewards-admin');
  const settings = useRewardSettings();
  return (
    <Stack gap="lg">
      <RewardsHeader title={t('sections.settings')} description={t('settings.description')} />
      {settings.isPending ? <Loader aria-label={t('states.loading')} /> : null}
      {settings.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            {apiErrorText(settings.error)}
            <Button size="compact-sm" variant="white" onClick={() => void settings.refetch()}>
              {t('actions.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
    </Stack>
  );
}
