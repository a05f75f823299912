import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone, IconStairsUp } from '@tabler/icons-react';
import type { LearnerCampaign } from '@trilha/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorText } from '../../../lib/form-errors';
import { useMyCampaigns } from '../api/loyalty';
import { CampaignCard } from '../components/campaign-card';
import { SignUpDialog } from '../components/sign-up-dialog';

function CardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Skeleton h={20} w="60%" />
        <Skeleton h={14} w="80%" />
        <Skeleton h={14} w="50%" />
        <Skeleton h={52} />
      </Stack>
    </Card>
  );
}

function Section({
  title,
  items,
  empty,
  onSignUp,
}: {
  title: string;
  items: LearnerCampaign[];
  empty: string;
  onSignUp: (c: LearnerCampaign) => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="h3">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((c) => (
            <CampaignCard key={c.id} campaign={c} onSignUp={onSignUp} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** `/campaigns`: the active and previous campaigns with my registration, points and XP; sign up to one. */
export default function CampaignsPage() {
  const { t } = useTranslation('loyalty');
  const campaigns = useMyCampaigns();
  const [signingUp, setSigningUp] = useState<LearnerCampaign | null>(null);
  const items = campaigns.data?.items ?? [];
  const active = items.filter((c) => c.status === 'active');
  const previous = items.filter((c) => c.status !== 'active');

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1}>{t('campaigns.title')}</Title>
        <Text c="dimmed">{t('campaigns.intro')}</Text>
        <Anchor component={Link} to="/campaigns/levels" fw={600} w="fit-content">
          <Group gap={6} wrap="nowrap" component="span">
            <IconStairsUp size={16} aria-hidden />
            {t('levels.cardLink')}
          </Group>
        </Anchor>
      </Stack>
      {campaigns.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label={t('loading')}>
          <CardSkeleton />
          <CardSkeleton />
          <CardSkeleton />
        </SimpleGrid>
      ) : campaigns.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{apiErrorText(campaigns.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void campaigns.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : items.length === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <IconSpeakerphone size={40} stroke={1.4} aria-hidden />
          <Text fw={600}>{t('campaigns.emptyTitle')}</Text>
          <Text c="dimmed" ta="center">
            {t('campaigns.empty')}
          </Text>
        </Stack>
      ) : (
        <>
          <Section
            title={t('campaigns.active')}
            items={active}
            empty={t('campaigns.noActive')}
            onSignUp={setSigningUp}
          />
          {previous.length > 0 ? (
            <Section title={t('campaigns.previous')} items={previous} empty="" onSignUp={setSigningUp} />
          ) : null}
        </>
      )}
      <SignUpDialog campaign={signingUp} onClose={() => setSigningUp(null)} />
    </Stack>
  );
}
