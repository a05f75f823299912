import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCourseList, useTrailList } from '../api/catalog';
import { CatalogCard } from '../components/catalog-card';
import { CatalogGrid } from '../components/catalog-grid';
import { ListFiltersPanel } from '../components/list-filters-panel';
import { activeFilterCount, useListFilters, type ListKey } from '../filters/list-filters-store';
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
  return (
    <CatalogGrid
      list="courses"
      query={query}
      filtered={activeFilterCount(filters) > 0}
      onPage={setPage}
      summary={(data) => (
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
      )}
      card={(course) => (
        <CatalogCard
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
      )}
    />
  );
}

function TrailGrid({ page, setPage }: { page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation('learning');
  const filters = useListFilters('trails');
  const query = useTrailList(filters, page);
  return (
    <CatalogGrid
      list="trails"
      query={query}
      filtered={activeFilterCount(filters) > 0}
      onPage={setPage}
      summary={(data) => (
        <Text fz="sm" c="dimmed" aria-live="polite" data-testid="list-total">
          {t('list.trailCount', { count: data.total })}
        </Text>
      )}
      card={(trail) => (
        <CatalogCard
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
      )}
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
