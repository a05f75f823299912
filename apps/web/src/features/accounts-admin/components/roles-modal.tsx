import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AdminUser } from '@trilha/contracts/accounts-admin';
import { roleNames, type RoleName } from '@trilha/contracts/session';
import { rankOf } from '@trilha/contracts/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetRoles } from '../api/admin';
import { apiErrorText } from '../../../lib/form-errors';

/** Edits one user's roles in the selected client; roles at or above the viewer's rank cannot be given. */
export function RolesModal({
  user,
  clientName,
  viewer,
  onClose,
}: {
  user: AdminUser;
  clientName: string;
  viewer: { roles: readonly string[]; isSuperuser: boolean };
  onClose: () => void;
}) {
  const ownRank = rankOf(viewer.roles, viewer.isSuperuser);
  const { t } = useTranslation('accounts-admin');
  const [roles, setRoles] = useState<RoleName[]>(user.roles);
  const save = useSetRoles();
  const submit = async () => {
    const ok = await save
      .mutateAsync({ id: user.id, roles })
      .then(() => true)
      .catch(() => false);
    if (ok) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t('roles.title', { name: user.fullName })} size="lg" centered>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('roles.description', { client: clientName })}
        </Text>
        <Checkbox.Group value={roles} onChange={(v) => setRoles(v as RoleName[])} label={t('roles.label')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
            {roleNames.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={t(`roleNames.${role}`)}
                disabled={rankOf([role], false) >= ownRank}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {save.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
