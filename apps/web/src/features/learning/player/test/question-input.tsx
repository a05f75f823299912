import {
  Checkbox,
  Group,
  Button,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { AnswerInput, AttemptQuestion } from '@trilha/contracts/assessments/attempts';
import { answerLimits } from '@trilha/contracts/assessments/attempts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderingInput } from './ordering-input';

/** "3,5" and "3.5" both read 3.5; anything else that is not a plain number reads null. */
export function parseNumber(text: string): number | null {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) && Math.abs(value) <= 1e12 ? value : null;
}

function NumericField({
  value,
  onChange,
  label,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
}) {
  const { t } = useTranslation('assessments-player');
  // The text as typed ("3," on the way to "3,5"); the answer is the number it reads.
  const [text, setText] = useState(value === null ? '' : String(value));
  const invalid = text.trim() !== '' && parseNumber(text) === null;
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      maw={280}
      error={invalid ? t('question.numberInvalid') : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        onChange(parseNumber(next));
      }}
    />
  );
}

/**
 * The input of one question of an attempt, by kind. `value` is the saved answer (null: not answered);
 * every change gives the whole new answer, or null when it is cleared.
 */
export function QuestionInput({
  question,
  value,
  onChange,
}: {
  question: AttemptQuestion;
  value: AnswerInput | null;
  onChange: (answer: AnswerInput | null) => void;
}) {
  const { t } = useTranslation('assessments-player');
  const answerLabel = t('question.answer');
  const options = question.options ?? [];

  switch (question.kind) {
    case 'single_choice':
      return (
        <Radio.Group
          label={answerLabel}
          value={value?.kind === 'single_choice' ? String(value.option) : null}
          onChange={(v) => onChange({ kind: 'single_choice', option: Number(v) })}
        >
          <Stack gap="sm" mt="xs">
            {options.map((o) => (
              <Radio key={o.index} value={String(o.index)} label={o.text} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'true_false':
      return (
        <Radio.Group
          label={answerLabel}
          value={value?.kind === 'true_false' ? String(value.value) : null}
          onChange={(v) => onChange({ kind: 'true_false', value: v === 'true' })}
        >
          <Group gap="lg" mt="xs">
            <Radio value="true" label={t('question.true')} />
            <Radio value="false" label={t('question.false')} />
          </Group>
        </Radio.Group>
      );
    case 'multiple_choice': {
      const chosen = value?.kind === 'multiple_choice' ? value.options.map(String) : [];
      return (
        <Checkbox.Group
          label={answerLabel}
          description={t('question.chooseAll')}
          value={chosen}
          onChange={(v) =>
            onChange(
              v.length ? { kind: 'multiple_choice', options: v.map(Number).sort((a, b) => a - b) } : null,
            )
          }
        >
          <Stack gap="sm" mt="xs">
            {options.map((o) => (
              <Checkbox key={o.index} value={String(o.index)} label={o.text} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'matching': {
      const pairs = value?.kind === 'matching' ? value.pairs : [];
      const rights = question.right ?? [];
      return (
        <Stack gap="sm" role="group" aria-label={answerLabel}>
          <Text fz="sm" c="dimmed">
            {t('question.matchHint')}
          </Text>
          {(question.left ?? []).map((left) => {
            const current = pairs.find((p) => p.left === left.index);
            return (
              <NativeSelect
                key={left.index}
                label={left.text}
                value={current ? String(current.right) : ''}
                data={[
                  { value: '', label: t('question.matchPick') },
                  ...rights.map((r) => ({ value: String(r.index), label: r.text })),
                ]}
                onChange={(e) => {
                  const picked = e.currentTarget.value;
                  const rest = pairs.filter((p) => p.left !== left.index);
                  const next = picked === '' ? rest : [...rest, { left: left.index, right: Number(picked) }];
                  next.sort((a, b) => a.left - b.left);
                  onChange(next.length ? { kind: 'matching', pairs: next } : null);
                }}
              />
            );
          })}
        </Stack>
      );
    }
    case 'ordering': {
      const items = (question.items ?? []).map((i) => ({ id: String(i.index), text: i.text }));
      const order = value?.kind === 'ordering' ? value.order.map(String) : items.map((item) => item.id);
      return (
        <Stack gap="sm">
          <OrderingInput
            items={items}
            order={order}
            label={answerLabel}
            onChange={(next) => onChange({ kind: 'ordering', order: next.map(Number) })}
          />
          {value === null ? (
            <Group>
              <Button
                variant="light"
                onClick={() => onChange({ kind: 'ordering', order: order.map(Number) })}
              >
                {t('ordering.keep')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      );
    }
    case 'numeric':
      return (
        <NumericField
          label={answerLabel}
          value={value?.kind === 'numeric' ? value.value : null}
          onChange={(n) => onChange(n === null ? null : { kind: 'numeric', value: n })}
        />
      );
    case 'short_answer':
      return (
        <TextInput
          label={answerLabel}
          autoComplete="off"
          maxLength={answerLimits.shortAnswer}
          value={value?.kind === 'short_answer' ? value.text : ''}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onChange(text.trim() ? { kind: 'short_answer', text } : null);
          }}
        />
      );
    case 'essay': {
      const text = value?.kind === 'essay' ? value.text : '';
      return (
        <Textarea
          label={answerLabel}
          description={t('question.essayHint', { length: text.length, max: answerLimits.essay })}
          autosize
          minRows={6}
          maxRows={16}
          maxLength={answerLimits.essay}
          value={text}
          onChange={(e) => {
            const next = e.currentTarget.value;
            onChange(next.trim() ? { kind: 'essay', text: next } : null);
          }}
        />
      );
    }
  }
}
