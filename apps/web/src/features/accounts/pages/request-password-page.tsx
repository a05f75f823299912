import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  PinInput,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconClockHour4, IconMailCheck } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import {
  recoverPasswordBody,
  type MaskedPhonesResponse,
  type PhoneCooldownState,
  type RecoverPasswordBody,
} from '@trilha/contracts/accounts';
import { cooldownRemainingSeconds } from '@trilha/domain/cooldown';
import { maskDocument, validateDocument } from '@trilha/domain/document';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { phonesOfDocument, requestRecoverLink, sendRecoverCode, validateRecoverCode } from '../api/accounts';
import { fieldMessage } from '../../../lib/form-errors';
import { PublicCard } from '../components/public-card';
import { RequestError } from '../components/request-error';

type Method = 'email' | 'document' | 'username' | 'code';

/** `request-password`: recover by e-mail, document or username (a link by e-mail), or by an SMS/WhatsApp code. */
export default function RequestPasswordPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const [method, setMethod] = useState<Method>('email');
  const phone = useMediaQuery('(max-width: 30em)');
  return (
    <PublicCard title={t('recover.title')} intro={t('recover.intro')}>
      <SegmentedControl
        fullWidth
        // Four choices side by side break their words on a phone; stacked they read whole.
        orientation={phone ? 'vertical' : 'horizontal'}
        value={method}
        onChange={(v) => setMethod(v as Method)}
        data={(['email', 'document', 'username', 'code'] as const).map((m) => ({
          value: m,
          label: t(`recover.methods.${m}`),
        }))}
        aria-label={t('recover.methodLabel')}
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
      />
      {method === 'code' ? <CodeRecovery /> : <LinkRecovery key={method} method={method} />}
      <Text ta="center" fz="sm">
        <Anchor component={Link} to="/">
          {t('recover.backToLogin')}
        </Anchor>
      </Text>
    </PublicCard>
  );
}

function LinkRecovery({ method }: { method: 'email' | 'document' | 'username' }) {
  const { t } = useTranslation(['accounts', 'common']);
  const form = useForm<RecoverPasswordBody>({
    resolver: zodResolver(recoverPasswordBody),
    defaultValues: { method, identifier: '', country: 'BRA' },
  });
  const mutation = useMutation({ mutationFn: requestRecoverLink });
  if (mutation.isSuccess) {
    return (
      <Alert color="teal" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
        {t('recover.linkSent')}
      </Alert>
    );
  }
  return (
    <form onSubmit={(e) => void form.handleSubmit((v) => mutation.mutate(v))(e)} noValidate>
      <Stack gap="md">
        <RequestError error={mutation.error} />
        {method === 'document' ? (
          <Controller
            control={form.control}
            name="identifier"
            render={({ field }) => (
              <TextInput
                label={t('fields.document')}
                required
                inputMode="numeric"
                value={field.value}
                onChange={(e) => field.onChange(maskDocument('BRA', e.currentTarget.value))}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldMessage(form.formState.errors.identifier)}
              />
            )}
          />
        ) : (
          <TextInput
            label={method === 'email' ? t('fields.email') : t('fields.username')}
            type={method === 'email' ? 'email' : 'text'}
            autoComplete={method === 'email' ? 'email' : 'username'}
            required
            error={fieldMessage(form.formState.errors.identifier)}
            {...form.register('identifier')}
          />
        )}
        <Text fz="sm" c="dimmed">
          {t('recover.linkHint')}
        </Text>
        <Button type="submit" loading={mutation.isPending}>
          {t('recover.sendLink')}
        </Button>
      </Stack>
    </form>
  );
}

/** Whole seconds left of the phone cooldown, ticking; computed from the server's start time. */
function useCooldown(cooldown: PhoneCooldownState | null) {
  const [now, setNow] = useState(() => Date.now());
  const left = cooldown ? cooldownRemainingSeconds(cooldown.startedAt, now, cooldown.durationSeconds) : 0;
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

const COOLDOWN_KEY = 'trilha.recover-cooldown';

function CodeRecovery() {
  const { t } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  const [document, setDocument] = useState('');
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [phones, setPhones] = useState<MaskedPhonesResponse | null>(null);
  const [phone, setPhone] = useState('');
  const [channel, setChannel] = useState<'sms' | 'whatsapp'>('sms');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // The server's cooldown start survives a reload: it comes back with the phones, and is kept here too.
  const [cooldown, setCooldown] = useState<PhoneCooldownState | null>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(COOLDOWN_KEY) ?? 'null') as PhoneCooldownState | null;
    } catch {
      return null;
    }
  });
  const left = useCooldown(cooldown);
  const keepCooldown = (c: PhoneCooldownState) => {
    setCooldown(c);
    sessionStorage.setItem(COOLDOWN_KEY, JSON.stringify(c));
  };

  const find = useMutation({
    mutationFn: () => phonesOfDocument({ document, country: 'BRA' }),
    onSuccess: (data) => {
      setPhones(data);
      // The server's answer is the truth for this document (a stored one may be of another document).
      keepCooldown(data.cooldown);
    },
  });
  const send = useMutation({
    mutationFn: () => sendRecoverCode({ document, country: 'BRA', phone, channel }),
    onSuccess: (data) => {
      setSentTo(data.sentTo);
      keepCooldown(data.cooldown);
    },
    onError: (error) => {
      const c =
        error instanceof ApiError
          ? (error.details as { cooldown?: PhoneCooldownState })?.cooldown
          : undefined;
      if (c) keepCooldown(c);
    },
  });
  const check = useMutation({
    mutationFn: () => validateRecoverCode({ document, country: 'BRA', code }),
    onSuccess: (link) =>
      navigate(`/recover-password/${encodeURIComponent(link.username)}/${link.uidb64}/${link.token}`),
  });

  const onFind = (e: React.FormEvent) => {
    e.preventDefault();
    const result = validateDocument('BRA', document);
    if (result !== 'ok') {
      setDocumentError(
        errorText(result === 'required' ? 'ACCOUNTS_DOCUMENT_REQUIRED' : 'ACCOUNTS_DOCUMENT_INVALID'),
      );
      return;
    }
    setDocumentError(null);
    find.mutate();
  };

  if (!phones) {
    return (
      <form onSubmit={onFind} noValidate>
        <Stack gap="md">
          <RequestError error={find.error} />
          <TextInput
            label={t('fields.document')}
            required
            inputMode="numeric"
            value={document}
            onChange={(e) => setDocument(maskDocument('BRA', e.currentTarget.value))}
            error={documentError}
          />
          <Button type="submit" loading={find.isPending}>
            {t('recover.findPhones')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text>{t('recover.phonesFound', { phone: phones.phones.map((p) => p.masked).join(', ') })}</Text>
          <TextInput
            type="tel"
            label={t('recover.typePhone')}
            description={t('recover.typePhoneHint')}
            required
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
          />
          <Radio.Group
            label={t('recover.channel')}
            value={channel}
            onChange={(v) => setChannel(v as 'sms' | 'whatsapp')}
          >
            <Group mt="xs">
              <Radio value="sms" label="SMS" />
              <Radio value="whatsapp" label="WhatsApp" />
            </Group>
          </Radio.Group>
          <RequestError error={send.error} />
          {left > 0 ? (
            <Alert
              color="blue"
              variant="light"
              icon={<IconClockHour4 aria-hidden />}
              role="timer"
              aria-live="off"
            >
              {t('recover.cooldown', { seconds: left })}
            </Alert>
          ) : null}
          <Button
            type="submit"
            variant={sentTo ? 'default' : 'filled'}
            loading={send.isPending}
            disabled={left > 0 || !phone}
          >
            {sentTo ? t('recover.resend') : t('recover.sendCode')}
          </Button>
        </Stack>
      </form>
      {sentTo || left > 0 ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            check.mutate();
          }}
          noValidate
        >
          <Stack gap="md">
            <Alert color="teal" variant="light" role="status">
              {sentTo ? t('recover.codeSent', { to: sentTo }) : t('recover.codeSentEarlier')}
            </Alert>
            <Stack gap={4}>
              <Text component="label" htmlFor="recover-code" fw={500} fz="sm">
                {t('recover.code')}
              </Text>
              <PinInput
                id="recover-code"
                length={6}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                aria-label={t('recover.code')}
                error={check.isError}
              />
            </Stack>
            <RequestError error={check.error} />
            <Button type="submit" loading={check.isPending} disabled={code.length !== 6}>
              {t('recover.checkCode')}
            </Button>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
