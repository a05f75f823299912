import { Group, Stack, Text } from '@mantine/core';
import type { SurveyResults } from '@trilha/contracts/surveys';
import { useTranslation } from 'react-i18next';

type Question = SurveyResults['questions'][number];

/** One bar per option: its width is its share of those who answered, its count and share written out. */
export function OptionBars({ question }: { question: Question }) {
  const { t } = useTranslation('surveys');
  const total = Math.max(question.answered, 1);
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {question.options.map((o, i) => {
        const percent = Math.round((o.count / total) * 100);
        return (
          <li key={i}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm">{o.text}</Text>
              <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {t('results.optionValue', { count: o.count, percent })}
              </Text>
            </Group>
            <div
              aria-hidden
              style={{
                height: 10,
                borderRadius: 5,
                background: 'var(--mantine-color-gray-2)',
                overflow: 'hidden',
              }}
            >
              <div
                data-testid="survey-bar"
                style={{
                  width: `${percent}%`,
                  height: '100%',
                  background: 'var(--mantine-primary-color-filled)',
                }}
              />
            </div>
          </li>
        );
      })}
    </Stack>
  );
}
