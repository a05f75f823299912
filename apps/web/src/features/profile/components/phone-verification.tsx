import { Alert, Badge, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp, IconMessage } from '@tabler/icons-react';
import type { ProfileResponse } from '@trilha/contracts/profile';
import { cooldownRemainingSeconds } from '@trilha/domain/cooldown';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneCode, useVerifyPhone } from '../api/profile';
import { apiErrorText } from '../../../lib/form-errors';
import { SectionCard } from './section-card';

function useCountdown(startedAt: string | null, duration: number) {
  const [now, setNow] = useState(() => Date.now());
  const remaining = cooldownRemainingSeconds(startedAt, now, duration);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [remaining]);
  return remaining;
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** Phone verification by a code sent by SMS or WhatsApp, with the cooldown between two requests. */
export function PhoneVerification({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const request = usePhoneCode();
  const verify = useVerifyPhone();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const remaining = useCountdown(profile.phoneCooldown.startedAt, profile.phoneCooldown.durationSeconds);
  const phone = profile.contact.cellPhone;

  const send = async (channel: 'sms' | 'whatsapp') => {
    await request
      .mutateAsync(channel)
      .then(() => setSent(true))
      .catch(() => undefined);
  };
  const check = async () => {
    const result = await verify.mutateAsync(code).catch(() => null);
    if (result?.phoneVerified) notifications.show({ color: 'teal', message: t('phone.verified') });
  };

  return (
    <SectionCard title={t('phone.title')} description={t('phone.description')}>
      <Group gap="sm">
        <Text fw={600}>{phone || t('phone.none')}</Text>
        {phone ? (
          <Badge color={profile.phoneVerified ? 'teal' : 'yellow'} variant="light">
            {profile.phoneVerified ? t('phone.statusVerified') : t('phone.statusUnverified')}
          </Badge>
        ) : null}
      </Group>
      {phone && !profile.phoneVerified ? (
        <Stack gap="sm">
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconMessage size={18} aria-hidden />}
              disabled={remaining > 0}
              loading={request.isPending && request.variables === 'sms'}
              onClick={() => void send('sms')}
            >
              {t('phone.sendSms')}
            </Button>
            <Button
              variant="light"
              color="green"
              leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
              disabled={remaining > 0}
              loading={request.isPending && request.variables === 'whatsapp'}
              onClick={() => void send('whatsapp')}
            >
              {t('phone.sendWhatsapp')}
            </Button>
          </Group>
          {remaining > 0 ? (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('phone.cooldown', { time: mmss(remaining) })}
            </Text>
          ) : null}
          {sent || remaining > 0 ? (
            <Group gap="sm" align="flex-end">
              <Stack gap={4}>
                <Text fz="sm" fw={500} id="phone-code-label">
                  {t('phone.code')}
                </Text>
                <PinInput
                  length={6}
                  type="number"
                  oneTimeCode
                  value={code}
                  onChange={setCode}
                  aria-labelledby="phone-code-label"
                />
              </Stack>
              <Button onClick={() => void check()} disabled={code.length < 6} loading={verify.isPending}>
                {t('phone.verify')}
              </Button>
            </Group>
          ) : null}
          {request.isError || verify.isError ? (
            <Alert color="red" role="alert">
              {apiErrorText(request.error ?? verify.error)}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </SectionCard>
  );
}
