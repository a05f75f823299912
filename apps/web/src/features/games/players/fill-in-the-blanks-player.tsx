import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../games.module.css';
import type { GamePlayerProps } from './types';

type GapState = 'right' | 'wrong' | 'checking';

/**
 * Fill in the blanks: the learner types the missing words of a text. "Check" (or Enter in a gap) sends
 * each typed, unchecked gap; a right one locks, a wrong one is an error and may be typed again.
 */
export function FillInTheBlanksPlayer({ view, onMove }: GamePlayerProps<'fill_in_the_blanks'>) {
  const { t } = useTranslation('games');
  const [values, setValues] = useState<Record<string, string>>({});
  const [states, setStates] = useState<Record<string, GapState>>({});
  const gaps = view.parts.filter((p) => p.type === 'gap');
  const number = (id: string) => gaps.findIndex((g) => g.id === id) + 1;

  const checkOne = (gapId: string) => {
    const value = (values[gapId] ?? '').trim();
    if (!value || states[gapId] === 'right' || states[gapId] === 'checking') return;
    setStates((now) => ({ ...now, [gapId]: 'checking' }));
    onMove({ gapId, value }).then(
      (feedback) => setStates((now) => ({ ...now, [gapId]: feedback.correct ? 'right' : 'wrong' })),
      () =>
        setStates((now) => {
          const next = { ...now };
          delete next[gapId];
          return next;
        }),
    );
  };
  const checkAll = () => gaps.forEach((gap) => checkOne(gap.id));
  const ready = gaps.some(
    (gap) => (values[gap.id] ?? '').trim() && states[gap.id] !== 'right' && states[gap.id] !== 'checking',
  );

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" className={classes.text}>
        {view.parts.map((part, i) =>
          part.type === 'text' ? (
            <Fragment key={i}>{part.text}</Fragment>
          ) : (
            <TextInput
              key={part.id}
              display="inline-block"
              w={140}
              mx={4}
              size="sm"
              value={values[part.id] ?? ''}
              readOnly={states[part.id] === 'right'}
              error={states[part.id] === 'wrong'}
              aria-invalid={states[part.id] === 'wrong'}
              rightSection={
                states[part.id] === 'right' ? (
                  <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
                ) : null
              }
              aria-label={
                states[part.id] === 'right'
                  ? t('blanks.gapRight', { number: number(part.id) })
                  : states[part.id] === 'wrong'
                    ? t('blanks.gapWrong', { number: number(part.id) })
                    : t('blanks.gap', { number: number(part.id) })
              }
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={200}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((now) => ({ ...now, [part.id]: value }));
                if (states[part.id] === 'wrong')
                  setStates((now) => {
                    const next = { ...now };
                    delete next[part.id];
                    return next;
                  });
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  checkOne(part.id);
                }
              }}
            />
          ),
        )}
      </Paper>
      <Group>
        <Button onClick={checkAll} disabled={!ready} leftSection={<IconCheck size={18} aria-hidden />}>
          {t('blanks.check')}
        </Button>
      </Group>
    </Stack>
  );
}
