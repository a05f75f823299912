import { Anchor, Breadcrumbs, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogKind } from '../api/catalog';
import { formatWorkload } from './catalog-card';
import { CoverImage } from './cover-image';
import { FavoriteButton } from './favorite-button';

/** The way back from a course or trail page: its lists as links, then the page itself. */
export function DetailBreadcrumbs({
  links,
  current,
}: {
  links: { to: string; label: string }[];
  current: string;
}) {
  return (
    <Breadcrumbs separatorMargin={6}>
      {links.map((link) => (
        <Anchor component={Link} to={link.to} key={link.to} fz="sm">
          {link.label}
        </Anchor>
      ))}
      <Text fz="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

/** The top card of a course, trail or portfolio course page: the cover beside what `children` says of it. */
export function DetailHero({ coverUrl, children }: { coverUrl: string | null; children: ReactNode }) {
  return (
    <Paper radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
      <Grid gap="xl" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CoverImage src={coverUrl} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">{children}</Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** The badges and the page title of a course or trail, with its favorite heart at the side. */
export function DetailTitle({
  kind,
  id,
  title,
  favorite,
  badges,
}: {
  kind: CatalogKind;
  id: number;
  title: string;
  favorite: boolean;
  badges: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>{badges}</Group>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
      </Stack>
      <FavoriteButton kind={kind} id={id} favorite={favorite} title={title} />
    </Group>
  );
}

/** "Workload: 1 hour 30 minutes" with a clock, or nothing when the course has no workload. */
export function WorkloadLine({ minutes }: { minutes: number | null | undefined }) {
  const { t } = useTranslation('learning');
  if (!minutes) return null;
  return (
    <Group gap={6} c="dimmed">
      <IconClock size={16} aria-hidden />
      <Text fz="sm">{t('course.workload', { value: formatWorkload(minutes, t) })}</Text>
    </Group>
  );
}

/** A titled section under the top card (the course content, the trail steps); `id` names it by its title. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
