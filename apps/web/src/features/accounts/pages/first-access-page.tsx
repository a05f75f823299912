import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { firstAccessBody, type FirstAccessBody } from '@trilha/contracts/accounts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';
import { requestFirstAccess } from '../api/accounts';
import { fieldMessage } from '../../../lib/form-errors';
import { PublicCard } from '../components/public-card';
import { RequestError } from '../components/request-error';

/** Claims a pre-registered account: found by document or e-mail, it gets a set-password link. */
export function FirstAccessForm({ variant, title }: { variant?: string; title?: string }) {
  const { t } = useTranslation(['accounts', 'common']);
  const form = useForm<FirstAccessBody>({
    resolver: zodResolver(firstAccessBody),
    defaultValues: { identifier: '', variant },
  });
  const mutation = useMutation({
    mutationFn: (v: FirstAccessBody) => requestFirstAccess(v.identifier, variant),
  });
  if (mutation.isSuccess) {
    return (
      <StatusScreen
        color="teal"
        icon={<IconMailCheck size={32} aria-hidden />}
        title={t('firstAccess.sentTitle')}
        description={t('firstAccess.sent', { to: mutation.data.sentTo ?? '' })}
        actions={
          <Button component={Link} to="/">
            {t('common:actions.signIn')}
          </Button>
        }
      />
    );
  }
  return (
    <PublicCard
      title={title ? t('firstAccess.titleOf', { name: title }) : t('firstAccess.title')}
      intro={t('firstAccess.intro')}
    >
      <RequestError error={mutation.error} />
      <form onSubmit={(e) => void form.handleSubmit((v) => mutation.mutate(v))(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('firstAccess.identifier')}
            description={t('firstAccess.identifierHint')}
            required
            autoComplete="username"
            error={fieldMessage(form.formState.errors.identifier)}
            {...form.register('identifier')}
          />
          <Button type="submit" loading={mutation.isPending}>
            {t('firstAccess.submit')}
          </Button>
          <Text ta="center" fz="sm">
            <Anchor component={Link} to="/">
              {t('common:actions.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PublicCard>
  );
}

/** `first_access`. */
export default function FirstAccessPage() {
  return <FirstAccessForm />;
}
