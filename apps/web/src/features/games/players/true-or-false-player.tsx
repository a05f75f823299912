import { Alert, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GamePlayerProps } from './types';

interface Answered {
  correct: boolean;
  feedback: string;
}

/**
 * True or false: statements answered in a row. Each answer is told right or wrong at once, with the
 * author's explanation, before the next statement.
 */
export function TrueOrFalsePlayer({ view, onMove }: GamePlayerProps<'true_or_false'>) {
  const { t } = useTranslation('games');
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const next = useRef<HTMLButtonElement>(null);
  const statement = view.statements[index];
  useEffect(() => {
    if (answered) next.current?.focus();
  }, [answered]);

  if (!statement) return <Text c="dimmed">{t('trueFalse.allAnswered')}</Text>;
  const last = index === view.statements.length - 1;

  const answer = (value: boolean) => {
    if (busy || answered) return;
    setBusy(true);
    onMove({ statementId: statement.id, answer: value }).then(
      (feedback) => {
        setAnswered({ correct: feedback.correct, feedback: feedback.feedback ?? '' });
        setBusy(false);
      },
      () => setBusy(false),
    );
  };

  return (
    <Stack gap="md">
      <Text fz="sm" data-testid="statement-progress">
        {t('trueFalse.progress', { number: index + 1, total: view.statements.length })}
      </Text>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          {statement.imageUrl ? (
            <Image src={statement.imageUrl} alt="" radius="sm" mah={200} fit="contain" />
          ) : null}
          <Text fz="lg" fw={600} data-testid="statement">
            {statement.text}
          </Text>
        </Stack>
      </Paper>
      {answered ? (
        <Stack gap="sm">
          <Alert
            role="status"
            color={answered.correct ? 'teal' : 'red'}
            icon={answered.correct ? <IconCheck size={20} aria-hidden /> : <IconX size={20} aria-hidden />}
            title={answered.correct ? t('trueFalse.right') : t('trueFalse.wrong')}
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            data-testid="statement-feedback"
          >
            {answered.feedback}
          </Alert>
          {!last ? (
            <Group>
              <Button
                ref={next}
                rightSection={<IconArrowRight size={18} aria-hidden />}
                onClick={() => {
                  setAnswered(null);
                  setIndex((i) => i + 1);
                }}
              >
                {t('trueFalse.next')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : (
        <Group grow>
          <Button size="lg" color="teal.9" onClick={() => answer(true)} loading={busy}>
            {t('trueFalse.true')}
          </Button>
          <Button size="lg" color="red.9" onClick={() => answer(false)} loading={busy}>
            {t('trueFalse.false')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
