import { Text } from '@mantine/core';
import { DEFAULT_MIN_SECONDS } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import type { CompletionRule } from './use-completion-reports';

/** Tells the learner what completes the activity when it is not obvious from the content (time, download). */
export function CompletionHint({ rule, completed }: { rule: CompletionRule | null; completed: boolean }) {
  const { t } = useTranslation('learning');
  if (!rule || completed) return null;
  if (rule.mode === 'time') {
    const minutes = Math.max(1, Math.ceil((rule.minSeconds ?? DEFAULT_MIN_SECONDS) / 60));
    return (
      <Text fz="sm" c="dimmed" data-testid="completion-hint">
        {t('player.timeSpent', { minutes })}
      </Text>
    );
  }
  if (rule.mode === 'download') {
    return (
      <Text fz="sm" c="dimmed" data-testid="completion-hint">
        {t('player.downloadToComplete')}
      </Text>
    );
  }
  return null;
}
