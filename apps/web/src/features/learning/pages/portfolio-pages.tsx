import {
  Anchor,
  Avatar,
  Breadcrumbs,
  Button,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClock, IconLogin, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { PORTFOLIO_PAGE_SIZE, useAboutTeam, usePortfolio, usePortfolioCourse } from '../api/portfolio';
import { ActivityKindIcon } from '../components/activity-kind-icon';
import { formatWorkload } from '../components/catalog-card';
import { CardGridSkeleton, EmptyList, LoadError } from '../components/catalog-states';
import { CoverImage } from '../components/cover-image';
import { DetailHero, DetailSection, WorkloadLine } from '../components/detail-layout';
import { PaginationBar } from '../../../components/pagination-bar';
import classes from '../components/catalog-card.module.css';
import { WrapBadge } from '../../../components/wrap-badge';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NOT_FOUND';
}

/** The portfolio's own sign-in link: login with `?signin`, so the login screen does not send back here. */
const SIGN_IN = '/?signin=1';

function SignInButton() {
  const { t } = useTranslation('auth');
  return (
    <Button component={Link} to={SIGN_IN} leftSection={<IconLogin size={18} aria-hidden />}>
      {t('portfolio.signIn')}
    </Button>
  );
}

/** portfolio: the public catalogue of courses, searchable, paginated. */
export function PortfolioPage() {
  const { t } = useTranslation('learning');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search, 350);
  const query = usePortfolio(debounced, page);
  const setPage = (next: number) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('page', String(next));
      return copy;
    });
    window.scrollTo({ top: 0 });
  };
  return (
    <Stack gap="xl" py="xl">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('portfolio.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('portfolio.intro')}
          </Text>
        </div>
        <SignInButton />
      </Group>
      {query.isError && isNotFound(query.error) ? null : (
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchCourses')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          type="search"
          maxLength={100}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            if (page !== 1) setPage(1);
          }}
          maw={480}
        />
      )}
      {query.isPending ? (
        <CardGridSkeleton />
      ) : query.isError ? (
        isNotFound(query.error) ? (
          // The site's portfolio is switched off: nothing public to list, signing in is the way in.
          <EmptyList title={t('portfolio.closed')} description={t('portfolio.closedHint')} />
        ) : (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : query.data.items.length === 0 ? (
        <EmptyList title={t('portfolio.empty')} description={t('portfolio.emptyHint')} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {query.data.items.map((course) => (
              <Card
                key={course.id}
                shadow="xs"
                radius="md"
                padding="md"
                className={classes.card}
                component="article"
              >
                <Card.Section>
                  <CoverImage src={course.coverUrl} />
                </Card.Section>
                <Stack gap="xs" mt="md">
                  {course.category ? (
                    <WrapBadge variant="outline" color="gray" size="sm" tt="none" w="fit-content">
                      {course.category}
                    </WrapBadge>
                  ) : null}
                  <Text
                    component={Link}
                    to={`/portfolio-course/${course.slug}`}
                    fw={600}
                    fz="lg"
                    className={classes.title}
                  >
                    {course.title}
                  </Text>
                  <Text fz="sm" c="dimmed" lineClamp={3}>
                    {course.description}
                  </Text>
                  {course.workloadMinutes ? (
                    <Group gap={4} c="dimmed">
                      <IconClock size={14} aria-hidden />
                      <Text fz="xs">{formatWorkload(course.workloadMinutes, t)}</Text>
                    </Group>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <PaginationBar
            page={query.data.page}
            pageSize={PORTFOLIO_PAGE_SIZE}
            total={query.data.total}
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}

/** portfolio-course/{slug}: one public course (the id is the part after `-id-`) and how to start it. */
export function PortfolioCoursePage() {
  const { t } = useTranslation('learning');
  const { slug = '' } = useParams();
  const query = usePortfolioCourse(slug);
  if (query.isPending) {
    return (
      <Stack py="xl" aria-busy="true" aria-label={t('states.loading')}>
        <Skeleton h={260} radius="lg" />
        <Skeleton h={160} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack py="xl">
        <LoadError error={query.error} />
        <Anchor component={Link} to="/portfolio">
          {t('portfolio.back')}
        </Anchor>
      </Stack>
    );
  }
  const course = query.data;
  return (
    <Stack gap="xl" py="xl">
      <Breadcrumbs>
        <Anchor component={Link} to="/portfolio" fz="sm">
          {t('portfolio.title')}
        </Anchor>
        <Text fz="sm" c="dimmed" aria-current="page">
          {course.title}
        </Text>
      </Breadcrumbs>
      <DetailHero coverUrl={course.coverUrl}>
        <Group gap={6}>
          <WrapBadge variant="light" tt="none">
            {course.clientName}
          </WrapBadge>
          {course.category ? (
            <WrapBadge variant="outline" color="gray" tt="none">
              {course.category}
            </WrapBadge>
          ) : null}
        </Group>
        <Title order={1}>{course.title}</Title>
        <WorkloadLine minutes={course.workloadMinutes} />
        <Text style={{ whiteSpace: 'pre-line' }}>{course.description}</Text>
        <Text fz="sm" c="dimmed">
          {t('portfolio.signInToStart')}
        </Text>
        <Group>
          <SignInButton />
        </Group>
      </DetailHero>
      <DetailSection id="portfolio-content" title={t('course.content')}>
        {course.modules.map((module, index) => (
          <Paper key={`${index}-${module.title}`} withBorder radius="md" p="md">
            <Title order={3} fz="md" mb="xs">
              {t('course.module', { position: index + 1, title: module.title })}
            </Title>
            <List spacing="xs" listStyleType="none">
              {module.activities.map((activity) => {
                return (
                  <List.Item
                    key={activity.hierarchyOrder}
                    icon={
                      <ThemeIcon variant="light" size={28} radius="md" aria-hidden>
                        <ActivityKindIcon kind={activity.kind} size={16} />
                      </ThemeIcon>
                    }
                  >
                    <Text fz="sm">
                      {activity.hierarchyOrder} · {activity.title}{' '}
                      <Text span c="dimmed" fz="xs">
                        ({t(`kinds.${activity.kind}`)})
                      </Text>
                    </Text>
                  </List.Item>
                );
              })}
            </List>
          </Paper>
        ))}
      </DetailSection>
    </Stack>
  );
}

/** about-team: who runs the program. */
export function AboutTeamPage() {
  const { t } = useTranslation('learning');
  const query = useAboutTeam();
  return (
    <Stack gap="xl" py="xl">
      <div>
        <Title order={1}>{t('team.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('team.intro')}
        </Text>
      </div>
      {query.isPending ? (
        <CardGridSkeleton count={3} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.members.length === 0 ? (
        <EmptyList title={t('team.empty')} description={t('team.emptyHint')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {query.data.members.map((member) => (
            <Card key={member.name} shadow="xs" radius="md" padding="lg">
              <Stack align="center" gap="xs" ta="center">
                <Avatar
                  src={member.photoUrl}
                  size={88}
                  radius={88}
                  name={member.name}
                  color="initials"
                  alt=""
                />
                <Text fw={600} fz="lg">
                  {member.name}
                </Text>
                <WrapBadge variant="light" tt="none">
                  {member.role}
                </WrapBadge>
                <Text fz="sm" c="dimmed">
                  {member.bio}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
