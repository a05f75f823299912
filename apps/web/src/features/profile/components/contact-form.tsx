import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Divider, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { phoneFields, profileContactBody, type ProfileResponse } from '@trilha/contracts/profile';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { useSaveSection } from '../api/profile';
import { apiErrorText, applyFieldErrors, fieldMessage } from '../../../lib/form-errors';
import { SectionCard } from './section-card';

export function ContactForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const session = useSession();
  const save = useSaveSection('contact');
  const form = useForm({ resolver: zodResolver(profileContactBody), defaultValues: profile.contact });
  const { errors } = form.formState;
  const countries = (session?.countries ?? []).map((c) => ({ value: c.code, label: c.name }));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved.contact);
      notifications.show({ color: 'teal', message: t('saved') });
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });

  return (
    <SectionCard title={t('contact.title')} description={t('contact.description')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            required
            autoComplete="email"
            error={fieldMessage(errors.email, 'PROFILE_FIELD_INVALID')}
            {...form.register('email')}
          />
          <TextInput
            label={t('fields.emailConfirmation')}
            type="email"
            required
            autoComplete="off"
            onPaste={(e) => e.preventDefault()}
            error={fieldMessage(errors.emailConfirmation, 'PROFILE_FIELD_INVALID')}
            {...form.register('emailConfirmation')}
          />
        </SimpleGrid>
        <Divider my="lg" label={t('contact.phones')} labelPosition="left" />
        <Text fz="sm" c="dimmed" mb="sm">
          {t('contact.phonesHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {phoneFields.map((name) => (
            <TextInput
              key={name}
              label={t(`fields.${name}`)}
              type="tel"
              inputMode="tel"
              autoComplete={name === 'cellPhone' ? 'tel' : 'off'}
              error={fieldMessage(errors[name], 'PROFILE_FIELD_INVALID')}
              {...form.register(name)}
            />
          ))}
        </SimpleGrid>
        <Divider my="lg" label={t('contact.address')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                label={t('fields.country')}
                required
                data={countries}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                searchable
                allowDeselect={false}
                error={fieldMessage(errors.country, 'PROFILE_FIELD_INVALID')}
              />
            )}
          />
          <TextInput
            label={t('fields.zipCode')}
            required
            autoComplete="postal-code"
            error={fieldMessage(errors.zipCode, 'PROFILE_FIELD_INVALID')}
            {...form.register('zipCode')}
          />
          <TextInput
            label={t('fields.street')}
            required
            autoComplete="address-line1"
            error={fieldMessage(errors.street, 'PROFILE_FIELD_INVALID')}
            {...form.register('street')}
          />
          <TextInput
            label={t('fields.number')}
            required
            error={fieldMessage(errors.number, 'PROFILE_FIELD_INVALID')}
            {...form.register('number')}
          />
          <TextInput
            label={t('fields.complement')}
            autoComplete="address-line2"
            error={fieldMessage(errors.complement, 'PROFILE_FIELD_INVALID')}
            {...form.register('complement')}
          />
          <TextInput
            label={t('fields.neighborhood')}
            required
            error={fieldMessage(errors.neighborhood, 'PROFILE_FIELD_INVALID')}
            {...form.register('neighborhood')}
          />
          <TextInput
            label={t('fields.city')}
            required
            autoComplete="address-level2"
            error={fieldMessage(errors.city, 'PROFILE_FIELD_INVALID')}
            {...form.register('city')}
          />
          <TextInput
            label={t('fields.state')}
            required
            autoComplete="address-level1"
            error={fieldMessage(errors.state, 'PROFILE_FIELD_INVALID')}
            {...form.register('state')}
          />
        </SimpleGrid>
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
