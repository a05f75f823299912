import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { QuestionCategory } from '@trilha/contracts/assessments/questions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFrame } from '../../../components/table-frame';
import { apiErrorText } from '../../../lib/form-errors';
import { useCategories, useDeleteCategory, useSaveCategory } from '../api/question-bank';

function NameModal({ category, onClose }: { category: QuestionCategory | 'new'; onClose: () => void }) {
  const { t } = useTranslation('question-bank');
  const save = useSaveCategory();
  const [name, setName] = useState(category === 'new' ? '' : category.name);
  return (
    <Modal
      opened
      onClose={onClose}
      title={category === 'new' ? t('categories.new') : t('categories.rename')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: category === 'new' ? null : category.id, name }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <TextInput
            label={t('categories.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            required
            data-autofocus
            error={save.isError ? apiErrorText(save.error) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteModal({ category, onClose }: { category: QuestionCategory; onClose: () => void }) {
  const { t } = useTranslation('question-bank');
  const remove = useDeleteCategory();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('categories.deleteTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack>
        <Text>{t('categories.deleteConfirm', { name: category.name })}</Text>
        {remove.isError ? (
          <Text c="red.8" fz="sm" role="alert">
            {apiErrorText(remove.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(category.id, { onSuccess: onClose })}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The bank's categories with how many questions each holds. */
export function CategoriesPanel() {
  const { t } = useTranslation('question-bank');
  const query = useCategories();
  const [editing, setEditing] = useState<QuestionCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuestionCategory | null>(null);
  const categories = query.data?.categories ?? [];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('categories.new')}
        </Button>
      </Group>
      <TableFrame query={query} empty={categories.length === 0} emptyText={t('categories.empty')}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('categories.name')}</Table.Th>
              <Table.Th ta="right">{t('categories.questions')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('categories.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.map((category) => (
              <Table.Tr key={category.id}>
                <Table.Td>{category.name}</Table.Td>
                <Table.Td ta="right">{category.questions}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('categories.renameNamed', { name: category.name })}
                      onClick={() => setEditing(category)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('categories.deleteNamed', { name: category.name })}
                      onClick={() => setDeleting(category)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableFrame>
      {editing ? <NameModal category={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteModal category={deleting} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}
