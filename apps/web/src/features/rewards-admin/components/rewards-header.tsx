import { Anchor, Breadcrumbs, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

export const rewardsSections = ['badges', 'certificates', 'accounts', 'reconciliation', 'settings'] as const;
export type RewardsSection = (typeof rewardsSections)[number];

/** Title, description and the rewards area's screens as tabs that change the address. */
export function RewardsHeader({
  title,
  description,
  trail,
  actions,
}: {
  title: string;
  description?: string;
  /** A deeper screen (one account) names its way back. */
  trail?: { to: string; label: string };
  actions?: ReactNode;
}) {
  const { t } = useTranslation('rewards-admin');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = [
    { to: '/admin/rewards', label: t('sections.overview') },
    ...rewardsSections.map((s) => ({ to: `/admin/rewards/${s}`, label: t(`sections.${s}`) })),
  ];
  // /admin/rewards/accounts/12 is still the accounts tab.
  const active =
    tabs.slice(1).find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`))?.to ??
    '/admin/rewards';
  return (
    <Stack gap="md">
      {trail ? (
        <Breadcrumbs>
          <Anchor component={Link} to={trail.to} fz="sm">
            {trail.label}
          </Anchor>
          <Text fz="sm" c="dimmed" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
      ) : null}
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
        {actions}
      </Stack>
      <Tabs value={active} onChange={(v) => v && void navigate(v)}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.to} value={tab.to} style={{ whiteSpace: 'nowrap' }}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </Stack>
  );
}
