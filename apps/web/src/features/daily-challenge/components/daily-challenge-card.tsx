import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  Radio,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBolt, IconCheck, IconFlame, IconTrophy, IconX } from '@tabler/icons-react';
import type { DailyAnswerBody, DailyChallengeToday } from '@trilha/contracts/daily-challenge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Celebration } from '../../../components/celebration';
import { apiErrorText } from '../../../lib/form-errors';
import { useAnswerDailyChallenge, useDailyChallenge } from '../api/daily-challenge';
import classes from './daily-challenge-card.module.css';

type Challenge = NonNullable<DailyChallengeToday['challenge']>;

/** The streak: a flame with the count of consecutive days answered. */
function Streak({ streak }: { streak: DailyChallengeToday['streak'] }) {
  const { t } = useTranslation('daily-challenge');
  const alive = streak.current > 0;
  return (
    <Group gap={6} wrap="nowrap" data-testid="daily-streak">
      <IconFlame size={22} className={alive ? classes.flame : classes.flameOut} aria-hidden />
      <Text fw={700} fz="sm">
        {alive ? t('card.streak', { count: streak.current }) : t('card.streakNone')}
      </Text>
    </Group>
  );
}

/** The answer form of each kind; nothing in it tells right from wrong. */
function AnswerForm({ challenge, onAnswered }: { challenge: Challenge; onAnswered: () => void }) {
  const { t } = useTranslation('daily-challenge');
  const answer = useAnswerDailyChallenge();
  const { question } = challenge;
  const [single, setSingle] = useState<string | null>(null);
  const [many, setMany] = useState<string[]>([]);

  const body: DailyAnswerBody | null =
    question.kind === 'single_choice'
      ? single === null
        ? null
        : { kind: 'single_choice', option: Number(single) }
      : question.kind === 'multiple_choice'
        ? many.length
          ? { kind: 'multiple_choice', options: many.map(Number) }
          : null
        : single === null
          ? null
          : { kind: 'true_false', value: single === 'true' };

  const options =
    question.kind === 'true_false'
      ? [
          { value: 'true', label: t('card.true') },
          { value: 'false', label: t('card.false') },
        ]
      : (question.options ?? []).map((label, i) => ({ value: String(i), label }));

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (body) answer.mutate(body, { onSuccess: onAnswered });
      }}
    >
      <Stack gap="sm">
        {question.kind === 'multiple_choice' ? (
          <Checkbox.Group label={t('card.chooseMany')} value={many} onChange={setMany}>
            <Stack gap="xs" mt="xs">
              {options.map((o) => (
                <Checkbox key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Radio.Group label={t('card.chooseOne')} value={single} onChange={setSingle}>
            <Stack gap="xs" mt="xs">
              {options.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {answer.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(answer.error)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" disabled={!body} loading={answer.isPending}>
            {t('card.answer')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What was answered, graded: right or wrong, the feedback, what was right, what it earned. */
function AnswerResult({ today, celebrate }: { today: DailyChallengeToday; celebrate: boolean }) {
  const { t } = useTranslation('daily-challenge');
  const result = today.answer!;
  const question = today.challenge?.question;
  const rightText =
    question?.kind === 'true_false'
      ? t(result.solution.value ? 'card.true' : 'card.false')
      : (result.solution.options ?? []).map((i) => question?.options?.[i] ?? '').join(', ');
  return (
    <Stack gap="sm" role="status">
      {celebrate && result.correct ? (
        <Box pos="relative" h={96}>
          <Celebration>
            <IconTrophy size={40} />
          </Celebration>
        </Box>
      ) : null}
      <Alert
        color={result.correct ? 'teal' : 'red'}
        icon={result.correct ? <IconCheck aria-hidden /> : <IconX aria-hidden />}
      >
        <Stack gap={4}>
          {/* In the body, not the Alert's title: its light title colour is below 4.5:1 on the tint. */}
          <Text fw={700}>{result.correct ? t('card.correct') : t('card.wrong')}</Text>
          {result.feedback ? <Text fz="sm">{result.feedback}</Text> : null}
          {!result.correct && rightText ? (
            <Text fz="sm">{t('card.rightAnswer', { answer: rightText })}</Text>
          ) : null}
          {result.correct && (result.points > 0 || result.xp > 0) ? (
            <Text fz="sm" fw={600}>
              {t('card.earned', { points: result.points, xp: result.xp })}
            </Text>
          ) : null}
        </Stack>
      </Alert>
      {today.badge ? (
        <Badge size="lg" variant="light" color="yellow" leftSection={<IconTrophy size={14} aria-hidden />}>
          {t('card.badge', { name: today.badge.name })}
        </Badge>
      ) : null}
      <Text fz="sm" c="dimmed">
        {t('card.comeBack')}
      </Text>
    </Stack>
  );
}

/**
 * Home's daily challenge: today's question with its options, answered once; the graded answer with its
 * feedback (and a celebration when right), and the streak flame. Loaded after home's first paint.
 */
export default function DailyChallengeCard() {
  // Home shows before the other catalogs arrive: the card waits for its own texts rather than show keys.
  const { t, ready } = useTranslation('daily-challenge');
  const query = useDailyChallenge();
  // The celebration plays for an answer given now, not for one read back on a later visit.
  const [answeredNow, setAnsweredNow] = useState(false);
  const today = query.data;
  // Home goes on without the card when it cannot be read.
  if (!today || !ready) return null;
  const { challenge } = today;

  return (
    <Card
      component="section"
      aria-labelledby="daily-challenge-title"
      shadow="xs"
      className={classes.card}
      data-testid="daily-challenge"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
              <IconBolt size={22} />
            </ThemeIcon>
            <Title order={2} fz="h4" id="daily-challenge-title">
              {t('card.title')}
            </Title>
          </Group>
          <Streak streak={today.streak} />
        </Group>
        {challenge ? (
          <>
            <Text fz="sm" c="dimmed">
              {t('card.award', { points: challenge.points, xp: challenge.xp })}
            </Text>
            {challenge.question.media?.kind === 'image' ? (
              <Image
                src={challenge.question.media.url}
                alt={challenge.question.media.alt ?? ''}
                mah={220}
                fit="contain"
              />
            ) : null}
            <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>
              {challenge.question.stem}
            </Text>
            {today.answer ? (
              <AnswerResult today={today} celebrate={answeredNow} />
            ) : (
              <AnswerForm challenge={challenge} onAnswered={() => setAnsweredNow(true)} />
            )}
          </>
        ) : (
          <Text c="dimmed">{t('card.none')}</Text>
        )}
        {today.streak.best > 1 ? (
          <Text fz="xs" c="dimmed">
            {t('card.best', { count: today.streak.best })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
