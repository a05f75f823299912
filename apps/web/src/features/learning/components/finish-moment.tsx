import {
  Anchor,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowRight,
  IconAward,
  IconCertificate,
  IconDownload,
  IconExternalLink,
} from '@tabler/icons-react';
import type { AwardTargetType, EarnedResponse } from '@trilha/contracts/rewards/awards';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import {
  downloadEarnedCertificate,
  EARNED_WAIT_MS,
  useEarned,
  useTrailAfterFinish,
} from '../api/rewards-earned';
import classes from './finish-moment.module.css';
import { Celebration } from '../../../components/celebration';

export interface FinishedCourse {
  courseId: number;
  courseTitle: string;
  trailId: number | null;
}

const doneStatuses = ['finished', 'approved', 'improved'];

function EarnedRewards({
  target,
  earned,
  waiting,
}: {
  target: AwardTargetType;
  earned: ReturnType<typeof useEarned>;
  waiting: boolean;
}) {
  const { t } = useTranslation('learning');
  const [busy, setBusy] = useState(false);
  const number = (n: number) => new Intl.NumberFormat(currentLanguage()).format(n);
  const data = earned.data;
  if (earned.isPending || (data?.status === 'pending' && waiting)) {
    return (
      <Group gap="sm" data-testid={`earned-${target}-pending`}>
        <Loader size="sm" aria-hidden />
        <Text fz="sm">{t('finish.calculating')}</Text>
      </Group>
    );
  }
  if (earned.isError || data?.status === 'pending') {
    return (
      <Text fz="sm" data-testid={`earned-${target}-later`}>
        {t('finish.later')}
      </Text>
    );
  }
  if (!data || data.status === 'none') return null;
  const certificate = data.certificate;
  const onPdf = async () => {
    if (!certificate) return;
    setBusy(true);
    try {
      await downloadEarnedCertificate(certificate.id, certificate.code);
    } catch {
      showNotification({ color: 'red', message: t('finish.pdfFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid={`earned-${target}`}>
      {data.points > 0 || data.xp > 0 ? (
        <Group gap="sm" justify="center" wrap="wrap">
          {data.points > 0 ? (
            <Paper className={classes.chip} radius="xl" px="md" py={6}>
              <Text fw={700}>{t('finish.points', { count: data.points, value: number(data.points) })}</Text>
            </Paper>
          ) : null}
          {data.xp > 0 ? (
            <Paper className={classes.chip} radius="xl" px="md" py={6}>
              <Text fw={700}>{t('finish.xp', { value: number(data.xp) })}</Text>
            </Paper>
          ) : null}
        </Group>
      ) : null}
      {data.badge ? (
        <Paper withBorder radius="md" p="sm">
          <Group wrap="nowrap" gap="sm">
            {data.badge.imageUrl ? (
              <Image src={data.badge.imageUrl} alt="" w={56} h={56} fit="contain" />
            ) : (
              <ThemeIcon size={56} radius={56} variant="light" aria-hidden>
                <IconAward size={32} />
              </ThemeIcon>
            )}
            <div style={{ minWidth: 0 }}>
              <Text fz="xs" c="dimmed">
                {t('finish.badge')}
              </Text>
              <Text fw={700}>{data.badge.name}</Text>
            </div>
          </Group>
        </Paper>
      ) : null}
      {certificate ? (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <IconCertificate size={22} aria-hidden />
              <Text fw={700}>{t('finish.certificate')}</Text>
            </Group>
            <Group gap="sm" wrap="wrap">
              <Button
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                loading={busy}
                onClick={() => void onPdf()}
              >
                {t('finish.downloadCertificate')}
              </Button>
              <Anchor component={Link} to={`/certificates/${encodeURIComponent(certificate.code)}`} fz="sm">
                <Group gap={4} component="span">
                  {t('finish.verifyCertificate')}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** The sentence a screen reader hears once the rewards are known. */
function earnedSentence(
  t: ReturnType<typeof useTranslation<'learning'>>['t'],
  data: EarnedResponse | undefined,
): string {
  if (data?.status !== 'granted') return '';
  const parts = [
    data.points > 0 ? t('finish.points', { count: data.points, value: String(data.points) }) : null,
    data.xp > 0 ? t('finish.xp', { value: String(data.xp) }) : null,
    data.badge ? `${t('finish.badge')}: ${data.badge.name}` : null,
    data.certificate ? t('finish.certificate') : null,
  ].filter(Boolean);
  return parts.length ? t('finish.announceEarned', { items: parts.join(', ') }) : '';
}

/**
 * The moment a course (and perhaps its trail) is finished in this session: a dialog with what was earned
 * (asked again while the grant is pending, for at most twenty seconds), the certificate and badge, and
 * where to go next. The confetti and the medal's entrance are CSS only and stay still for people who ask
 * for reduced motion.
 */
export function FinishMoment({
  finished,
  onClose,
  waitMs = EARNED_WAIT_MS,
}: {
  finished: FinishedCourse | null;
  onClose: () => void;
  /** How long a pending grant is waited for before the dialog says the rewards will come later. */
  waitMs?: number;
}) {
  const { t } = useTranslation('learning');
  const key = finished ? `${finished.trailId}-${finished.courseId}` : null;
  // The finish whose twenty seconds of waiting for its grant are over.
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  const waiting = key !== null && waitedFor !== key;
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setWaitedFor(key), waitMs);
    return () => clearTimeout(timer);
  }, [key, waitMs]);

  const trail = useTrailAfterFinish(finished?.trailId ?? null);
  const trailDone = Boolean(trail.data && doneStatuses.includes(trail.data.progress.status));
  const courseEarned = useEarned('course', finished?.courseId ?? null, waiting);
  const trailEarned = useEarned('trail', trailDone ? (finished?.trailId ?? null) : null, waiting);

  const next = trail.data?.items.find(
    (item) =>
      item.kind === 'course' &&
      item.itemId !== finished?.courseId &&
      !doneStatuses.includes(item.progress.status) &&
      !item.lock.locked,
  );
  const backTo = finished?.trailId
    ? trailDone
      ? '/trails'
      : `/trails/${finished.trailId}`
    : '/online-courses';

  const announcement = finished
    ? [
        t(trailDone ? 'finish.announceTrail' : 'finish.announceCourse', {
          title: trailDone && trail.data ? trail.data.title : finished.courseTitle,
        }),
        earnedSentence(t, courseEarned.data),
        earnedSentence(t, trailEarned.data),
      ]
        .filter(Boolean)
        .join(' ')
    : '';

  return (
    <>
      <VisuallyHidden role="status" aria-live="polite" data-testid="finish-announcement">
        {announcement}
      </VisuallyHidden>
      <Modal
        opened={finished !== null}
        onClose={onClose}
        centered
        size="md"
        radius="lg"
        title={trailDone ? t('finish.trailTitle') : t('finish.courseTitle')}
        closeButtonProps={{ 'aria-label': t('finish.close') }}
        classNames={{ content: classes.content, title: classes.title }}
      >
        {finished ? (
          <Stack gap="md" align="stretch" ta="center" pos="relative">
            <Celebration>
              <IconAward size={48} stroke={1.6} />
            </Celebration>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {trailDone && trail.data
                ? t('finish.trailText', { trail: trail.data.title, course: finished.courseTitle })
                : t('finish.courseText', { course: finished.courseTitle })}
            </Text>
            <EarnedRewards target="course" earned={courseEarned} waiting={waiting} />
            {trailDone ? <EarnedRewards target="trail" earned={trailEarned} waiting={waiting} /> : null}
            <Stack gap="xs" mt="sm">
              {next && finished.trailId ? (
                <Button
                  component={Link}
                  to={`/trails/${finished.trailId}/course/${next.itemId}`}
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                  data-autofocus
                >
                  {t('finish.nextCourse', { title: next.title })}
                </Button>
              ) : (
                <Button component={Link} to={backTo} data-autofocus>
                  {finished.trailId && !trailDone ? t('finish.backToTrail') : t('finish.backToCatalog')}
                </Button>
              )}
              <Group grow gap="xs">
                <Button component={Link} to="/profile?tab=points" variant="light">
                  {t('finish.seeRewards')}
                </Button>
                <Button variant="default" onClick={onClose}>
                  {t('finish.close')}
                </Button>
              </Group>
            </Stack>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
