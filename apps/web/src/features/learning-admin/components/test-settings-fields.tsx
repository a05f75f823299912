import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import {
  countedAttempts,
  generalTestKinds,
  generalTestScopes,
  reviewModes,
  testLimits,
  type TestActivityKind,
} from '@trilha/contracts/learning/test-settings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginationBar } from '../../../components/pagination-bar';
import { errorText } from '../../../lib/i18n';
import { PICKER_PAGE_SIZE, useBankCategories, useBankQuestions, useBankSearch } from '../api/tests';
import { draftQuestionCount, needsAttemptLimit, type TestDraft, type TestField } from './test-draft';

const numberOrEmpty = (v: string | number): number | '' => (typeof v === 'number' ? v : '');

function QuestionPicker({
  picked,
  onChange,
  error,
}: {
  picked: number[];
  onChange: (ids: number[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('assessments-player');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const results = useBankSearch(debounced, page);
  const pickedQuestions = useBankQuestions(picked);
  const stemOf = (id: number) =>
    pickedQuestions[picked.indexOf(id)]?.data?.question.stem ?? t('editor.questionNumber', { id });

  const move = (index: number, delta: -1 | 1) => {
    const next = [...picked];
    const [id] = next.splice(index, 1);
    next.splice(index + delta, 0, id!);
    onChange(next);
  };

  return (
    <Stack gap="sm">
      <Paper withBorder radius="sm" p="sm">
        <Title order={4} fz="sm" mb="xs" id="picked-questions">
          {t('editor.picked', { count: picked.length })}
        </Title>
        {picked.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('editor.pickedEmpty')}
          </Text>
        ) : (
          <Stack
            component="ol"
            gap={4}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="picked-questions"
          >
            {picked.map((id, i) => (
              <Group
                component="li"
                key={id}
                gap="xs"
                wrap="nowrap"
                justify="space-between"
                data-testid="picked-question"
              >
                <Text fz="sm" lineClamp={2} style={{ minWidth: 0 }}>
                  {i + 1}. {stemOf(id)}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('editor.moveUp', { position: i + 1 })}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('editor.moveDown', { position: i + 1 })}
                    disabled={i === picked.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('editor.remove', { position: i + 1 })}
                    onClick={() => onChange(picked.filter((x) => x !== id))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {error ? (
          <Text fz="sm" c="var(--mantine-color-error)" mt="xs" role="alert" data-testid="questions-error">
            {error}
          </Text>
        ) : null}
      </Paper>
      <TextInput
        label={t('editor.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {results.isError ? (
        <Alert color="red" role="alert">
          {t('editor.searchFailed')}
        </Alert>
      ) : null}
      {results.data ? (
        results.data.questions.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('editor.noResults')}
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('editor.results')}
          >
            {results.data.questions.map((q) => {
              const taken = picked.includes(q.id);
              return (
                <Group component="li" key={q.id} gap="xs" wrap="nowrap" justify="space-between">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fz="sm" lineClamp={2}>
                      {q.stem}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t(`kinds.${q.kind}`)}
                      {q.categoryName ? ` · ${q.categoryName}` : ''}
                    </Text>
                  </Stack>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    disabled={taken || picked.length >= testLimits.questions}
                    onClick={() => onChange([...picked, q.id])}
                    aria-label={t('editor.addNamed', { stem: q.stem.slice(0, 80) })}
                  >
                    {taken ? t('editor.added') : t('editor.add')}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )
      ) : null}
      {results.data ? (
        <PaginationBar
          page={page}
          pageSize={PICKER_PAGE_SIZE}
          total={results.data.total}
          onChange={setPage}
        />
      ) : null}
    </Stack>
  );
}

/** The settings of a test or quiz activity: its questions, pass mark, attempts, time and review. */
export function TestSettingsFields({
  kind,
  draft,
  onChange,
  issues,
}: {
  kind: TestActivityKind;
  draft: TestDraft;
  onChange: (draft: TestDraft) => void;
  /** Shown once the author tried to save. */
  issues: Map<TestField, string | null> | null;
}) {
  const { t } = useTranslation('assessments-player');
  const categories = useBankCategories();
  const set = (patch: Partial<TestDraft>) => onChange({ ...draft, ...patch });
  const message = (field: TestField) => {
    if (!issues?.has(field)) return undefined;
    const code = issues.get(field);
    return code ? errorText(code) : t(`editor.errors.${field}`);
  };
  const count = draftQuestionCount(draft);
  const limited = needsAttemptLimit(kind);
  const general = generalTestKinds.includes(kind);
  // Only general tests may cover the trail: another kind picked afterwards covers its course again.
  useEffect(() => {
    if (!general && draft.scope !== 'course') onChange({ ...draft, scope: 'course' });
  }, [general, draft, onChange]);

  return (
    <Stack gap="md" data-testid="test-settings">
      {general ? (
        <>
          <Text fz="sm" c="dimmed">
            {t('editor.generalHint')}
          </Text>
          <Radio.Group
            label={t('editor.scope')}
            value={draft.scope}
            onChange={(scope) => set({ scope: scope as TestDraft['scope'] })}
          >
            <Stack mt="xs" gap="xs">
              {generalTestScopes.map((scope) => (
                <Radio key={scope} value={scope} label={t(`editor.scopes.${scope}`)} />
              ))}
            </Stack>
          </Radio.Group>
        </>
      ) : null}
      <Radio.Group
        label={t('editor.source')}
        value={draft.mode}
        onChange={(mode) => set({ mode: mode as TestDraft['mode'] })}
      >
        <Group mt="xs" gap="lg">
          <Radio value="fixed" label={t('editor.fixed')} />
          <Radio value="drawn" label={t('editor.drawn')} />
        </Group>
      </Radio.Group>
      {draft.mode === 'fixed' ? (
        <QuestionPicker
          picked={draft.questionIds}
          onChange={(questionIds) => set({ questionIds })}
          error={message('questions')}
        />
      ) : (
        <Stack gap="sm">
          <NumberInput
            label={t('editor.count')}
            description={t('editor.countHint')}
            min={1}
            max={testLimits.questions}
            allowDecimal={false}
            value={draft.count}
            onChange={(v) => set({ count: numberOrEmpty(v) })}
            error={message('count')}
            maw={240}
          />
          <Select
            label={t('editor.category')}
            placeholder={t('editor.anyCategory')}
            data={(categories.data?.categories ?? []).map((c) => ({
              value: String(c.id),
              label: t('editor.categoryOption', { name: c.name, count: c.questions }),
            }))}
            value={draft.categoryId === null ? null : String(draft.categoryId)}
            onChange={(v) => set({ categoryId: v ? Number(v) : null })}
            clearable
            searchable
            maw={360}
          />
          <TagsInput
            label={t('editor.tags')}
            description={t('editor.tagsHint')}
            value={draft.tags}
            onChange={(tags) => set({ tags: tags.map((x) => x.slice(0, 40)) })}
            maxTags={testLimits.tags}
            maw={480}
          />
        </Stack>
      )}
      <Group gap="xl">
        <Switch
          label={t('editor.shuffleQuestions')}
          checked={draft.shuffleQuestions}
          onChange={(e) => set({ shuffleQuestions: e.currentTarget.checked })}
        />
        <Switch
          label={t('editor.shuffleAnswers')}
          checked={draft.shuffleAnswers}
          onChange={(e) => set({ shuffleAnswers: e.currentTarget.checked })}
        />
      </Group>
      <NumberInput
        label={t('editor.passMark')}
        description={t('editor.passMarkHint', { count })}
        min={0}
        max={testLimits.questions}
        allowDecimal={false}
        value={draft.passMark}
        onChange={(v) => set({ passMark: numberOrEmpty(v) })}
        error={message('passMark')}
        maw={240}
      />
      <Stack gap={6}>
        <Text fz="sm" fw={500} id="test-attempts-label">
          {t('editor.attempts')}
        </Text>
        <SegmentedControl
          aria-labelledby="test-attempts-label"
          value={draft.attempts}
          onChange={(v) => set({ attempts: v as TestDraft['attempts'] })}
          data={[
            { value: 'one', label: t('editor.attemptsOne') },
            { value: 'limited', label: t('editor.attemptsLimited') },
            { value: 'unlimited', label: t('editor.attemptsUnlimited'), disabled: limited },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {limited ? (
          <Text fz="xs" c="dimmed">
            {t('editor.attemptsNeeded')}
          </Text>
        ) : null}
        {draft.attempts === 'limited' ? (
          <NumberInput
            label={t('editor.maxAttempts')}
            min={1}
            max={testLimits.attempts}
            allowDecimal={false}
            value={draft.maxAttempts}
            onChange={(v) => set({ maxAttempts: numberOrEmpty(v) })}
            error={message('maxAttempts')}
            maw={240}
          />
        ) : message('maxAttempts') ? (
          <Text fz="sm" c="var(--mantine-color-error)" role="alert">
            {message('maxAttempts')}
          </Text>
        ) : null}
      </Stack>
      <Stack gap={6}>
        <Checkbox
          label={t('editor.timed')}
          checked={draft.timed}
          onChange={(e) => set({ timed: e.currentTarget.checked })}
        />
        {draft.timed ? (
          <NumberInput
            label={t('editor.timeLimit')}
            description={t('editor.timeLimitHint')}
            min={1}
            max={testLimits.timeLimitMinutes}
            allowDecimal={false}
            value={draft.timeLimitMinutes}
            onChange={(v) => set({ timeLimitMinutes: numberOrEmpty(v) })}
            error={message('timeLimitMinutes')}
            maw={240}
          />
        ) : null}
      </Stack>
      <Select
        label={t('editor.review')}
        data={reviewModes.map((mode) => ({ value: mode, label: t(`editor.reviewModes.${mode}`) }))}
        value={draft.review}
        onChange={(v) => v && set({ review: v as TestDraft['review'] })}
        allowDeselect={false}
        maw={480}
      />
      <Select
        label={t('editor.counted')}
        data={countedAttempts.map((c) => ({ value: c, label: t(`editor.countedModes.${c}`) }))}
        value={draft.countedAttempt}
        onChange={(v) => v && set({ countedAttempt: v as TestDraft['countedAttempt'] })}
        allowDeselect={false}
        maw={480}
      />
    </Stack>
  );
}
