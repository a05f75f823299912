import {
  Alert,
  Anchor,
  Breadcrumbs,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';
import { apiErrorText } from '../../../lib/form-errors';
import { useAssessedCourse, useAssessedCourses } from '../api/assessed-courses';
import { TestsPanel } from '../components/course-tests-panel';

const SEARCH_MAX = 200;

/** /admin/assessments: the client's courses that have tests, with what waits for the instructor. */
function AssessedCourseList() {
  const { t } = useTranslation(['assessments-player', 'admin']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useAssessedCourses(debounced, page);
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t('admin:areas.assessments')}</Title>
        <Text c="dimmed" mt={4}>
          {t('instructor.intro')}
        </Text>
      </div>
      <TextInput
        aria-label={t('instructor.search')}
        placeholder={t('instructor.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={SEARCH_MAX}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        type="search"
        maw={420}
      />
      <PagedList
        query={query}
        page={page}
        onPage={setPage}
        emptyText={debounced ? t('instructor.noMatch') : t('instructor.empty')}
        scrollLabel={t('instructor.courses')}
      >
        {(data) => (
          <Table verticalSpacing="sm" highlightOnHover miw={360} data-testid="assessed-courses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('instructor.course')}</Table.Th>
                <Table.Th ta="right">{t('instructor.tests')}</Table.Th>
                <Table.Th>{t('instructor.waiting')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((course) => (
                <Table.Tr key={course.id}>
                  <Table.Td>
                    <Text
                      component={Link}
                      to={`/admin/assessments/${course.id}`}
                      fw={500}
                      c="var(--mantine-primary-color-filled)"
                    >
                      {course.title}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{course.tests.length}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {course.pendingGrading > 0 ? (
                        <WrapBadge variant="light" color="orange">
                          {t('instructor.pendingGrading', { count: course.pendingGrading })}
                        </WrapBadge>
                      ) : null}
                      {course.blocked > 0 ? (
                        <WrapBadge variant="light" color="red">
                          {t('instructor.blocked', { count: course.blocked })}
                        </WrapBadge>
                      ) : null}
                      {course.pendingGrading === 0 && course.blocked === 0 ? (
                        <Text fz="sm" c="dimmed">
                          {t('instructor.nothingWaiting')}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
    </Stack>
  );
}

/** /admin/assessments/{courseId}: one course's tests, attempts and blocked learners. */
function AssessedCourseScreen({ courseId }: { courseId: number }) {
  const { t } = useTranslation(['assessments-player', 'admin']);
  const query = useAssessedCourse(courseId);
  const crumbs = (current: string | null) => (
    <Breadcrumbs>
      <Anchor component={Link} to="/admin/assessments" fz="sm">
        {t('admin:areas.assessments')}
      </Anchor>
      {current ? (
        <Text fz="sm" c="dimmed" aria-current="page">
          {current}
        </Text>
      ) : null}
    </Breadcrumbs>
  );
  if (query.isPending) return <Loader aria-label={t('instructor.loading')} />;
  if (query.isError) {
    return (
      <Stack gap="lg">
        {crumbs(null)}
        <Alert color="red" role="alert">
          {apiErrorText(query.error)}
        </Alert>
      </Stack>
    );
  }
  const { course } = query.data;
  return (
    <Stack gap="lg" maw={1200}>
      {crumbs(course.title)}
      <Paper radius="md" p="md" withBorder>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {course.title}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('instructor.testCount', { count: course.tests.length })}
        </Text>
      </Paper>
      <TestsPanel courseId={course.id} tests={course.tests} />
    </Stack>
  );
}

/** The instructors' screen (capability `learning.instructor`): attempts, essay grades and unblocks. */
export default function AssessmentsPage() {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? (
    <AssessedCourseScreen key={id} courseId={id} />
  ) : (
    <AssessedCourseList />
  );
}
