import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { attemptStatuses, type AttemptStatus } from '@trilha/contracts/assessments/attempts';
import type { AdminCourse } from '@trilha/contracts/learning';
import { isTestActivityKind } from '@trilha/contracts/learning/test-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';
import { apiErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/i18n';
import { useCourseBlocks, useTestAttempts, useUnblock } from '../api/assessments';
import { AttemptDetailModal, formatDuration } from './attempt-detail-modal';

const REASON_MIN = 3;
const REASON_MAX = 500;

function UnblockModal({
  courseId,
  learner,
  onClose,
}: {
  courseId: number;
  learner: { id: number; name: string } | null;
  onClose: (unblocked: boolean) => void;
}) {
  const { t } = useTranslation('assessments-player');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const unblock = useUnblock(courseId);
  const short = reason.trim().length < REASON_MIN;
  const close = (unblocked: boolean) => {
    setReason('');
    setTried(false);
    unblock.reset();
    onClose(unblocked);
  };
  return (
    <Modal
      opened={learner !== null}
      onClose={() => close(false)}
      title={learner ? t('admin.unblockTitle', { name: learner.name }) : ''}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Text fz="sm">{t('admin.unblockText')}</Text>
        <Textarea
          label={t('admin.reason')}
          description={t('admin.reasonHint')}
          required
          autosize
          minRows={3}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={tried && short ? t('admin.reasonError', { min: REASON_MIN }) : undefined}
          data-autofocus
        />
        {unblock.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(unblock.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close(false)}>
            {t('admin.cancel')}
          </Button>
          <Button
            loading={unblock.isPending}
            data-testid="confirm-unblock"
            onClick={() => {
              setTried(true);
              if (short || !learner) return;
              unblock.mutate({ userId: learner.id, reason: reason.trim() }, { onSuccess: () => close(true) });
            }}
          >
            {t('admin.unblock')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function BlockedLearners({ courseId }: { courseId: number }) {
  const { t } = useTranslation('assessments-player');
  const [page, setPage] = useState(1);
  const blocks = useCourseBlocks(courseId, page);
  const [learner, setLearner] = useState<{ id: number; name: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('admin.blockedTitle')}
      </Title>
      {message ? (
        <Alert
          color="teal"
          role="status"
          withCloseButton
          onClose={() => setMessage(null)}
          closeButtonLabel={t('actions.close')}
        >
          {message}
        </Alert>
      ) : null}
      <PagedList
        query={blocks}
        page={page}
        onPage={setPage}
        emptyText={t('admin.noBlocked')}
        scrollLabel={t('admin.blockedTitle')}
      >
        {(data) => (
          <Table miw={520} verticalSpacing="xs" data-testid="blocked-learners">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.learner')}</Table.Th>
                <Table.Th>{t('admin.blockedBy')}</Table.Th>
                <Table.Th>{t('admin.blockedAt')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((b) => (
                <Table.Tr key={`${b.user.id}-${b.activityId}`}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {b.user.name}
                    </Text>
                    {b.user.email ? (
                      <Text fz="xs" c="dimmed">
                        {b.user.email}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{b.activityTitle}</Table.Td>
                  <Table.Td>{formatDate(b.blockedAt)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setLearner({ id: b.user.id, name: b.user.name })}
                      aria-label={t('admin.unblockNamed', { name: b.user.name })}
                    >
                      {t('admin.unblock')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <UnblockModal
        courseId={courseId}
        learner={learner}
        onClose={(unblocked) => {
          if (unblocked && learner) setMessage(t('admin.unblocked', { name: learner.name }));
          setLearner(null);
        }}
      />
    </Stack>
  );
}

function TestAttempts({ activityId }: { activityId: number }) {
  const { t } = useTranslation('assessments-player');
  const [status, setStatus] = useState<'all' | AttemptStatus>('all');
  const [page, setPage] = useState(1);
  const attempts = useTestAttempts(activityId, status, page);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack gap="sm">
      <Select
        label={t('admin.statusFilter')}
        data={[
          { value: 'all', label: t('admin.allStatuses') },
          ...attemptStatuses.map((s) => ({ value: s, label: t(`attemptStatus.${s}`) })),
        ]}
        value={status}
        onChange={(v) => {
          setStatus((v ?? 'all') as typeof status);
          setPage(1);
        }}
        allowDeselect={false}
        maw={280}
      />
      <PagedList
        query={attempts}
        page={page}
        onPage={setPage}
        emptyText={t('admin.noAttempts')}
        scrollLabel={t('admin.attempts')}
      >
        {(data) => (
          <Table miw={720} verticalSpacing="xs" data-testid="test-attempts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.learner')}</Table.Th>
                <Table.Th>{t('intro.attempt')}</Table.Th>
                <Table.Th>{t('admin.started')}</Table.Th>
                <Table.Th>{t('admin.time')}</Table.Th>
                <Table.Th>{t('result.scoreLabel')}</Table.Th>
                <Table.Th>{t('intro.outcome')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {a.user.name}
                    </Text>
                    {a.user.email ? (
                      <Text fz="xs" c="dimmed">
                        {a.user.email}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{a.number}</Table.Td>
                  <Table.Td>{formatDate(a.startedAt)}</Table.Td>
                  <Table.Td>{formatDuration(a.durationSeconds)}</Table.Td>
                  <Table.Td>
                    {a.score === null ? '—' : `${Math.round(a.score)}%`} ·{' '}
                    {t('result.correctValue', { correct: a.correctCount, total: a.questionCount })}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <WrapBadge
                        variant="light"
                        color={a.passed === null ? 'gray' : a.passed ? 'teal' : 'red'}
                      >
                        {t(`attemptStatus.${a.passed === null ? a.status : a.passed ? 'passed' : 'failed'}`)}
                      </WrapBadge>
                      {a.essaysPending > 0 ? (
                        <WrapBadge variant="light" color="orange">
                          {t('admin.essaysPending', { count: a.essaysPending })}
                        </WrapBadge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setOpen(a.id)}
                      aria-label={t(a.essaysPending > 0 ? 'admin.gradeNamed' : 'admin.openNamed', {
                        name: a.user.name,
                        number: a.number,
                      })}
                    >
                      {a.essaysPending > 0 ? t('admin.grade') : t('admin.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <AttemptDetailModal attemptId={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** A test as the panel lists it. */
export interface PanelTest {
  id: number;
  title: string;
  hierarchyOrder: string;
}

/**
 * A course's tests in the back office: each test's attempts (answers, score, time, essay grading) and who
 * is blocked. Shown by the course editor's Tests tab and by the instructors' screen.
 */
export function TestsPanel({ courseId, tests }: { courseId: number; tests: readonly PanelTest[] }) {
  const { t } = useTranslation('assessments-player');
  const [chosen, setChosen] = useState<number | null>(tests[0]?.id ?? null);
  const activityId = tests.some((a) => a.id === chosen) ? chosen : (tests[0]?.id ?? null);
  return (
    <Stack gap="xl" data-testid="course-tests">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('admin.attempts')}
        </Title>
        {tests.length === 0 ? (
          <Text c="dimmed">{t('admin.noTests')}</Text>
        ) : (
          <>
            <Select
              label={t('admin.test')}
              data={tests.map((a) => ({ value: String(a.id), label: `${a.hierarchyOrder} · ${a.title}` }))}
              value={activityId === null ? null : String(activityId)}
              onChange={(v) => v && setChosen(Number(v))}
              allowDeselect={false}
              maw={480}
            />
            {activityId !== null ? <TestAttempts key={activityId} activityId={activityId} /> : null}
          </>
        )}
      </Stack>
      <BlockedLearners courseId={courseId} />
    </Stack>
  );
}

/** The course editor's Tests tab: the course's test activities in the panel. */
export function CourseTestsPanel({ course }: { course: AdminCourse }) {
  const tests = course.modules.flatMap((m) => m.activities).filter((a) => isTestActivityKind(a.kind));
  return <TestsPanel courseId={course.id} tests={tests} />;
}
