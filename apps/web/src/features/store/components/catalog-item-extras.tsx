import { ActionIcon, Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { roleNames } from '@trilha/contracts/session';
import { storeLimits, type StoreAudience } from '@trilha/contracts/store';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { useEditorOptions } from '../api/store';

/** The further photos of an item, in the order the details page shows them: add, move, remove. */
export function GalleryFields({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('store');
  const move = (from: number, to: number) => {
    const next = [...value];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <Stack gap={6} role="group" aria-labelledby="gallery-label">
      <Text fw={500} fz="sm" id="gallery-label">
        {t('catalogAdmin.items.gallery')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('catalogAdmin.items.galleryHint', { max: storeLimits.gallery })}
      </Text>
      {value.map((url, i) => (
        <Group key={i} gap={4} wrap="nowrap" data-testid="gallery-photo">
          <TextInput
            style={{ flex: 1, minWidth: 0 }}
            aria-label={t('catalogAdmin.items.galleryPhoto', { n: i + 1 })}
            maxLength={storeLimits.imageUrl}
            value={url}
            onChange={(e) => onChange(value.map((u, j) => (j === i ? e.currentTarget.value : u)))}
          />
          <ActionIcon
            variant="subtle"
            disabled={i === 0}
            aria-label={t('catalogAdmin.items.galleryUp', { n: i + 1 })}
            onClick={() => move(i, i - 1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={i === value.length - 1}
            aria-label={t('catalogAdmin.items.galleryDown', { n: i + 1 })}
            onClick={() => move(i, i + 1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('catalogAdmin.items.galleryRemove', { n: i + 1 })}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={value.length >= storeLimits.gallery}
          onClick={() => onChange([...value, ''])}
        >
          {t('catalogAdmin.items.galleryAdd')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The loyalty program's level an item needs, and the areas, countries and profiles it is for. */
export function LevelAndAudienceFields({
  levelId,
  onLevel,
  audience,
  onAudience,
}: {
  levelId: number | null;
  onLevel: (id: number | null) => void;
  audience: StoreAudience;
  onAudience: (a: StoreAudience) => void;
}) {
  const { t } = useTranslation(['store', 'accounts-admin']);
  const options = useEditorOptions();
  const session = useSession();
  const levels = options.data?.levels ?? [];
  const everyone = (n: number) => (n ? undefined : t('catalogAdmin.items.everyone'));
  return (
    <Stack gap="sm">
      <Select
        label={t('catalogAdmin.items.minLevel')}
        description={levels.length ? undefined : t('catalogAdmin.items.noLevels')}
        data={levels.map((l) => ({ value: String(l.id), label: l.name }))}
        value={levelId === null ? null : String(levelId)}
        onChange={(v) => onLevel(v ? Number(v) : null)}
        placeholder={t('catalogAdmin.items.anyLevel')}
        clearable
        disabled={levels.length === 0 && levelId === null}
      />
      <Text fw={500} fz="sm">
        {t('catalogAdmin.items.audience')}
      </Text>
      <Text fz="xs" c="dimmed" mt={-8}>
        {t('catalogAdmin.items.audienceHint')}
      </Text>
      <MultiSelect
        label={t('catalogAdmin.items.areas')}
        data={(options.data?.areas ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
        value={audience.areaIds.map(String)}
        onChange={(v) => onAudience({ ...audience, areaIds: v.map(Number) })}
        placeholder={everyone(audience.areaIds.length)}
        searchable
        clearable
      />
      <MultiSelect
        label={t('catalogAdmin.items.countries')}
        data={(session?.countries ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={audience.countryIds.map(String)}
        onChange={(v) => onAudience({ ...audience, countryIds: v.map(Number) })}
        placeholder={everyone(audience.countryIds.length)}
        searchable
        clearable
      />
      <MultiSelect
        label={t('catalogAdmin.items.profiles')}
        data={roleNames.map((r) => ({ value: r, label: t(`roleNames.${r}`, { ns: 'accounts-admin' }) }))}
        value={audience.roles}
        onChange={(v) => onAudience({ ...audience, roles: v as StoreAudience['roles'] })}
        placeholder={everyone(audience.roles.length)}
        searchable
        clearable
      />
    </Stack>
  );
}
