import { Alert, Button, Center, Fieldset, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  notificationEmailGroupCapability,
  notificationEmailGroups,
  type NotificationEmailGroup,
  type NotificationPreferences,
} from '@trilha/contracts/notification-preferences';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';
import { SectionCard } from './section-card';

/**
 * Which notifications also come by e-mail: one switch per group (the reconciliation one only for whom the
 * program's points check is told). Every notification always reaches the inbox and the bell.
 */
export function NotificationsSection() {
  const { t } = useTranslation('profile');
  const prefs = useNotificationPreferences();

  return (
    <SectionCard title={t('notificationPrefs.title')} description={t('notificationPrefs.description')}>
      {prefs.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('notificationPrefs.loading')} />
        </Center>
      ) : prefs.isError ? (
        <Alert color="red" role="alert" title={t('notificationPrefs.loadError')}>
          <Group justify="space-between">
            <Text fz="sm">{apiErrorText(prefs.error)}</Text>
            <Button variant="white" size="compact-sm" onClick={() => void prefs.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        // Keyed by what the server holds, so a save (or a reload) starts the form from it again.
        <ChoicesForm key={JSON.stringify(prefs.data)} saved={prefs.data} />
      )}
    </SectionCard>
  );
}

function ChoicesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation('profile');
  const save = useSaveNotificationPreferences();
  const canManageRewards = useCan('rewards.manage');
  const [email, setEmail] = useState(saved.email);
  const shown = notificationEmailGroups.filter(
    (group) => notificationEmailGroupCapability[group] !== 'rewards.manage' || canManageRewards,
  );
  const dirty = shown.some((group) => email[group] !== saved.email[group]);
  const toggle = (group: NotificationEmailGroup, on: boolean) => setEmail((now) => ({ ...now, [group]: on }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { email },
      { onSuccess: () => notifications.show({ color: 'teal', message: t('notificationPrefs.saved') }) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset legend={t('notificationPrefs.legend')} variant="unstyled">
        <Stack gap="md" mt="xs">
          {shown.map((group) => (
            <Switch
              key={group}
              label={t(`notificationPrefs.groups.${group}.label`)}
              description={t(`notificationPrefs.groups.${group}.hint`)}
              checked={email[group]}
              onChange={(e) => toggle(group, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Fieldset>
      {save.isError ? (
        <Alert color="red" role="alert" mt="md">
          {apiErrorText(save.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={save.isPending} disabled={!dirty}>
          {t('notificationPrefs.save')}
        </Button>
      </Group>
    </form>
  );
}
