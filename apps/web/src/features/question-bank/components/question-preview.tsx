import {
  Checkbox,
  Image,
  List,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { QuestionBody } from '@trilha/contracts/assessments/questions';
import { useTranslation } from 'react-i18next';

/** A question as a learner meets it: the same controls, nothing marked right, matching and ordering shuffled. */
export function QuestionPreview({ question }: { question: QuestionBody }) {
  const { t } = useTranslation('question-bank');
  // A fixed rotation stands in for the shuffle, so that the preview does not jump at each render.
  const rotate = <T,>(list: T[]) => (list.length > 1 ? [...list.slice(1), list[0]!] : list);
  return (
    <Stack gap="md" data-testid="question-preview">
      <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>
        {question.stem}
      </Text>
      {question.media?.kind === 'image' && question.media.url ? (
        <Image src={question.media.url} alt={question.media.alt ?? ''} maw={480} radius="sm" />
      ) : null}
      {question.media && question.media.kind !== 'image' && question.media.url ? (
        <Text fz="sm">
          <a href={question.media.url} target="_blank" rel="noreferrer">
            {t(`media.${question.media.kind}`)}
          </a>
        </Text>
      ) : null}
      {question.kind === 'single_choice' || question.kind === 'true_false' ? (
        <Radio.Group aria-label={t('preview.answer')}>
          <Stack gap="xs">
            {(question.kind === 'true_false'
              ? [t('form.true'), t('form.false')]
              : question.options.map((o) => o.text)
            ).map((label, i) => (
              <Radio key={i} value={String(i)} label={label} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {question.kind === 'multiple_choice' ? (
        <Stack gap="xs">
          {question.options.map((o, i) => (
            <Checkbox key={i} label={o.text} />
          ))}
        </Stack>
      ) : null}
      {question.kind === 'matching' ? (
        <Stack gap="xs">
          {question.pairs.map((p, i) => (
            <NativeSelect key={i} label={p.left} data={['', ...rotate(question.pairs.map((x) => x.right))]} />
          ))}
        </Stack>
      ) : null}
      {question.kind === 'ordering' ? (
        <List type="ordered">
          {rotate(question.items).map((item, i) => (
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
      ) : null}
      {question.kind === 'numeric' ? <NumberInput label={t('preview.answer')} /> : null}
      {question.kind === 'short_answer' ? <TextInput label={t('preview.answer')} /> : null}
      {question.kind === 'essay' ? <Textarea label={t('preview.answer')} autosize minRows={4} /> : null}
    </Stack>
  );
}
