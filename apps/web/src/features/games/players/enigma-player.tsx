import { Button, Group, Image, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../games.module.css';
import type { GamePlayerProps } from './types';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** A letter as the answer compares it: upper case, without its accent. */
export function plainLetter(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
}

/**
 * Enigma: a riddle answered letter by letter. Each letter is tried once: the server shows where it is, or
 * counts an error. Hints come one at a time and cost errors.
 */
export function EnigmaPlayer({ view, onMove }: GamePlayerProps<'enigma'>) {
  const { t } = useTranslation('games');
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const [tried, setTried] = useState<Record<string, boolean>>({});
  const [hints, setHints] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState('');

  const guess = (raw: string) => {
    const letter = plainLetter(raw.trim()).slice(0, 1);
    if (!/^[\p{L}\p{N}]$/u.test(letter) || letter in tried || busy) return;
    setBusy(true);
    setTried((now) => ({ ...now, [letter]: false }));
    onMove({ type: 'letter', letter }).then(
      (feedback) => {
        const positions = feedback.positions ?? [];
        setTried((now) => ({ ...now, [letter]: positions.length > 0 }));
        setRevealed((now) => ({ ...now, ...Object.fromEntries(positions.map((p) => [p, letter])) }));
        setMessage(
          positions.length > 0
            ? t('enigma.letterIn', { letter, count: positions.length })
            : t('enigma.letterOut', { letter }),
        );
        setBusy(false);
      },
      () => {
        setTried((now) => {
          const next = { ...now };
          delete next[letter];
          return next;
        });
        setBusy(false);
      },
    );
  };

  const askHint = () => {
    if (busy || hints.length >= view.hintCount) return;
    setBusy(true);
    onMove({ type: 'hint' }).then(
      (feedback) => {
        if (feedback.hint) setHints((now) => [...now, feedback.hint!]);
        setBusy(false);
      },
      () => setBusy(false),
    );
  };

  const answerLabel = view.slots.map((slot, i) => (slot !== null ? slot : (revealed[i] ?? '_'))).join(' ');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {view.imageUrl ? <Image src={view.imageUrl} alt="" radius="sm" mah={200} fit="contain" /> : null}
          <Title order={3} fz="lg">
            {view.riddle}
          </Title>
        </Stack>
      </Paper>
      <div className={classes.letters} role="img" aria-label={t('enigma.answer', { answer: answerLabel })}>
        {view.slots.map((slot, i) =>
          slot === ' ' ? (
            <span key={i} className={classes.space} />
          ) : (
            <span
              key={i}
              className={classes.letter}
              style={{ display: 'grid', placeItems: 'center' }}
              data-testid="enigma-slot"
            >
              {slot ?? revealed[i] ?? ''}
            </span>
          ),
        )}
      </div>
      <Text role="status" aria-live="polite" fz="sm" mih={20} data-testid="enigma-status">
        {message}
      </Text>
      <TextInput
        label={t('enigma.typeLetter')}
        value={typed}
        maxLength={2}
        autoComplete="off"
        autoCapitalize="characters"
        w={200}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setTyped('');
          if (value) guess(value.slice(-1));
        }}
      />
      <Group gap={6} role="group" aria-label={t('enigma.keyboard')}>
        {ALPHABET.map((letter) => (
          <Button
            key={letter}
            size="compact-md"
            w={40}
            variant={letter in tried ? (tried[letter] ? 'filled' : 'light') : 'default'}
            color={letter in tried ? (tried[letter] ? 'teal.9' : 'gray') : undefined}
            disabled={letter in tried || busy}
            onClick={() => guess(letter)}
            aria-label={t('enigma.letter', { letter })}
          >
            {letter}
          </Button>
        ))}
      </Group>
      {view.hintCount > 0 ? (
        <Stack gap="xs">
          <Group>
            <Button
              variant="default"
              leftSection={<IconBulb size={18} color="var(--mantine-color-yellow-8)" aria-hidden />}
              onClick={askHint}
              disabled={busy || hints.length >= view.hintCount}
            >
              {t('enigma.hint', { count: view.hintCost })}
            </Button>
            <Text fz="sm" c="dimmed">
              {t('enigma.hintsLeft', { count: view.hintCount - hints.length })}
            </Text>
          </Group>
          {hints.length > 0 ? (
            <List data-testid="enigma-hints">
              {hints.map((hint, i) => (
                <List.Item key={i}>{hint}</List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
