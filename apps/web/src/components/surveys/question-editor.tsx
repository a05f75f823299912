import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { LanguageCode } from '@trilha/contracts/session';
import {
  isChoiceKind,
  surveyLimits,
  surveyQuestionKinds,
  type SurveyQuestionKind,
} from '@trilha/contracts/surveys';
import { useTranslation } from 'react-i18next';
import { blank, type QuestionDraft } from './survey-draft';

/**
 * One question of a survey (or of a reaction evaluation) being written: its kind, whether it is required,
 * its text in the chosen language and, for the choice kinds, its options; moved up and down, removed.
 * `frozen` keeps the kind and the options' number (the survey has answers).
 */
export function QuestionEditor({
  q,
  index,
  count,
  lang,
  frozen,
  onChange,
  onMove,
  onRemove,
}: {
  q: QuestionDraft;
  index: number;
  count: number;
  lang: LanguageCode;
  frozen: boolean;
  onChange: (q: QuestionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('surveys');
  const n = index + 1;
  const setKind = (kind: SurveyQuestionKind) =>
    onChange({
      ...q,
      kind,
      options: isChoiceKind(kind) ? (q.options.length >= 2 ? q.options : [blank(), blank()]) : [],
    });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('builder.question', { n })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{t('builder.question', { n })}</Text>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={t('builder.moveUp', { n })}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t('builder.moveDown', { n })}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={count === 1 || frozen}
              onClick={onRemove}
              aria-label={t('builder.removeQuestion', { n })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('builder.kind')}
            data={surveyQuestionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            value={q.kind}
            onChange={(v) => v && setKind(v as SurveyQuestionKind)}
            allowDeselect={false}
            disabled={frozen}
          />
          <Checkbox
            mt={{ base: 0, sm: 28 }}
            label={t('builder.required')}
            checked={q.required}
            onChange={(e) => onChange({ ...q, required: e.currentTarget.checked })}
          />
        </SimpleGrid>
        <Textarea
          label={`${t('builder.questionText')} (${lang})`}
          value={q.text[lang]}
          onChange={(e) => onChange({ ...q, text: { ...q.text, [lang]: e.currentTarget.value } })}
          maxLength={surveyLimits.question}
          required={lang === 'pt-BR'}
          autosize
          minRows={2}
        />
        {isChoiceKind(q.kind) ? (
          <Stack gap={6}>
            <Text fz="sm" fw={600}>
              {t('builder.options')}
            </Text>
            {q.options.map((o, oi) => (
              <Group key={oi} gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  style={{ flex: 1 }}
                  label={`${t('builder.option', { n: oi + 1 })} (${lang})`}
                  value={o[lang]}
                  onChange={(e) =>
                    onChange({
                      ...q,
                      options: q.options.map((x, j) =>
                        j === oi ? { ...x, [lang]: e.currentTarget.value } : x,
                      ),
                    })
                  }
                  maxLength={surveyLimits.option}
                  required={lang === 'pt-BR'}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  disabled={q.options.length <= 2 || frozen}
                  onClick={() => onChange({ ...q, options: q.options.filter((_, j) => j !== oi) })}
                  aria-label={t('builder.removeOption', { n: oi + 1 })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={q.options.length >= surveyLimits.options || frozen}
                onClick={() => onChange({ ...q, options: [...q.options, blank()] })}
              >
                {t('builder.addOption')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
