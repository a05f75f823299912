import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { profileProfessionalBody, type ProfileResponse } from '@trilha/contracts/profile';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './section-card';
import { useSectionForm } from './use-section-form';

const readOnly = ['company', 'retailer', 'brand', 'store', 'branch'] as const;

/** What the form edits: the read-only fields come from registration and the back office. */
function editable(professional: ProfileResponse['professional']) {
  const { company: _c, store: _s, brand: _b, branch: _br, retailer: _r, ...rest } = professional;
  return rest;
}

export function ProfessionalForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const { form, save, onSubmit, field } = useSectionForm({
    section: 'professional',
    schema: profileProfessionalBody,
    profile,
    values: (p) => editable(p.professional),
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
      <form onSubmit={onSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.profession')}
            autoComplete="organization-title"
            {...field('profession')}
          />
          <TextInput label={t('fields.gminNumber')} {...field('gminNumber')} />
          <TextInput label={t('fields.cadvCode')} {...field('cadvCode')} />
          <TextInput label={t('fields.code')} {...field('code')} />
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
