import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  supportTicketBody,
  ticketSubjects,
  type SupportTicketCreated,
} from '@trilha/contracts/institutional';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useSendTicket } from '../api/institutional';

const message = (m: string | undefined) =>
  m ? errorText(/^[A-Z_]+$/.test(m) ? m : 'PROFILE_FIELD_INVALID') : undefined;

/** The support and contact-us form: it opens a ticket and the answer states the response time. */
export function SupportForm({ kind }: { kind: 'support' | 'contact' }) {
  const { t } = useTranslation('institutional');
  const session = useSession();
  const send = useSendTicket();
  const [created, setCreated] = useState<SupportTicketCreated | null>(null);
  const form = useForm({
    resolver: zodResolver(supportTicketBody),
    defaultValues: {
      name: session?.user.fullName ?? '',
      email: session?.user.email ?? '',
      subject: undefined as unknown as 'other',
      message: '',
      kind,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setCreated(await send.mutateAsync(values));
      form.reset({ ...values, message: '' });
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.details)) {
        for (const d of error.details as { path?: string; code?: string }[]) {
          if (d.path) form.setError(d.path as 'message', { message: d.code ?? error.code });
        }
      }
    }
  });

  if (created) {
    return (
      <Card withBorder radius="md" padding="xl" role="status">
        <Stack align="center" gap="sm" ta="center">
          <IconCircleCheck size={44} color="var(--mantine-color-teal-6)" aria-hidden />
          <Title order={2} fz="h3">
            {t('support.sentTitle')}
          </Title>
          <Text>
            {t('support.sentText', { protocol: created.protocol, days: created.responseWorkingDays })}
          </Text>
          <Button variant="light" onClick={() => setCreated(null)}>
            {t('support.another')}
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {kind === 'contact' ? t('support.contactTitle') : t('support.formTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('support.name')}
              required
              autoComplete="name"
              error={message(errors.name?.message)}
              {...form.register('name')}
            />
            <TextInput
              label={t('support.email')}
              type="email"
              required
              autoComplete="email"
              error={message(errors.email?.message)}
              {...form.register('email')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="subject"
            render={({ field }) => (
              <Select
                label={t('support.subject')}
                required
                placeholder={t('support.subjectPlaceholder')}
                data={ticketSubjects.map((s) => ({ value: s, label: t(`support.subjects.${s}`) }))}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                error={message(errors.subject?.message)}
              />
            )}
          />
          <Textarea
            label={t('support.message')}
            required
            autosize
            minRows={4}
            maxLength={2000}
            error={message(errors.message?.message)}
            {...form.register('message')}
          />
          <Text fz="sm" c="dimmed">
            {t('support.responseTime', { days: 7 })}
          </Text>
          {send.isError && !Object.keys(errors).length ? (
            <Alert color="red" role="alert">
              {errorText(send.error instanceof ApiError ? send.error.code : 'SUPPORT_TICKET_NOT_SENT')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {t('support.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
