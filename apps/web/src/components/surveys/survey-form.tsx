import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  isChoiceKind,
  justifiedKinds,
  surveyLimits,
  type AnswerBody,
  type LearnerSurvey,
} from '@trilha/contracts/surveys';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';

type Question = LearnerSurvey['questions'][number];
interface Draft {
  options: number[];
  text: string;
}

/** The code the server gave each question (`answers.<n>`), from a refused answer. */
function questionErrors(error: unknown): Map<number, string> {
  const out = new Map<number, string>();
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return out;
  for (const d of error.details as { path?: string; code?: string }[]) {
    const m = /^answers\.(\d+)/.exec(d.path ?? '');
    if (m && d.code) out.set(Number(m[1]), d.code);
  }
  return out;
}

/** What the browser can tell before sending: a required question left blank, or no option chosen. */
function localErrors(questions: readonly Question[], drafts: Draft[]): Map<number, string> {
  const out = new Map<number, string>();
  questions.forEach((q, i) => {
    const d = drafts[i]!;
    if (isChoiceKind(q.kind)) {
      if (q.required && d.options.length === 0) out.set(i, 'SURVEY_OPTION_REQUIRED');
      else if (!q.required && d.options.length === 0 && d.text.trim()) out.set(i, 'SURVEY_OPTION_REQUIRED');
    } else if (q.required && !d.text.trim()) {
      out.set(i, 'SURVEY_ANSWER_REQUIRED');
    }
  });
  return out;
}

function toBody(questions: readonly Question[], drafts: Draft[]): AnswerBody {
  return {
    answers: questions.flatMap((q, i) => {
      const d = drafts[i]!;
      if (isChoiceKind(q.kind)) {
        return d.options.length > 0
          ? [{ question: i, options: d.options, text: justifiedKinds.includes(q.kind) ? d.text.trim() : '' }]
          : [];
      }
      return d.text.trim() ? [{ question: i, options: [], text: d.text.trim() }] : [];
    }),
  };
}

/**
 * A survey as the learner answers it: one card per question (radio buttons for an alternative,
 * checkboxes for multiple choice, a justification or essay box), required ones marked. The builder's
 * preview shows the same form without sending.
 */
export function SurveyForm({
  survey,
  onSubmit,
  pending = false,
  error = null,
  preview = false,
}: {
  survey: Pick<LearnerSurvey, 'title' | 'description' | 'questions'>;
  onSubmit?: (body: AnswerBody) => void;
  pending?: boolean;
  error?: unknown;
  preview?: boolean;
}) {
  const { t } = useTranslation('surveys');
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    survey.questions.map(() => ({ options: [], text: '' })),
  );
  const [shown, setShown] = useState<Map<number, string>>(new Map());
  const server = questionErrors(error);
  const errors = new Map([...server, ...shown]);

  const change = (i: number, next: Partial<Draft>) => {
    setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...next } : d)));
    setShown((m) => {
      const copy = new Map(m);
      copy.delete(i);
      return copy;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = localErrors(survey.questions, drafts);
    setShown(found);
    if (found.size > 0) {
      const first = Math.min(...found.keys());
      document.getElementById(`survey-question-${first}`)?.focus();
      return;
    }
    onSubmit?.(toBody(survey.questions, drafts));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={survey.title}>
      <Stack gap="md">
        {survey.description ? <Text style={{ whiteSpace: 'pre-line' }}>{survey.description}</Text> : null}
        {survey.questions.map((q, i) => {
          const d = drafts[i]!;
          const err = errors.get(i);
          const errId = `survey-question-${i}-error`;
          const label = (
            <Group gap="xs" wrap="wrap">
              <Text fw={600} component="span">
                {i + 1}. {q.text}
              </Text>
              <Badge variant="light" color={q.required ? 'red' : 'gray'} size="sm">
                {q.required ? t('answer.required') : t('answer.optional')}
              </Badge>
            </Group>
          );
          return (
            <Paper
              key={i}
              withBorder
              p="md"
              radius="md"
              id={`survey-question-${i}`}
              tabIndex={-1}
              aria-describedby={err ? errId : undefined}
            >
              <Stack gap="sm">
                {q.kind === 'alternative' || q.kind === 'alternative_justified' ? (
                  <Radio.Group
                    label={label}
                    value={d.options[0] === undefined ? null : String(d.options[0])}
                    onChange={(v) => change(i, { options: [Number(v)] })}
                    required={q.required}
                  >
                    <Stack gap="xs" mt="xs">
                      {q.options.map((o, oi) => (
                        <Radio key={oi} value={String(oi)} label={o} />
                      ))}
                    </Stack>
                  </Radio.Group>
                ) : null}
                {q.kind === 'multiple_choice' || q.kind === 'multiple_choice_justified' ? (
                  <Checkbox.Group
                    label={label}
                    value={d.options.map(String)}
                    onChange={(v) => change(i, { options: v.map(Number).sort((a, b) => a - b) })}
                    required={q.required}
                  >
                    <Stack gap="xs" mt="xs">
                      {q.options.map((o, oi) => (
                        <Checkbox key={oi} value={String(oi)} label={o} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                ) : null}
                {justifiedKinds.includes(q.kind) ? (
                  <Textarea
                    label={t('answer.justification')}
                    value={d.text}
                    onChange={(e) => change(i, { text: e.currentTarget.value })}
                    maxLength={surveyLimits.justification}
                    autosize
                    minRows={2}
                  />
                ) : null}
                {q.kind === 'essay' ? (
                  <Textarea
                    label={label}
                    aria-label={`${i + 1}. ${q.text}`}
                    value={d.text}
                    onChange={(e) => change(i, { text: e.currentTarget.value })}
                    maxLength={surveyLimits.essay}
                    autosize
                    minRows={3}
                    required={q.required}
                  />
                ) : null}
                {err ? (
                  <Text c="red.8" fz="sm" id={errId} role="alert">
                    {errorText(err)}
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
        {error && server.size === 0 ? (
          <Alert color="red" role="alert">
            {apiErrorText(error)}
          </Alert>
        ) : null}
        {shown.size > 0 ? (
          <Text c="red.8" fz="sm" role="status">
            {t('answer.fixErrors')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={preview}>
            {pending ? t('answer.sending') : t('answer.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SurveyHeading({ title }: { title: string }) {
  return (
    <Title order={1} fz={{ base: 24, sm: 30 }}>
      {title}
    </Title>
  );
}
