import {
  Button,
  Card,
  Image,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAward, IconDownload } from '@tabler/icons-react';
import type { LearnerBadge } from '@trilha/contracts/rewards/awards';
import type { MyBadgesResponse } from '@trilha/contracts/rewards/badges';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n';
import { showNotification } from '../../../../lib/notify';
import { downloadBadgeCredential, useMyBadges } from '../../api/rewards';
import { formatDay, formatNumber } from './format';
import { RewardsError } from './rewards-states';

type Available = MyBadgesResponse['available'][number];

function Artwork({ badge, earned }: { badge: LearnerBadge; earned: boolean }) {
  // The artwork is decoration beside the badge's name; a badge not yet earned is shown greyed.
  const style = earned ? undefined : { filter: 'grayscale(1)', opacity: 0.55 };
  return badge.imageUrl ? (
    <Image src={badge.imageUrl} alt="" w={88} h={88} fit="contain" style={style} />
  ) : (
    <ThemeIcon size={88} radius={88} variant={earned ? 'light' : 'default'} style={style} aria-hidden>
      <IconAward size={48} stroke={1.4} />
    </ThemeIcon>
  );
}

/** What is still missing for a badge, in words. */
export function useMissingText() {
  const { t } = useTranslation('rewards');
  const language = currentLanguage();
  return ({ criterion, target, progress }: Available): string => {
    const title = target?.title ?? '';
    const current = formatNumber(progress?.current ?? 0, language);
    const required = formatNumber(progress?.required ?? 0, language);
    const count = progress?.required ?? 0;
    switch (criterion) {
      case 'course':
        return t('badges.missing.course', { title });
      case 'trail':
        return t('badges.missing.trail', { title });
      case 'category_courses':
        return t('badges.missing.categoryCourses', { count, current, required, title });
      case 'points':
        return t('badges.missing.points', { count, current, required });
      case 'xp':
        return t('badges.missing.xp', { count, current, required });
      case 'streak_weeks':
        return t('badges.missing.streakWeeks', { count, current, required });
      case 'manual':
        return t('badges.missing.manual');
    }
  };
}

function EarnedCard({ item }: { item: MyBadgesResponse['earned'][number] }) {
  const { t } = useTranslation('rewards');
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    setBusy(true);
    try {
      await downloadBadgeCredential(item.badge.id);
    } catch {
      showNotification({ color: 'red', message: t('credential.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="earned-badge">
      <Stack align="center" gap="xs" ta="center" h="100%">
        <Artwork badge={item.badge} earned />
        <Text fw={700}>{item.badge.name}</Text>
        {item.badge.description ? (
          <Text fz="sm" c="dimmed">
            {item.badge.description}
          </Text>
        ) : null}
        <Text fz="xs" c="dimmed">
          {t('badges.earnedOn', { date: formatDay(item.earnedAt, currentLanguage()) })}
        </Text>
        <Button
          mt="auto"
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy}
          onClick={() => void onDownload()}
          aria-label={t('badges.downloadCredentialOf', { name: item.badge.name })}
        >
          {t('badges.downloadCredential')}
        </Button>
      </Stack>
    </Card>
  );
}

function AvailableCard({ item }: { item: Available }) {
  const { t } = useTranslation('rewards');
  const missing = useMissingText();
  const share =
    item.progress && item.progress.required > 0
      ? Math.min(100, Math.round((item.progress.current / item.progress.required) * 100))
      : null;
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="available-badge">
      <Stack align="center" gap="xs" ta="center">
        <Artwork badge={item.badge} earned={false} />
        <Text fw={700}>{item.badge.name}</Text>
        <Text fz="sm" data-testid="badge-missing">
          {missing(item)}
        </Text>
        {share !== null ? (
          <Progress
            value={share}
            w="100%"
            size="sm"
            radius="xl"
            aria-label={t('badges.progressLabel', { name: item.badge.name, percent: share })}
          />
        ) : null}
      </Stack>
    </Card>
  );
}

/** Profile → Badges: what the learner earned, and what the others ask for. */
export function BadgesTab() {
  const { t } = useTranslation('rewards');
  const badges = useMyBadges();
  if (badges.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} aria-busy="true" aria-label={t('states.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={220} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (badges.isError) return <RewardsError error={badges.error} onRetry={() => void badges.refetch()} />;
  const { earned, available } = badges.data;
  const grid = {
    cols: { base: 1, xs: 2, md: 3, lg: 4 },
    spacing: 'md',
    component: 'ul',
    p: 0,
    m: 0,
  } as const;

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="badges-earned-title">
        <Title order={2} fz="h4" id="badges-earned-title">
          {t('badges.earnedTitle', { count: earned.length })}
        </Title>
        {earned.length === 0 ? (
          <Text c="dimmed">{t('badges.noneEarned')}</Text>
        ) : (
          <SimpleGrid {...grid} style={{ listStyle: 'none' }}>
            {earned.map((item) => (
              <EarnedCard key={item.badge.id} item={item} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {available.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="badges-available-title">
          <Title order={2} fz="h4" id="badges-available-title">
            {t('badges.availableTitle')}
          </Title>
          <SimpleGrid {...grid} style={{ listStyle: 'none' }}>
            {available.map((item) => (
              <AvailableCard key={item.badge.id} item={item} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
