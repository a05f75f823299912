import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconEye, IconPlus } from '@tabler/icons-react';
import type { ReactionSettingsInput } from '@trilha/contracts/learning';
import { languageCodes, type LanguageCode } from '@trilha/contracts/session';
import { isChoiceKind, surveyLimits } from '@trilha/contracts/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QuestionEditor } from '../../../components/surveys/question-editor';
import { newQuestion, previewOf, type QuestionDraft } from '../../../components/surveys/survey-draft';
import { SurveyForm } from '../../../components/surveys/survey-form';

/** A reaction evaluation's questions as the editor keeps them (texts per language). */
export type ReactionDraft = QuestionDraft[];

type Localized = Partial<Record<LanguageCode, string>>;
const textsOf = (t: Localized) => ({
  'pt-BR': t['pt-BR'] ?? '',
  'en-US': t['en-US'] ?? '',
  es: t.es ?? '',
  fr: t.fr ?? '',
});

export function reactionDraftOf(settings: ReactionSettingsInput | null | undefined): ReactionDraft {
  if (!settings?.questions.length) return [newQuestion()];
  return settings.questions.map((q) => ({
    kind: q.kind,
    text: textsOf(q.text),
    required: q.required ?? true,
    options: (q.options ?? []).map((o) => textsOf(o.text)),
  }));
}

export function reactionSettingsOf(draft: ReactionDraft): ReactionSettingsInput {
  return {
    questions: draft.map((q) => ({
      kind: q.kind,
      text: q.text,
      required: q.required,
      options: isChoiceKind(q.kind) ? q.options.map((text) => ({ text })) : [],
    })),
  };
}

/**
 * The reaction evaluation's part of the activity editor: its questions written with the survey builder's
 * question editor (texts per language), a preview as the learner sees it in the chosen language, and,
 * once saved, the way to its results.
 */
export function ReactionQuestionsField({
  draft,
  onChange,
  activityId,
}: {
  draft: ReactionDraft;
  onChange: (draft: ReactionDraft) => void;
  activityId: number | null;
}) {
  const { t } = useTranslation('surveys');
  const [lang, setLang] = useState<LanguageCode>('pt-BR');
  const [previewing, setPreviewing] = useState(false);
  const move = (i: number, by: -1 | 1) => {
    const qs = [...draft];
    const [q] = qs.splice(i, 1);
    qs.splice(i + by, 0, q!);
    onChange(qs);
  };
  const preview = previewOf(
    {
      title: { 'pt-BR': '', 'en-US': '', es: '', fr: '' },
      description: { 'pt-BR': '', 'en-US': '', es: '', fr: '' },
      startsAt: '',
      endsAt: '',
      published: false,
      mandatory: false,
      areaIds: [],
      groupIds: [],
      countryIds: [],
      roles: [],
      ownerIds: [],
      questions: draft,
    },
    lang,
  );
  return (
    <Stack gap="sm" data-testid="reaction-editor">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="md">
          {t('reaction.editorTitle')}
        </Title>
        {activityId ? (
          <Button
            component={Link}
            to={`/admin/reaction-results/${activityId}`}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChartBar size={14} aria-hidden />}
          >
            {t('reaction.results')}
          </Button>
        ) : null}
      </Group>
      <Text fz="sm" c="dimmed">
        {t('reaction.editorHint')}
      </Text>
      <Stack gap={4}>
        <Text fz="sm" fw={600} id="reaction-language">
          {t('builder.language')}
        </Text>
        <SegmentedControl
          aria-labelledby="reaction-language"
          data={languageCodes.map((l) => ({ value: l, label: l }))}
          value={lang}
          onChange={(v) => setLang(v as LanguageCode)}
        />
        <Text fz="xs" c="dimmed">
          {t('builder.languageHint')}
        </Text>
      </Stack>
      {draft.map((q, i) => (
        <QuestionEditor
          key={i}
          q={q}
          index={i}
          count={draft.length}
          lang={lang}
          frozen={false}
          onChange={(next) => onChange(draft.map((x, j) => (j === i ? next : x)))}
          onMove={(by) => move(i, by)}
          onRemove={() => onChange(draft.filter((_, j) => j !== i))}
        />
      ))}
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={draft.length >= surveyLimits.questions}
          onClick={() => onChange([...draft, newQuestion()])}
        >
          {t('builder.addQuestion')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconEye size={16} aria-hidden />}
          onClick={() => setPreviewing((p) => !p)}
          aria-expanded={previewing}
        >
          {previewing ? t('builder.closePreview') : t('builder.preview')}
        </Button>
      </Group>
      {previewing ? (
        <Paper withBorder p="md" radius="md" bg="gray.0" data-testid="reaction-preview">
          <Stack gap="sm">
            <Text fw={700}>{t('builder.previewTitle')}</Text>
            {preview.questions.some((q) => !q.text) ? (
              <Alert color="yellow">{t('reaction.previewIncomplete')}</Alert>
            ) : null}
            <SurveyForm survey={{ ...preview, title: t('builder.previewTitle') }} preview />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
