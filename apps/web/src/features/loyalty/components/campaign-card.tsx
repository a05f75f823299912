import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconCalendar } from '@tabler/icons-react';
import type { LearnerCampaign } from '@trilha/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format';
import classes from './loyalty.module.css';
import { CampaignStatusBadge } from './status-badge';

/** One campaign: its name, dates, status, my registration and what I earned in it. */
export function CampaignCard({
  campaign,
  onSignUp,
}: {
  campaign: LearnerCampaign;
  onSignUp: (campaign: LearnerCampaign) => void;
}) {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const r = campaign.registration;
  const active = campaign.status === 'active';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`campaign-${campaign.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="lg" id={`campaign-${campaign.id}`} style={{ minWidth: 0 }}>
            {campaign.name}
          </Title>
          <CampaignStatusBadge status={campaign.status} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCalendar size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm">
            {t('campaigns.period', { from: f.date(campaign.beginsAt), to: f.date(campaign.endsAt) })}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconBuildingStore size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fz="sm" c={r ? undefined : 'dimmed'}>
            {r
              ? t('campaigns.registeredAt', { store: r.storeName, date: f.date(r.registeredAt) })
              : active
                ? t('campaigns.notRegistered')
                : t('campaigns.didNotTakePart')}
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <div className={classes.stat}>
            <Text fz="xs" c="dimmed">
              {t('campaigns.myPoints')}
            </Text>
            <Text fw={700} fz="lg">
              {f.number(campaign.points)}
            </Text>
          </div>
          <div className={classes.stat}>
            <Text fz="xs" c="dimmed">
              {t('campaigns.myXp')}
            </Text>
            <Text fw={700} fz="lg">
              {f.number(campaign.xp)}
            </Text>
          </div>
        </Group>
        {active && !r ? (
          <Button
            onClick={() => onSignUp(campaign)}
            fullWidth
            aria-label={t('campaigns.signUpTo', { name: campaign.name })}
          >
            {t('campaigns.signUp')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
