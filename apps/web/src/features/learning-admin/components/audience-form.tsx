import { Button, Group, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Audience, AudienceBody } from '@trilha/contracts/learning';
import { roleNames } from '@trilha/contracts/session';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { useTaxonomy } from '../api/admin';

/** Areas, groups, countries and profiles a course or trail is limited to (empty = everyone). */
export function AudienceForm({
  value,
  onSave,
  saving,
}: {
  value: Audience;
  onSave: (body: AudienceBody) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('learning-admin');
  const session = useSession();
  const { data: taxonomy } = useTaxonomy();
  const [draft, setDraft] = useState(() => ({
    areaIds: value.areaIds.map(String),
    groupIds: value.groupIds.map(String),
    countryIds: value.countryIds.map(String),
    roles: [...value.roles] as string[],
  }));
  const save = async () => {
    await onSave({
      areaIds: draft.areaIds.map(Number),
      groupIds: draft.groupIds.map(Number),
      countryIds: draft.countryIds.map(Number),
      roles: draft.roles as AudienceBody['roles'],
    });
    notifications.show({ color: 'teal', message: t('audience.saved') });
  };
  const named = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('audience.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t('audience.areas')}
          data={named(taxonomy?.areas)}
          value={draft.areaIds}
          onChange={(areaIds) => setDraft({ ...draft, areaIds })}
          placeholder={draft.areaIds.length ? undefined : t('audience.everyone')}
          searchable
          clearable
        />
        <MultiSelect
          label={t('audience.groups')}
          data={named(taxonomy?.groups)}
          value={draft.groupIds}
          onChange={(groupIds) => setDraft({ ...draft, groupIds })}
          placeholder={draft.groupIds.length ? undefined : t('audience.everyone')}
          searchable
          clearable
        />
        <MultiSelect
          label={t('audience.countries')}
          data={named(session?.countries)}
          value={draft.countryIds}
          onChange={(countryIds) => setDraft({ ...draft, countryIds })}
          placeholder={draft.countryIds.length ? undefined : t('audience.everyone')}
          searchable
          clearable
        />
        <MultiSelect
          label={t('audience.profiles')}
          data={roleNames.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          value={draft.roles}
          onChange={(roles) => setDraft({ ...draft, roles })}
          placeholder={draft.roles.length ? undefined : t('audience.everyone')}
          searchable
          clearable
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={saving}>
          {t('audience.save')}
        </Button>
      </Group>
    </Stack>
  );
}
