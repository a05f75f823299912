import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  genders,
  maritalStatuses,
  profilePersonalBody,
  type ProfileResponse,
} from '@trilha/contracts/profile';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { SectionCard } from './section-card';
import { useSectionForm } from './use-section-form';

export function PersonalForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const { form, save, onSubmit, field, fieldError, generalError } = useSectionForm({
    section: 'personal',
    schema: profilePersonalBody,
    profile,
    values: (p) => p.personal,
  });
  const hasDisability = useWatch({ control: form.control, name: 'hasDisability' });

  return (
    <SectionCard title={t('personal.title')} description={t('personal.description')}>
      <form onSubmit={onSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.firstName')}
            required
            autoComplete="given-name"
            {...field('firstName')}
          />
          <TextInput
            label={t('fields.lastName')}
            required
            autoComplete="family-name"
            {...field('lastName')}
          />
          <TextInput label={t('fields.nickname')} autoComplete="nickname" {...field('nickname')} />
          <TextInput label={t('fields.storeNickname')} {...field('storeNickname')} />
          <Controller
            control={form.control}
            name="birthday"
            render={({ field }) => (
              <DateField
                label={t('fields.birthday')}
                autoComplete="bday"
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError('birthday')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="gender"
            render={({ field }) => (
              <Select
                label={t('fields.gender')}
                data={genders.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                clearable
                error={fieldError('gender')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="maritalStatus"
            render={({ field }) => (
              <Select
                label={t('fields.maritalStatus')}
                data={maritalStatuses.map((m) => ({ value: m, label: t(`maritalStatuses.${m}`) }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                clearable
                error={fieldError('maritalStatus')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="childrenCount"
            render={({ field }) => (
              <NumberInput
                label={t('fields.childrenCount')}
                min={0}
                max={30}
                allowDecimal={false}
                allowNegative={false}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
                onBlur={field.onBlur}
                error={fieldError('childrenCount')}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="hasDisability"
          render={({ field }) => (
            <Switch
              mt="md"
              label={t('fields.hasDisability')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {hasDisability ? (
          <Textarea
            mt="sm"
            label={t('fields.disabilityDescription')}
            required
            autosize
            minRows={2}
            {...field('disabilityDescription')}
          />
        ) : null}
        {generalError ? (
          <Alert mt="md" color="red" role="alert">
            {generalError}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            {t('save')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
