import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { profileProfessionalBody, type ProfileResponse } from '@trilha/contracts/profile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveSection } from '../api/profile';
import { applyFieldErrors, fieldMessage } from '../../../lib/form-errors';
import { SectionCard } from './section-card';

const readOnly = ['company', 'retailer', 'brand', 'store', 'branch'] as const;

export function ProfessionalForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const save = useSaveSection('professional');
  const { company: _c, store: _s, brand: _b, branch: _br, retailer: _r, ...editable } = profile.professional;
  const form = useForm({ resolver: zodResolver(profileProfessionalBody), defaultValues: editable });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      const { company: _1, store: _2, brand: _3, branch: _4, retailer: _5, ...rest } = saved.professional;
      form.reset(rest);
      notifications.show({ color: 'teal', message: t('saved') });
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });

  return (
    <SectionCard title={t('professional.title')} description={t('professional.description')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
        {readOnly.map((key) => (
          <div key={key}>
            <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`fields.${key}`)}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {profile.professional[key] ?? t('notInformed')}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.profession')}
            autoComplete="organization-title"
            error={fieldMessage(errors.profession, 'PROFILE_FIELD_INVALID')}
            {...form.register('profession')}
          />
          <TextInput
            label={t('fields.gminNumber')}
            error={fieldMessage(errors.gminNumber, 'PROFILE_FIELD_INVALID')}
            {...form.register('gminNumber')}
          />
          <TextInput
            label={t('fields.cadvCode')}
            error={fieldMessage(errors.cadvCode, 'PROFILE_FIELD_INVALID')}
            {...form.register('cadvCode')}
          />
          <TextInput
            label={t('fields.code')}
            error={fieldMessage(errors.code, 'PROFILE_FIELD_INVALID')}
            {...form.register('code')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            {t('save')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
