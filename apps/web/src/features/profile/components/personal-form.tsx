import { zodResolver } from '@hookform/resolvers/zod';
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
import { notifications } from '@mantine/notifications';
import {
  genders,
  maritalStatuses,
  profilePersonalBody,
  type ProfileResponse,
} from '@trilha/contracts/profile';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useSaveSection } from '../api/profile';
import { apiErrorText, applyFieldErrors, fieldMessage } from '../../../lib/form-errors';
import { SectionCard } from './section-card';

export function PersonalForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const save = useSaveSection('personal');
  const form = useForm({ resolver: zodResolver(profilePersonalBody), defaultValues: profile.personal });
  const { errors } = form.formState;
  const hasDisability = useWatch({ control: form.control, name: 'hasDisability' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved.personal);
      notifications.show({ color: 'teal', message: t('saved') });
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });

  return (
    <SectionCard title={t('personal.title')} description={t('personal.description')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.firstName')}
            required
            autoComplete="given-name"
            error={fieldMessage(errors.firstName, 'PROFILE_FIELD_INVALID')}
            {...form.register('firstName')}
          />
          <TextInput
            label={t('fields.lastName')}
            required
            autoComplete="family-name"
            error={fieldMessage(errors.lastName, 'PROFILE_FIELD_INVALID')}
            {...form.register('lastName')}
          />
          <TextInput
            label={t('fields.nickname')}
            autoComplete="nickname"
            error={fieldMessage(errors.nickname, 'PROFILE_FIELD_INVALID')}
            {...form.register('nickname')}
          />
          <TextInput
            label={t('fields.storeNickname')}
            error={fieldMessage(errors.storeNickname, 'PROFILE_FIELD_INVALID')}
            {...form.register('storeNickname')}
          />
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
                error={fieldMessage(errors.birthday, 'PROFILE_FIELD_INVALID')}
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
                error={fieldMessage(errors.gender, 'PROFILE_FIELD_INVALID')}
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
                error={fieldMessage(errors.maritalStatus, 'PROFILE_FIELD_INVALID')}
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
                error={fieldMessage(errors.childrenCount, 'PROFILE_FIELD_INVALID')}
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
            error={fieldMessage(errors.disabilityDescription, 'PROFILE_FIELD_INVALID')}
            {...form.register('disabilityDescription')}
          />
        ) : null}
        {save.isError && !Object.keys(errors).length ? (
          <Alert mt="md" color="red" role="alert">
            {apiErrorText(save.error)}
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
