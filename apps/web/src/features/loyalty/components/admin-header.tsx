import { Anchor, Breadcrumbs, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

const sections = ['stores', 'products', 'levels', 'level-requests'] as const;

/** The loyalty back office's title and its screens as tabs that change the address. */
export function LoyaltyAdminHeader({
  title,
  description,
  trail,
  actions,
}: {
  title: string;
  description?: string;
  /** A deeper screen (one campaign) names its way back. */
  trail?: { to: string; label: string };
  actions?: ReactNode;
}) {
  const { t } = useTranslation('loyalty');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = [
    { to: '/admin/campaigns', label: t('admin.sections.campaigns') },
    ...sections.map((s) => ({
      to: `/admin/campaigns/${s}`,
      label: t(`admin.sections.${s === 'level-requests' ? 'levelRequests' : s}`),
    })),
  ];
  const active = tabs.slice(1).find((tab) => pathname.startsWith(tab.to))?.to ?? '/admin/campaigns';
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
