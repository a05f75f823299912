import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCourseList, useTrailList } from '../api/catalog';
import { CatalogCard } from '../components/catalog-card';
import { CardGridSkeleton, EmptyList, LoadError } from '../components/catalog-states';
import { ListFiltersPanel } from '../components/list-filters-panel';
import { PaginationBar } from '../../../components/pagination-bar';
import {
  activeFilterCount,
  resetListFilters,
  useListFilters,
  type ListKey,
} from '../filters/list-filters-store';
import { WrapBadge } from '../../../components/wrap-badge';

function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { preventScrollReset: false },
    );
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}

function CourseGrid({ page, setPage }: { page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation('learning');
  const filters = useListFilters('courses');
  const query = useCourseList(filters, page);
  if (query.isPending) return <CardGridSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <Stack gap="lg">
      <Group gap="xs" aria-live="polite">
        <Text fz="sm" c="dimmed" data-testid="list-total">
          {t('list.courseCount', { count: data.total })}
        </Text>
        {data.total ? (
          <>
            <WrapBadge variant="light" color="gray">
              {t('list.notStarted', { count: data.counts.notStarted })}
            </WrapBadge>
            <WrapBadge variant="light" color="blue">
              {t('list.inProgress', { count: data.counts.inProgress })}
            </WrapBadge>
            <WrapBadge variant="light" color="teal">
              {t('list.finished', { count: data.counts.finished })}
            </WrapBadge>
          </>
        ) : null}
      </Group>
      {data.items.length === 0 ? (
        <NoResults list="courses" filtered={activeFilterCount(filters) > 0} onClear={() => setPage(1)} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="lg"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {data.items.map((course) => (
            <CatalogCard
              key={course.id}
              kind="courses"
              id={course.id}
              to={`/online-courses/${course.id}`}
              title={course.title}
              description={course.description}
              coverUrl={course.coverUrl}
              category={course.category}
              favorite={course.favorite}
              progress={course.progress}
              enrolled={course.enrollment.state === 'enrolled'}
              lock={course.lock}
              workloadMinutes={course.workloadMinutes}
            />
          ))}
        </SimpleGrid>
      )}
      <PaginationBar page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
    </Stack>
  );
}

function TrailGrid({ page, setPage }: { page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation('learning');
  const filters = useListFilters('trails');
  const query = useTrailList(filters, page);
  if (query.isPending) return <CardGridSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <Stack gap="lg">
      <Text fz="sm" c="dimmed" aria-live="polite" data-testid="list-total">
        {t('list.trailCount', { count: data.total })}
      </Text>
      {data.items.length === 0 ? (
        <NoResults list="trails" filtered={activeFilterCount(filters) > 0} onClear={() => setPage(1)} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="lg"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {data.items.map((trail) => (
            <CatalogCard
              key={trail.id}
              kind="trails"
              id={trail.id}
              to={`/trails/${trail.id}`}
              title={trail.title}
              description={trail.description}
              coverUrl={trail.coverUrl}
              category={trail.category}
              favorite={trail.favorite}
              progress={trail.progress}
              enrolled={trail.enrollment.state === 'enrolled'}
              itemCount={trail.itemCount}
            />
          ))}
        </SimpleGrid>
      )}
      <PaginationBar page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
    </Stack>
  );
}

function NoResults({ list, filtered, onClear }: { list: ListKey; filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation('learning');
  if (!filtered) {
    return <EmptyList title={t(`list.empty.${list}`)} description={t('list.emptyHint')} />;
  }
  return (
    <EmptyList
      title={t('list.noResults')}
      description={t('list.noResultsHint')}
      action={
        <Button
          variant="light"
          onClick={() => {
            resetListFilters(list);
            onClear();
          }}
        >
          {t('filters.clear')}
        </Button>
      }
    />
  );
}

/** online-courses and trails: the filters, the cards and the pages. */
export function CatalogListPage({ list }: { list: ListKey }) {
  const { t } = useTranslation('learning');
  const filters = useListFilters(list);
  const [page, setPage] = usePageParam();
  return (
    <Stack gap="xl" maw={1280} mx="auto">
      <div>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t(`list.title.${list}`)}
        </Title>
        <Text c="dimmed" mt={4}>
          {t(`list.intro.${list}`)}
        </Text>
      </div>
      <ListFiltersPanel list={list} filters={filters} onChange={() => page !== 1 && setPage(1)} />
      {list === 'courses' ? (
        <CourseGrid page={page} setPage={setPage} />
      ) : (
        <TrailGrid page={page} setPage={setPage} />
      )}
    </Stack>
  );
}

export function CourseListPage() {
  return <CatalogListPage list="courses" />;
}

export function TrailListPage() {
  return <CatalogListPage list="trails" />;
}
