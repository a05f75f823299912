import { Button, Group, Modal, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCategory,
  IconFileImport,
  IconList,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { questionKinds, type Question, type QuestionKind } from '@trilha/contracts/assessments/questions';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedList } from '../../../components/paged-list';
import { apiErrorText } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useCategories, useDeleteQuestion, useQuestions } from '../api/question-bank';
import { CategoriesPanel } from '../components/categories-panel';
import { QuestionForm } from '../components/question-form';
import { QuestionPreview } from '../components/question-preview';
import { QuestionTable } from '../components/question-table';
import { fromQuestion, toBody } from '../components/question-values';
import { TransferPanel } from '../components/transfer-panel';

function DeleteQuestion({ question, onClose }: { question: Question; onClose: () => void }) {
  const { t } = useTranslation('question-bank');
  const remove = useDeleteQuestion();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('list.deleteTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack>
        <Text>{t('list.deleteConfirm')}</Text>
        <Text fz="sm" c="dimmed" lineClamp={3}>
          {question.stem}
        </Text>
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
            onClick={() => remove.mutate(question.id, { onSuccess: onClose })}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function QuestionsPanel() {
  const { t } = useTranslation('question-bank');
  const phone = useMediaQuery('(max-width: 36em)');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [kind, setKind] = useState<QuestionKind | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [debouncedTag] = useDebouncedValue(tag.trim(), 300);
  const categories = useCategories();
  const query = useQuestions({
    search: debouncedSearch,
    tag: debouncedTag,
    kind,
    categoryId: categoryId === null ? null : Number(categoryId),
    page,
  });
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [previewing, setPreviewing] = useState<Question | null>(null);
  const onPage = useCallback((p: number) => setPage(p), []);
  const filtered = Boolean(debouncedSearch || debouncedTag || kind || categoryId);
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('list.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '2 1 220px' }}
        />
        <Select
          label={t('list.kind')}
          placeholder={t('list.allKinds')}
          data={questionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={kind}
          onChange={(v) => {
            setKind(v as QuestionKind | null);
            setPage(1);
          }}
          clearable
          style={{ flex: '1 1 160px' }}
        />
        <Select
          label={t('list.category')}
          placeholder={t('list.allCategories')}
          data={(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={categoryId}
          onChange={(v) => {
            setCategoryId(v);
            setPage(1);
          }}
          clearable
          searchable
          style={{ flex: '1 1 160px' }}
        />
        <TextInput
          label={t('list.tag')}
          value={tag}
          onChange={(e) => {
            setTag(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 140px' }}
        />
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('list.new')}
        </Button>
      </Group>
      <PagedList
        query={query}
        page={page}
        onPage={onPage}
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
        scrollLabel={t('list.scroll')}
      >
        {(data) => (
          <QuestionTable
            questions={data.questions}
            onPreview={setPreviewing}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </PagedList>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('form.newTitle') : t('form.editTitle')}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
        size="xl"
        fullScreen={phone}
      >
        {editing !== null ? (
          <QuestionForm
            key={editing === 'new' ? 'new' : editing.id}
            question={editing === 'new' ? null : editing}
            categories={categories.data?.categories ?? []}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={t('preview.title')}
        closeButtonProps={{ 'aria-label': t('preview.close') }}
        size="lg"
        fullScreen={phone}
      >
        {previewing ? <QuestionPreview question={toBody(fromQuestion(previewing))} /> : null}
      </Modal>
      {deleting ? <DeleteQuestion question={deleting} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}

const tabs = ['questions', 'categories', 'transfer'] as const;

/** /admin/content/question-bank: the client's questions, their categories, and GIFT/Aiken files. */
export default function QuestionBankPage() {
  const { t } = useTranslation('question-bank');
  const can = useCan('learning.author');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((x) => x === asked) ?? 'questions';
  if (!can) return <Text role="alert">{t('forbidden')}</Text>;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Button
          component={Link}
          to="/admin/content"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('back')}
        </Button>
        <Title order={1} fz={{ base: 28, sm: 34 }} mt="xs">
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('intro')}
        </Text>
      </div>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'questions' ? { tab: v } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="questions" leftSection={<IconList size={16} aria-hidden />}>
            {t('tabs.questions')}
          </Tabs.Tab>
          <Tabs.Tab value="categories" leftSection={<IconCategory size={16} aria-hidden />}>
            {t('tabs.categories')}
          </Tabs.Tab>
          <Tabs.Tab value="transfer" leftSection={<IconFileImport size={16} aria-hidden />}>
            {t('tabs.transfer')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questions" pt="md">
          <QuestionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="transfer" pt="md">
          <TransferPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
