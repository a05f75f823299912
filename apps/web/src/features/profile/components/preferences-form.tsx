import { Button, Group, Select, SimpleGrid, Switch } from '@mantine/core';
import { profilePreferencesBody, type ProfileResponse } from '@trilha/contracts/profile';
import { languageCodes } from '@trilha/contracts/session';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './section-card';
import { useSectionForm } from './use-section-form';

const fallbackZones = [
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'America/Santiago',
  'America/Bogota',
  'America/Mexico_City',
  'America/Lima',
  'America/Toronto',
  'America/Montevideo',
  'Europe/Paris',
  'UTC',
];

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? fallbackZones;
}

export function PreferencesForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation(['profile', 'common']);
  const { form, save, onSubmit, fieldError } = useSectionForm({
    section: 'preferences',
    schema: profilePreferencesBody,
    profile,
    values: (p) => p.preferences,
  });
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(profile.preferences.timeZone) ? all : [profile.preferences.timeZone, ...all];
  }, [profile.preferences.timeZone]);

  return (
    <SectionCard title={t('preferences.title')} description={t('preferences.description')}>
      <form onSubmit={onSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={form.control}
            name="timeZone"
            render={({ field }) => (
              <Select
                label={t('fields.timeZone')}
                data={zones}
                value={field.value}
                onChange={(v) => field.onChange(v ?? field.value)}
                searchable
                allowDeselect={false}
                limit={50}
                error={fieldError('timeZone')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="languageCode"
            render={({ field }) => (
              <Select
                label={t('fields.language')}
                data={languageCodes.map((code) => ({
                  value: code,
                  label: t(`common:language.names.${code}`),
                }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? field.value)}
                allowDeselect={false}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="emailOptIn"
          render={({ field }) => (
            <Switch
              mt="lg"
              label={t('fields.emailOptIn')}
              description={t('preferences.emailOptInHint')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            {t('save')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
