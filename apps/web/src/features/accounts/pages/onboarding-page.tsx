import { Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconCertificate, IconCoin, IconSchool } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSelectedClient } from '../../../lib/session-store';
import { completeOnboarding } from '../api/accounts';
import { stepsChanged } from '../api/pending-steps';

const steps = [
  { key: 'learn', icon: IconSchool },
  { key: 'earn', icon: IconCoin },
  { key: 'grow', icon: IconCertificate },
] as const;

/** `onboarding`: the welcome a new registrant sees once in a client, before the app opens. */
export default function OnboardingPage() {
  const { t } = useTranslation('accounts');
  const client = useSelectedClient();
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const phone = useMediaQuery('(max-width: 30em)');
  const finish = useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async () => {
      stepsChanged();
      await navigate(client?.homeRoute ?? '/home', { replace: true });
    },
  });
  const last = active === steps.length - 1;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" my="xl">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('onboarding.title', { client: client?.name ?? '' })}
        </Title>
        <Stepper active={active} onStepClick={setActive} size="sm">
          {steps.map(({ key, icon: Icon }) => (
            <Stepper.Step
              key={key}
              // On a phone the three labels do not fit one line: the icons stay, named for assistive tech.
              label={phone ? undefined : t(`onboarding.${key}.label`)}
              aria-label={t(`onboarding.${key}.label`)}
              icon={<Icon size={18} aria-hidden />}
            >
              <Stack gap="xs" mt="md">
                <Title order={2} fz="lg">
                  {t(`onboarding.${key}.title`)}
                </Title>
                <Text>{t(`onboarding.${key}.text`)}</Text>
              </Stack>
            </Stepper.Step>
          ))}
        </Stepper>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => finish.mutate()} disabled={finish.isPending}>
            {t('onboarding.skip')}
          </Button>
          <Button onClick={() => (last ? finish.mutate() : setActive(active + 1))} loading={finish.isPending}>
            {last ? t('onboarding.start') : t('onboarding.next')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
