import { Anchor, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconLock } from '@tabler/icons-react';
import type { StoreItemDetail } from '@trilha/contracts/store';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePoints } from './format';

/**
 * What the learner still needs before redeeming: points, courses, the program's level, stock, the
 * category's maximum, dates.
 */
export function Requirements({ detail }: { detail: StoreItemDetail }) {
  const { t } = useTranslation('store');
  const { points } = usePoints();
  const { missing } = detail;
  const lines: { key: string; text: React.ReactNode }[] = [];
  if (missing.notAvailableNow) lines.push({ key: 'dates', text: t('needs.notAvailableNow') });
  if (missing.outOfStock) lines.push({ key: 'stock', text: t('needs.outOfStock') });
  if (missing.points > 0)
    lines.push({ key: 'points', text: t('needs.points', { points: points(missing.points) }) });
  missing.courseIds.forEach((courseId, i) =>
    lines.push({
      key: `course-${courseId}`,
      text: (
        <>
          {t('needs.course')}{' '}
          <Anchor component={Link} to={`/online-courses/${courseId}`}>
            {missing.courseIds.length > 1 ? t('needs.openCourseN', { n: i + 1 }) : t('needs.openCourse')}
          </Anchor>
        </>
      ),
    }),
  );
  if (missing.level)
    lines.push({
      key: 'level',
      text: missing.level.name ? t('needs.level', { level: missing.level.name }) : t('needs.levelGone'),
    });
  if (missing.categoryLimitReached) lines.push({ key: 'limit', text: t('needs.categoryLimit') });

  if (lines.length === 0) {
    return (
      <Text c="teal.8" fw={600} data-testid="can-redeem">
        <IconCheck size={16} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
        {t('needs.ready')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="requirements">
      <Text fw={600}>{t('needs.title')}</Text>
      <List
        spacing={4}
        icon={
          <ThemeIcon size={20} radius="xl" color="orange" variant="light">
            <IconLock size={12} aria-hidden />
          </ThemeIcon>
        }
      >
        {lines.map((line) => (
          <List.Item key={line.key}>{line.text}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
