import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAward,
  IconCertificate,
  IconCoins,
  IconPackage,
  IconScale,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage, formatDate } from '../../../lib/i18n';
import {
  useAdminCertificates,
  useBadges,
  useReconciliation,
  useRewardAccounts,
  useRewardSettings,
} from '../api/rewards-admin';
import { RewardsHeader, type RewardsSection } from '../components/rewards-header';

const icons: Record<RewardsSection, Icon> = {
  badges: IconAward,
  certificates: IconCertificate,
  accounts: IconCoins,
  reconciliation: IconScale,
  settings: IconSettings,
};

/** One line of status from a query: a placeholder while it loads, the error's text if it fails. */
function StatusLine<T>({ query, say }: { query: UseQueryResult<T>; say: (data: T) => string }) {
  if (query.isPending) return <Skeleton h={14} w="70%" mt={6} />;
  if (query.isError)
    return (
      <Text fz="sm" c="red.8">
        {apiErrorText(query.error)}
      </Text>
    );
  return (
    <Text fz="sm" c="dimmed">
      {say(query.data)}
    </Text>
  );
}

/** /admin/rewards: the area's screens, each with where it stands. */
export default function RewardsOverviewPage() {
  const { t } = useTranslation('rewards-admin');
  const { t: ts } = useTranslation('store');
  const language = currentLanguage();
  const badges = useBadges();
  const certificates = useAdminCertificates('', null, 1);
  const accounts = useRewardAccounts('', 1, 1);
  const reconciliation = useReconciliation();
  const settings = useRewardSettings();
  const n = (v: number) => new Intl.NumberFormat(language).format(v);

  const lines: Record<RewardsSection, ReactNode> = {
    badges: (
      <StatusLine
        query={badges}
        say={(d) => {
          const active = d.badges.filter((b) => b.active).length;
          return t('overview.badges', { count: d.badges.length, n: n(d.badges.length), active: n(active) });
        }}
      />
    ),
    certificates: (
      <StatusLine
        query={certificates}
        say={(d) => t('overview.certificates', { count: d.total, n: n(d.total) })}
      />
    ),
    accounts: (
      <StatusLine query={accounts} say={(d) => t('overview.accounts', { count: d.total, n: n(d.total) })} />
    ),
    reconciliation: (
      <StatusLine
        query={reconciliation}
        say={(d) => {
          const last = d.runs[0];
          if (!last) return t('overview.neverReconciled');
          const when = formatDate(last.startedAt, language);
          return last.differences === 0
            ? t('overview.reconciledClean', { when })
            : t('overview.reconciledDiff', { when, count: last.differences, n: n(last.differences) });
        }}
      />
    ),
    settings: (
      <StatusLine
        query={settings}
        say={(d) =>
          d.learningPointsValidityDays === null
            ? t('overview.pointsNeverExpire')
            : t('overview.pointsExpire', {
                count: d.learningPointsValidityDays,
                n: n(d.learningPointsValidityDays),
              })
        }
      />
    ),
  };

  return (
    <Stack gap="lg">
      <RewardsHeader title={t('title')} description={t('intro')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {(Object.keys(icons) as RewardsSection[]).map((section) => {
          const Icon = icons[section];
          return (
            <Card key={section} component={Link} to={`/admin/rewards/${section}`} shadow="xs" withBorder>
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={44} radius="md">
                  <Icon size={24} stroke={1.7} aria-hidden />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{t(`sections.${section}`)}</Text>
                  <Text fz="sm">{t(`overview.about.${section}`)}</Text>
                  {lines[section]}
                </Stack>
              </Group>
            </Card>
          );
        })}
        <Card component={Link} to="/admin/rewards/orders" shadow="xs" withBorder>
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={44} radius="md">
              <IconPackage size={24} stroke={1.7} aria-hidden />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{ts('queue.link')}</Text>
              <Text fz="sm">{ts('queue.linkAbout')}</Text>
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
