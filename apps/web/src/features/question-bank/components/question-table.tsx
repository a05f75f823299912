import { ActionIcon, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Question } from '@trilha/contracts/assessments/questions';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { KindLabel } from './kind-label';

/** One page of the bank: kind, stem, category, tags, points, and the row's actions. */
export function QuestionTable({
  questions,
  onPreview,
  onEdit,
  onDelete,
}: {
  questions: Question[];
  onPreview: (q: Question) => void;
  onEdit: (q: Question) => void;
  onDelete: (q: Question) => void;
}) {
  const { t } = useTranslation('question-bank');
  return (
    <Table striped miw={720}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('list.kind')}</Table.Th>
          <Table.Th>{t('list.stem')}</Table.Th>
          <Table.Th>{t('list.category')}</Table.Th>
          <Table.Th>{t('list.tags')}</Table.Th>
          <Table.Th ta="right">{t('list.points')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {questions.map((q) => {
          const name = q.title || q.stem.slice(0, 60);
          return (
            <Table.Tr key={q.id}>
              <Table.Td>
                <KindLabel kind={q.kind} />
              </Table.Td>
              <Table.Td maw={420}>
                {q.title ? (
                  <Text fz="xs" c="dimmed">
                    {q.title}
                  </Text>
                ) : null}
                <Text fz="sm" lineClamp={2}>
                  {q.stem}
                </Text>
              </Table.Td>
              <Table.Td>
                {q.categoryName ?? (
                  <Text c="dimmed" fz="sm">
                    {t('list.noCategory')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {q.tags.map((tag) => (
                    <Badge key={tag} variant="light" tt="none">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{new Intl.NumberFormat(currentLanguage()).format(q.points)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('list.preview', { name })}
                    onClick={() => onPreview(q)}
                  >
                    <IconEye size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('list.edit', { name })}
                    onClick={() => onEdit(q)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('list.delete', { name })}
                    onClick={() => onDelete(q)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
