import { Group, Text } from '@mantine/core';
import {
  IconArrowsSort,
  IconCircleDot,
  IconCursorText,
  IconListCheck,
  IconArrowsLeftRight,
  IconNumber,
  IconToggleLeft,
  IconWriting,
} from '@tabler/icons-react';
import type { QuestionKind } from '@trilha/contracts/assessments/questions';
import { useTranslation } from 'react-i18next';

const icons = {
  single_choice: IconCircleDot,
  multiple_choice: IconListCheck,
  true_false: IconToggleLeft,
  matching: IconArrowsLeftRight,
  ordering: IconArrowsSort,
  numeric: IconNumber,
  short_answer: IconCursorText,
  essay: IconWriting,
} satisfies Record<QuestionKind, unknown>;

/** A question's kind as its icon and translated name. */
export function KindLabel({ kind }: { kind: QuestionKind }) {
  const { t } = useTranslation('question-bank');
  const Icon = icons[kind];
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <Text fz="sm">{t(`kinds.${kind}`)}</Text>
    </Group>
  );
}
