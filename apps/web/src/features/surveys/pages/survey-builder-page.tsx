import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconEye, IconPlus, IconX } from '@tabler/icons-react';
import { languageCodes, roleNames, type LanguageCode } from '@trilha/contracts/session';
import { surveyLimits } from '@trilha/contracts/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import { useSession } from '../../../lib/session-store';
import { useAdminSurvey, useAudienceTaxonomy, useOwnerSearch, useSaveSurvey } from '../api/surveys';
import { QuestionEditor } from '../../../components/surveys/question-editor';
import { SurveyForm } from '../../../components/surveys/survey-form';
import {
  bodyOf,
  draftOf,
  emptyDraft,
  newQuestion,
  previewOf,
  type QuestionDraft,
  type SurveyDraft,
} from '../../../components/surveys/survey-draft';

/** The refusal's field codes, each with where it was found (`questions.0.options` …). */
function issuesOf(error: unknown): { path: string; code: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return (error.details as { path?: string; code?: string }[])
    .filter((d) => d.code)
    .map((d) => ({ path: d.path ?? '', code: d.code! }));
}

function Owners({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('surveys');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useOwnerSearch(debounced);
  const [names, setNames] = useState<Record<number, string>>({});
  const nameOf = (id: number) => names[id] ?? `#${id}`;
  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm">
        {t('builder.owners')}
      </Text>
      {value.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('builder.noOwners')}
        </Text>
      ) : (
        <Group gap={6} wrap="wrap">
          {value.map((id) => (
            <Badge
              key={id}
              variant="light"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={t('builder.ownerRemove', { name: nameOf(id) })}
                  onClick={() => onChange(value.filter((x) => x !== id))}
                >
                  <IconX size={12} aria-hidden />
                </ActionIcon>
              }
            >
              {nameOf(id)}
            </Badge>
          ))}
        </Group>
      )}
      <TextInput
        label={t('builder.ownerSearch')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={100}
      />
      {found.data ? (
        <Group gap={6} wrap="wrap">
          {found.data.items
            .filter((u) => !value.includes(u.id))
            .map((u) => (
              <Button
                key={u.id}
                size="compact-sm"
                variant="default"
                leftSection={<IconPlus size={14} aria-hidden />}
                aria-label={t('builder.ownerAdd', { name: u.fullName })}
                onClick={() => {
                  setNames((n) => ({ ...n, [u.id]: u.fullName }));
                  onChange([...value, u.id]);
                }}
              >
                {u.fullName}
              </Button>
            ))}
        </Group>
      ) : null}
    </Stack>
  );
}

/** The builder's form, once the survey (or a blank one) is there. */
export function SurveyBuilder({
  id,
  initial,
  responses,
}: {
  id: number | null;
  initial: SurveyDraft;
  responses: number;
}) {
  const { t } = useTranslation('surveys');
  const { t: tl } = useTranslation('learning-admin');
  const navigate = useNavigate();
  const session = useSession();
  const taxonomy = useAudienceTaxonomy();
  const save = useSaveSurvey();
  const [draft, setDraft] = useState(initial);
  const [lang, setLang] = useState<LanguageCode>('pt-BR');
  const [previewing, setPreviewing] = useState(false);
  const frozen = responses > 0;
  const set = (patch: Partial<SurveyDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestion = (i: number, q: QuestionDraft) =>
    set({ questions: draft.questions.map((x, j) => (j === i ? q : x)) });
  const move = (i: number, by: -1 | 1) => {
    const qs = [...draft.questions];
    const [q] = qs.splice(i, 1);
    qs.splice(i + by, 0, q!);
    set({ questions: qs });
  };
  const named = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
  const issues = issuesOf(save.error);

  const submit = () =>
    save.mutate(
      { id, body: bodyOf(draft) },
      {
        onSuccess: ({ survey }) => {
          showNotification({ message: t('admin.saved') });
          if (id === null) void navigate(`/admin/content/surveys/${survey.id}`, { replace: true });
        },
      },
    );

  return (
    <Stack gap="lg" maw={900}>
      <Group>
        <Button
          component={Link}
          to="/admin/content/surveys"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('admin.back')}
        </Button>
      </Group>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {id === null ? t('builder.titleNew') : t('builder.titleEdit')}
      </Title>
      {frozen ? <Alert color="yellow">{t('builder.hasResponses')}</Alert> : null}
      <Stack gap={4}>
        <Text fw={600} fz="sm" id="survey-language">
          {t('builder.language')}
        </Text>
        <SegmentedControl
          aria-labelledby="survey-language"
          value={lang}
          onChange={(v) => setLang(v as LanguageCode)}
          data={languageCodes.map((l) => ({ value: l, label: l }))}
        />
        <Text fz="xs" c="dimmed">
          {t('builder.languageHint')}
        </Text>
      </Stack>
      <TextInput
        label={`${t('builder.surveyTitle')} (${lang})`}
        value={draft.title[lang]}
        onChange={(e) => set({ title: { ...draft.title, [lang]: e.currentTarget.value } })}
        maxLength={surveyLimits.title}
        required={lang === 'pt-BR'}
      />
      <Textarea
        label={`${t('builder.description')} (${lang})`}
        value={draft.description[lang]}
        onChange={(e) => set({ description: { ...draft.description, [lang]: e.currentTarget.value } })}
        maxLength={surveyLimits.description}
        autosize
        minRows={2}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="datetime-local"
          label={t('builder.startsAt')}
          value={draft.startsAt}
          onChange={(e) => set({ startsAt: e.currentTarget.value })}
          required
        />
        <TextInput
          type="datetime-local"
          label={t('builder.endsAt')}
          value={draft.endsAt}
          onChange={(e) => set({ endsAt: e.currentTarget.value })}
          required
        />
        <Switch
          label={t('builder.published')}
          checked={draft.published}
          onChange={(e) => set({ published: e.currentTarget.checked })}
        />
        <Switch
          label={t('builder.mandatory')}
          checked={draft.mandatory}
          onChange={(e) => set({ mandatory: e.currentTarget.checked })}
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('builder.audience')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('builder.audienceHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={t('builder.areas')}
              data={named(taxonomy.data?.areas)}
              value={draft.areaIds}
              onChange={(areaIds) => set({ areaIds })}
              searchable
              clearable
            />
            <MultiSelect
              label={t('builder.groups')}
              data={named(taxonomy.data?.groups)}
              value={draft.groupIds}
              onChange={(groupIds) => set({ groupIds })}
              searchable
              clearable
            />
            <MultiSelect
              label={t('builder.countries')}
              data={named(session?.countries)}
              value={draft.countryIds}
              onChange={(countryIds) => set({ countryIds })}
              searchable
              clearable
            />
            <MultiSelect
              label={t('builder.roles')}
              data={roleNames.map((role) => ({ value: role, label: tl(`roles.${role}`) }))}
              value={draft.roles}
              onChange={(roles) => set({ roles })}
              searchable
              clearable
            />
          </SimpleGrid>
          <Owners value={draft.ownerIds} onChange={(ownerIds) => set({ ownerIds })} />
        </Stack>
      </Paper>
      <Title order={2} fz="lg">
        {t('builder.questions')}
      </Title>
      {draft.questions.map((q, i) => (
        <QuestionEditor
          key={i}
          q={q}
          index={i}
          count={draft.questions.length}
          lang={lang}
          frozen={frozen}
          onChange={(next) => setQuestion(i, next)}
          onMove={(by) => move(i, by)}
          onRemove={() => set({ questions: draft.questions.filter((_, j) => j !== i) })}
        />
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={frozen || draft.questions.length >= surveyLimits.questions}
          onClick={() => set({ questions: [...draft.questions, newQuestion()] })}
        >
          {t('builder.addQuestion')}
        </Button>
      </Group>
      {save.isError ? (
        <Alert color="red" role="alert">
          <Text>{apiErrorText(save.error)}</Text>
          {issues.length > 0 ? (
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {issues.map((x, i) => (
                <li key={i}>
                  <Text fz="sm">
                    {x.path}: {errorText(x.code)}
                  </Text>
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <Group justify="flex-end" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconEye size={16} aria-hidden />}
          onClick={() => setPreviewing(true)}
        >
          {t('builder.preview')}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {t('builder.save')}
        </Button>
      </Group>
      <Modal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        title={t('builder.previewTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('builder.closePreview') }}
      >
        {previewing ? (
          <Stack>
            <Title order={2} fz="xl">
              {previewOf(draft, lang).title}
            </Title>
            <SurveyForm survey={previewOf(draft, lang)} preview />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

/** /admin/content/surveys/:id (or `new`): the survey builder with its preview. */
export default function SurveyBuilderPage() {
  const { t } = useTranslation('surveys');
  const param = useParams().id;
  const id = param === 'new' ? null : Number(param);
  const query = useAdminSurvey(id !== null && Number.isInteger(id) && id > 0 ? id : null);
  if (id === null) return <SurveyBuilder key="new" id={null} initial={emptyDraft()} responses={0} />;
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Alert color="yellow" role="alert">
        {errorText('NOT_FOUND')}
      </Alert>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {apiErrorText(query.error)}
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('admin.loading')} />
      </Center>
    );
  }
  const s = query.data.survey;
  return <SurveyBuilder key={s.id} id={s.id} initial={draftOf(s)} responses={s.responses} />;
}
