import { Text } from '@mantine/core';
import type { ProgressStatus } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';

/** The statuses tests give a course or trail, each with what the learner can do next. */
const testStatuses = ['approved', 'reproved', 'blocked', 'restarted', 'improved'] as const;
type TestStatus = (typeof testStatuses)[number];
export const isTestStatus = (status: ProgressStatus): status is TestStatus =>
  (testStatuses as readonly string[]).includes(status);

/** One line under a course's or trail's status: what a test's outcome lets the learner do now. */
export function StatusHint({ status, kind }: { status: ProgressStatus; kind: 'course' | 'trail' }) {
  const { t } = useTranslation('assessments-player');
  if (!isTestStatus(status)) return null;
  return (
    <Text fz="sm" c={status === 'blocked' ? 'red.9' : 'dimmed'} data-testid="status-hint">
      {t(`statusHint.${kind}.${status}`)}
    </Text>
  );
}
