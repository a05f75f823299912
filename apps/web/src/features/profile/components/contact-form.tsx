import { Alert, Button, Divider, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { phoneFields, profileContactBody, type ProfileResponse } from '@trilha/contracts/profile';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { SectionCard } from './section-card';
import { useSectionForm } from './use-section-form';

export function ContactForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const session = useSession();
  const { form, save, onSubmit, field, fieldError, generalError } = useSectionForm({
    section: 'contact',
    schema: profileContactBody,
    profile,
    values: (p) => p.contact,
  });
  const countries = (session?.countries ?? []).map((c) => ({ value: c.code, label: c.name }));

  return (
    <SectionCard title={t('contact.title')} description={t('contact.description')}>
      <form onSubmit={onSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            required
            autoComplete="email"
            {...field('email')}
          />
          <TextInput
            label={t('fields.emailConfirmation')}
            type="email"
            required
            autoComplete="off"
            onPaste={(e) => e.preventDefault()}
            {...field('emailConfirmation')}
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
              {...field(name)}
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
                error={fieldError('country')}
              />
            )}
          />
          <TextInput label={t('fields.zipCode')} required autoComplete="postal-code" {...field('zipCode')} />
          <TextInput label={t('fields.street')} required autoComplete="address-line1" {...field('street')} />
          <TextInput label={t('fields.number')} required {...field('number')} />
          <TextInput label={t('fields.complement')} autoComplete="address-line2" {...field('complement')} />
          <TextInput label={t('fields.neighborhood')} required {...field('neighborhood')} />
          <TextInput label={t('fields.city')} required autoComplete="address-level2" {...field('city')} />
          <TextInput label={t('fields.state')} required autoComplete="address-level1" {...field('state')} />
        </SimpleGrid>
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
