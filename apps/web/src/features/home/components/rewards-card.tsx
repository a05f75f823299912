import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage, formatDate } from '../../../lib/i18n';
import { useRewardsSummary } from '../../../lib/rewards-summary';

/** Home's small view of the points: balance, XP and the next points to expire, linking to the statement. */
export function RewardsCard({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation('home');
  const summary = useRewardsSummary();
  const pending = summary.isPending;
  useEffect(() => {
    if (!pending) onSettled?.();
  }, [pending, onSettled]);
  const language = currentLanguage();
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  // The card is a shortcut: when the balances cannot be read, home stays as it was without it.
  if (summary.isError) return null;
  const data = summary.data;
  const soonest = data?.expiring[0];

  return (
    <Card component="section" aria-labelledby="home-rewards-title" shadow="xs" data-testid="home-rewards">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconCoin size={22} />
          </ThemeIcon>
          <Title order={2} fz="h4" id="home-rewards-title">
            {t('rewards.title')}
          </Title>
        </Group>
        {data ? (
          <>
            <Group gap="xl" wrap="wrap">
              <div>
                <Text fz={28} fw={700} lh={1.1} data-testid="home-points">
                  {number(data.points)}
                </Text>
                <Text fz="sm" c="dimmed">
                  {t('rewards.points', { count: data.points })}
                </Text>
              </div>
              <div>
                <Text fz={28} fw={700} lh={1.1} data-testid="home-xp">
                  {number(data.xp)}
                </Text>
                <Text fz="sm" c="dimmed">
                  {t('rewards.xp')}
                </Text>
              </div>
            </Group>
            {soonest ? (
              <Text fz="sm">
                {t('rewards.expiring', {
                  count: soonest.points,
                  points: number(soonest.points),
                  date: formatDate(soonest.expiresAt, language),
                })}
              </Text>
            ) : null}
          </>
        ) : (
          <Skeleton h={56} aria-hidden />
        )}
        <Anchor component={Link} to="/profile?tab=points" fz="sm" fw={600}>
          {t('rewards.link')}
        </Anchor>
      </Stack>
    </Card>
  );
}
