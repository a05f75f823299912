import { Progress, Stack, Text } from '@mantine/core';
import type { MyLevel } from '@trilha/contracts/loyalty-levels';
import { useTranslation } from 'react-i18next';

/** How far my XP in the running campaign is from the next level (or what keeps the last one). */
export function LevelProgress({ data }: { data: MyLevel }) {
  const { t, i18n } = useTranslation('loyalty');
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { current, next, campaign, xp } = data;
  if (!current) return null;
  if (!campaign) return <Text fz="sm">{t('levels.noCampaign')}</Text>;
  if (!next) {
    return (
      <Text fz="sm">
        {t('levels.keep', { level: current.name, xp: number(current.minXp), have: number(xp) })}
      </Text>
    );
  }
  const percent = Math.min(100, Math.floor((xp / Math.max(1, next.minXp)) * 100));
  const label = t('levels.progressLabel', { percent, level: next.name });
  return (
    <Stack gap={6}>
      <Progress value={percent} size="lg" radius="xl" color="teal.8" aria-label={label} />
      <Text fz="sm" fw={600}>
        {t('levels.progress', { xp: number(xp), target: number(next.minXp), campaign: campaign.name })}
      </Text>
      <Text fz="sm" c="dimmed">
        {xp >= next.minXp
          ? t('levels.reached', { level: next.name })
          : t('levels.toGo', { xp: number(next.minXp - xp), level: next.name })}
      </Text>
    </Stack>
  );
}
