import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconListDetails, IconPlus, IconRoute, IconSchool, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { courseApi, trailApi, useAdminCourses, useAdminTrails } from '../api/admin';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';

function CreateModal({
  kind,
  opened,
  onClose,
}: {
  kind: 'course' | 'trail';
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('learning-admin');
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const created =
        kind === 'course' ? await courseApi.create({ title }) : await trailApi.create({ title });
      void navigate(`/admin/content/${kind === 'course' ? 'courses' : 'trails'}/${created.id}`);
    } catch (e) {
      setError(apiErrorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind === 'course' ? t('list.newCourse') : t('list.newTrail')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Stack>
          <TextInput
            label={t('course.title')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            maxLength={200}
            data-autofocus
            data-testid="new-title"
          />
          {error ? (
            <Text c="red.8" fz="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!title.trim()}>
              {t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The first two cells of a course or trail row: the title, a link to its editor, and published or draft. */
function TitleAndStatusCells({ to, row }: { to: string; row: { title: string; published: boolean } }) {
  const { t } = useTranslation('learning-admin');
  return (
    <>
      <Table.Td>
        <Text component={Link} to={to} fw={500} c="var(--mantine-primary-color-filled)">
          {row.title}
        </Text>
      </Table.Td>
      <Table.Td>
        <WrapBadge color={row.published ? 'teal' : 'gray'} variant="light">
          {row.published ? t('list.publishedOne') : t('list.draft')}
        </WrapBadge>
      </Table.Td>
    </>
  );
}

function CourseTable() {
  const { t } = useTranslation('learning-admin');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [published, setPublished] = useState('all');
  const [page, setPage] = useState(1);
  const [opened, modal] = useDisclosure(false);
  const query = useAdminCourses(debounced, published, page);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group wrap="wrap">
          <TextInput
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            type="search"
          />
          <SegmentedControl
            value={published}
            onChange={(v) => {
              setPublished(v);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('list.all') },
              { value: 'published', label: t('list.published') },
              { value: 'draft', label: t('list.drafts') },
            ]}
            aria-label={t('list.status')}
          />
        </Group>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={modal.open}
          data-testid="new-course"
        >
          {t('list.newCourse')}
        </Button>
      </Group>
      <PagedList query={query} page={page} onPage={setPage} emptyText={t('list.noCourses')}>
        {(data) => (
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.course')}</Table.Th>
                <Table.Th>{t('list.status')}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t('list.activities')}
                </Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t('list.enrollments')}
                </Table.Th>
                <Table.Th>{t('list.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((course) => (
                <Table.Tr key={course.id}>
                  <TitleAndStatusCells to={`/admin/content/courses/${course.id}`} row={course} />
                  <Table.Td ta="right" visibleFrom="sm">
                    {course.activityCount}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {course.enrollmentCount}
                  </Table.Td>
                  <Table.Td>{formatDate(course.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <CreateModal kind="course" opened={opened} onClose={modal.close} />
    </Stack>
  );
}

function TrailTable() {
  const { t } = useTranslation('learning-admin');
  const [page, setPage] = useState(1);
  const [opened, modal] = useDisclosure(false);
  const query = useAdminTrails(page);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={modal.open} data-testid="new-trail">
          {t('list.newTrail')}
        </Button>
      </Group>
      <PagedList query={query} page={page} onPage={setPage} emptyText={t('list.noTrails')}>
        {(data) => (
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.trail')}</Table.Th>
                <Table.Th>{t('list.status')}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t('list.courses')}
                </Table.Th>
                <Table.Th>{t('list.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((trail) => (
                <Table.Tr key={trail.id}>
                  <TitleAndStatusCells to={`/admin/content/trails/${trail.id}`} row={trail} />
                  <Table.Td ta="right" visibleFrom="sm">
                    {trail.itemCount}
                  </Table.Td>
                  <Table.Td>{formatDate(trail.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <CreateModal kind="trail" opened={opened} onClose={modal.close} />
    </Stack>
  );
}

/** /admin/content: the learning back office, courses and trails. */
export default function ContentPage() {
  const { t } = useTranslation('learning-admin');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'trails' ? 'trails' : 'courses';
  const { t: tBank } = useTranslation('question-bank');
  const { t: tSurveys } = useTranslation('surveys');
  const { t: tDaily } = useTranslation('daily-challenge');
  const canAuthor = useCan('learning.author');
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {t('title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('intro')}
          </Text>
        </div>
        {canAuthor ? (
          <Button
            component={Link}
            to="/admin/content/question-bank"
            variant="default"
            leftSection={<IconListDetails size={18} aria-hidden />}
          >
            {tBank('link')}
          </Button>
        ) : null}
        {canAuthor ? (
          <Button
            component={Link}
            to="/admin/content/surveys"
            variant="default"
            leftSection={<IconListDetails size={18} aria-hidden />}
          >
            {tSurveys('admin.open')}
          </Button>
        ) : null}
        {canAuthor ? (
          <Button
            component={Link}
            to="/admin/content/daily-challenge"
            variant="default"
            leftSection={<IconListDetails size={18} aria-hidden />}
          >
            {tDaily('admin.open')}
          </Button>
        ) : null}
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'trails' ? { tab: 'trails' } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="courses" leftSection={<IconSchool size={16} aria-hidden />}>
            {t('list.coursesTab')}
          </Tabs.Tab>
          <Tabs.Tab value="trails" leftSection={<IconRoute size={16} aria-hidden />}>
            {t('list.trailsTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="courses" pt="md">
          <CourseTable />
        </Tabs.Panel>
        <Tabs.Panel value="trails" pt="md">
          <TrailTable />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
