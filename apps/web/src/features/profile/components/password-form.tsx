import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  List,
  PasswordInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { changePasswordBody, type ProfileResponse } from '@trilha/contracts/profile';
import { checkPassword, passwordScore, type PasswordRequirement } from '@trilha/domain/password';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/profile';
import { apiErrorText, applyFieldErrors, fieldMessage } from '../../../lib/form-errors';
import { SectionCard } from './section-card';

const allRequirements: Record<ProfileResponse['passwordStrength'], PasswordRequirement[]> = {
  weak: ['min_length'],
  medium: ['min_length', 'uppercase', 'lowercase', 'digit'],
  strong: ['min_length', 'uppercase', 'lowercase', 'digit', 'symbol'],
};

export function PasswordForm({ level }: { level: ProfileResponse['passwordStrength'] }) {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const unmet = checkPassword(newPassword, level, { isNew: true });
  const score = passwordScore(newPassword);

  const onSubmit = form.handleSubmit(async (values) => {
    if (unmet.length) {
      form.setError('newPassword', { message: 'PROFILE_PASSWORD_WEAK' });
      return;
    }
    try {
      const result = await change.mutateAsync(values);
      form.reset();
      notifications.show({ color: 'teal', message: t('password.changed', { count: result.endedSessions }) });
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });

  return (
    <SectionCard title={t('password.title')} description={t('password.description')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            error={fieldMessage(errors.currentPassword, 'PROFILE_FIELD_INVALID')}
            {...form.register('currentPassword')}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t('password.new')}
              autoComplete="new-password"
              required
              error={fieldMessage(errors.newPassword, 'PROFILE_FIELD_INVALID')}
              {...form.register('newPassword')}
            />
            <Progress
              value={(score / 4) * 100}
              color={score >= 3 ? 'teal' : score >= 2 ? 'yellow' : 'red'}
              size="sm"
              aria-label={t('password.strength')}
            />
          </Stack>
        </SimpleGrid>
        <Text fz="sm" fw={500} mt="md" id="password-rules">
          {t('password.rules')}
        </Text>
        <List spacing={4} size="sm" mt={4} aria-labelledby="password-rules" listStyleType="none">
          {allRequirements[level].map((req) => {
            const ok = newPassword !== '' && !unmet.includes(req);
            return (
              <List.Item
                key={req}
                icon={
                  <ThemeIcon size={18} radius="xl" color={ok ? 'teal' : 'gray'} variant="light">
                    {ok ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
                  </ThemeIcon>
                }
              >
                {t(`password.requirements.${req}`)}
                <VisuallyHidden> — {ok ? t('password.met') : t('password.unmet')}</VisuallyHidden>
              </List.Item>
            );
          })}
        </List>
        {change.isError && !Object.keys(errors).length ? (
          <Alert mt="md" color="red" role="alert">
            {apiErrorText(change.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
