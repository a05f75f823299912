import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  adminCourse,
  completionModeOf,
  completionModesByKind,
  contentActivityKinds,
  DEFAULT_MIN_SECONDS,
  type ActivityBody,
  type AdminActivity,
  type AdminCourse,
  type CompletionMode,
  type ContentActivityKind,
} from '@trilha/contracts/learning';
import {
  isTestActivityKind,
  testActivityKinds,
  type TestActivityKind,
} from '@trilha/contracts/learning/test-settings';
import { gameKinds, isGameKind, type GameKind } from '@trilha/contracts/learning/games';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { adminKeys, courseApi, uploadUrls, useCourseWrite } from '../api/admin';
import { AwardsEditor } from './awards-editor';
import {
  ReactionQuestionsField,
  reactionDraftOf,
  reactionSettingsOf,
  type ReactionDraft,
} from './reaction-questions-field';
import { testDraftIssues, testDraftOf, testSettingsOf, type TestDraft } from './test-draft';
import { TestSettingsFields } from './test-settings-fields';
import { UploadField } from './upload-field';
import { ScormImportReport } from './scorm-import-report';
import {
  apiGameIssues,
  gameDraftIssues,
  gameDraftOf,
  newGameDraft,
  type GameDraft,
} from './games/game-draft';

const GameEditor = lazy(() => import('./games/game-editor'));

/** Kinds whose content is an uploaded file, and what the drop zone takes. */
const fileKinds: Partial<Record<ContentActivityKind, Record<string, string[]> | undefined>> = {
  pdf: { 'application/pdf': ['.pdf'] },
  video: { 'video/*': ['.mp4', '.webm', '.m4v', '.mov'] },
  audio: { 'audio/*': ['.mp3', '.m4a', '.ogg', '.wav'] },
  scorm: { 'application/zip': ['.zip'], 'application/x-zip-compressed': ['.zip'] },
  html: { 'application/zip': ['.zip'], 'text/html': ['.html', '.htm'] },
  flash: { 'application/x-shockwave-flash': ['.swf'] },
  ppt: {
    'application/vnd.ms-powerpoint': ['.ppt', '.pps'],
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  },
  file: undefined,
  wowza: { 'application/zip': ['.zip'] },
};

interface Draft {
  kind: ContentActivityKind | TestActivityKind | 'reaction_evaluation' | GameKind;
  title: string;
  description: string;
  requiresPrevious: boolean;
  requiresAuthorization: boolean;
  videoId: string;
  streamUrl: string;
  embedUrl: string;
  completionPercent: number;
  /** Unset: the kind's default (the first it offers). */
  completionMode: CompletionMode | null;
  minSeconds: number;
  /** SCORM: attempts allowed (0: no limit) and whether a finished attempt may be retaken. */
  scormMaxAttempts: number;
  scormRetake: boolean;
  /** A test kind's settings. */
  test: TestDraft;
  /** A reaction evaluation's questions. */
  reaction: ReactionDraft;
  /** A game kind's settings (with the solution), or null for other kinds. */
  game: GameDraft | null;
}

function draftOf(activity: AdminActivity | null): Draft {
  const s = activity?.settings ?? {};
  return {
    kind: (activity?.kind as Draft['kind'] | undefined) ?? 'pdf',
    title: activity?.title ?? '',
    description: activity?.description ?? '',
    requiresPrevious: activity?.requiresPrevious ?? false,
    requiresAuthorization: activity?.requiresAuthorization ?? false,
    videoId: s.videoId ?? '',
    streamUrl: s.streamUrl ?? '',
    embedUrl: s.embedUrl ?? '',
    completionPercent: Math.round((s.completionThreshold ?? 0.9) * 100),
    completionMode: s.completion ?? null,
    minSeconds: s.minSeconds ?? DEFAULT_MIN_SECONDS,
    scormMaxAttempts: s.maxAttempts ?? 0,
    scormRetake: s.retakeAfterPass ?? false,
    test: testDraftOf(activity?.test),
    reaction: reactionDraftOf(activity?.reaction),
    game: activity && isGameKind(activity.kind) ? gameDraftOf(activity.kind, activity.game) : null,
  };
}

const mediaKinds: string[] = ['video', 'audio', 'youtube', 'vimeo', 'wowza'];

/** What the draft saves: its kind's member of the activity body, with only that kind's settings. */
function bodyOf(draft: Draft, completion: CompletionMode | null): ActivityBody {
  const fields = {
    title: draft.title,
    description: draft.description,
    requiresPrevious: draft.requiresPrevious,
    requiresAuthorization: draft.requiresAuthorization,
  };
  const watched = { completionThreshold: draft.completionPercent / 100 };
  if (isTestActivityKind(draft.kind))
    return { kind: draft.kind, ...fields, settings: testSettingsOf(draft.test) };
  if (isGameKind(draft.kind))
    return {
      kind: draft.kind,
      ...fields,
      settings: draft.game ?? newGameDraft(draft.kind),
    } as ActivityBody;
  if (draft.kind === 'reaction_evaluation')
    return { kind: 'reaction_evaluation', ...fields, settings: reactionSettingsOf(draft.reaction) };
  const completes = completion
    ? { completion, ...(completion === 'time' ? { minSeconds: draft.minSeconds } : {}) }
    : {};
  switch (draft.kind) {
    case 'youtube':
    case 'vimeo':
      return { kind: draft.kind, ...fields, settings: { videoId: draft.videoId, ...watched } };
    case 'wowza':
      return {
        kind: 'wowza',
        ...fields,
        settings: { ...(draft.streamUrl ? { streamUrl: draft.streamUrl } : {}), ...watched },
      };
    case 'video':
    case 'audio':
      return { kind: draft.kind, ...fields, settings: watched };
    case 'scorm':
      return {
        kind: 'scorm',
        ...fields,
        settings: { maxAttempts: draft.scormMaxAttempts, retakeAfterPass: draft.scormRetake },
      };
    case 'slideshare':
      return { kind: 'slideshare', ...fields, settings: { embedUrl: draft.embedUrl, ...completes } };
    default:
      return { kind: draft.kind, ...fields, settings: completes };
  }
}

/** Create or edit an activity of any content kind; file kinds upload once the activity exists. */
export function ActivityModal({
  courseId,
  moduleId,
  activity,
  opened,
  onClose,
}: {
  courseId: number;
  moduleId: number;
  activity: AdminActivity | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('learning-admin');
  const { t: tt } = useTranslation('assessments-player');
  const { t: ts } = useTranslation('surveys');
  const { t: tg } = useTranslation('games');
  const [draft, setDraft] = useState(() => draftOf(activity));
  const [savedId, setSavedId] = useState<number | null>(activity?.id ?? null);
  const [current, setCurrent] = useState<AdminActivity | null>(activity);
  const client = useQueryClient();
  const write = useCourseWrite(courseId, (course: Promise<AdminCourse>) => course);
  const isFileKind = draft.kind in fileKinds;

  const findActivity = (course: AdminCourse, id: number | null, title: string) => {
    const all = course.modules.flatMap((m) => m.activities);
    return (
      (id
        ? all.find((a) => a.id === id)
        : all.filter((a) => a.moduleId === moduleId && a.title === title).at(-1)) ?? null
    );
  };

  // The mode the draft will save: the chosen one when its kind offers it, else the kind's default.
  const completion = completionModeOf(draft.kind, { completion: draft.completionMode ?? undefined });
  const completionChoices = completionModesByKind[draft.kind as ContentActivityKind] ?? [];
  const testKind = isTestActivityKind(draft.kind) ? draft.kind : null;
  // A test's problems show once the author tried to save, and follow the edits from then on.
  const [checkTest, setCheckTest] = useState(false);
  const testIssues = testKind && checkTest ? testDraftIssues(testKind, draft.test) : null;
  const gameKind = isGameKind(draft.kind) ? draft.kind : null;
  // A game's problems show once the author tried to save; the API's, until the next edit.
  const [checkGame, setCheckGame] = useState(false);
  const [serverGameIssues, setServerGameIssues] = useState<Map<string, string>>(new Map());
  const gameIssues =
    gameKind && draft.game
      ? new Map([...serverGameIssues, ...(checkGame ? gameDraftIssues(gameKind, draft.game) : [])])
      : new Map<string, string>();

  const save = () => {
    if (testKind && testDraftIssues(testKind, draft.test).size > 0) {
      setCheckTest(true);
      // Take the author to the first problem: the modal may be scrolled far from it.
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>(
          '[data-testid="test-settings"] [aria-invalid="true"], [data-testid="questions-error"]',
        );
        first?.scrollIntoView({ block: 'center' });
        if (first instanceof HTMLInputElement) first.focus();
      });
      return;
    }
    if (gameKind && gameDraftIssues(gameKind, draft.game).size > 0) {
      setCheckGame(true);
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>(
          '[data-testid="game-editor"] [aria-invalid="true"], [data-testid="game-editor"] [role="alert"]',
        );
        first?.scrollIntoView({ block: 'center' });
        if (first instanceof HTMLInputElement || first instanceof HTMLTextAreaElement) first.focus();
      });
      return;
    }
    const body = bodyOf(draft, completion);
    write.mutate(savedId ? courseApi.updateActivity(savedId, body) : courseApi.addActivity(moduleId, body), {
      onSuccess: (course) => {
        const saved = findActivity(course, savedId, draft.title);
        setSavedId(saved?.id ?? savedId);
        setCurrent(saved);
        if (!(draft.kind in fileKinds) || (saved?.ready ?? false)) onClose();
      },
      onError: (error) => setServerGameIssues(apiGameIssues(error)),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={activity ? t('activity.editTitle') : t('activity.newTitle')}
      size={gameKind ? 'min(1200px, 100%)' : 'lg'}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Select
          label={t('activity.kind')}
          data={[
            {
              group: tt('editor.contentKinds'),
              items: contentActivityKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
            },
            {
              group: tt('editor.testKinds'),
              items: testActivityKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
            },
            {
              group: ts('reaction.kindGroup'),
              items: [{ value: 'reaction_evaluation', label: t('kinds.reaction_evaluation') }],
            },
            {
              group: tg('editor.kindGroup'),
              items: gameKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
            },
          ]}
          value={draft.kind}
          onChange={(kind) => {
            if (!kind) return;
            const next = kind as Draft['kind'];
            setCheckGame(false);
            setDraft({ ...draft, kind: next, game: isGameKind(next) ? newGameDraft(next) : null });
          }}
          disabled={savedId !== null}
          allowDeselect={false}
          data-testid="activity-kind"
        />
        <TextInput
          label={t('activity.title')}
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
          required
          maxLength={200}
          data-testid="activity-title"
        />
        <Textarea
          label={t('activity.description')}
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={5000}
        />
        {draft.kind === 'youtube' || draft.kind === 'vimeo' ? (
          <TextInput
            label={t('activity.videoId')}
            description={t(`activity.videoIdHint.${draft.kind}`)}
            value={draft.videoId}
            onChange={(e) => setDraft({ ...draft, videoId: e.currentTarget.value })}
            required
          />
        ) : null}
        {draft.kind === 'wowza' ? (
          <TextInput
            label={t('activity.streamUrl')}
            description={t('activity.streamUrlHint')}
            value={draft.streamUrl}
            onChange={(e) => setDraft({ ...draft, streamUrl: e.currentTarget.value })}
          />
        ) : null}
        {draft.kind === 'slideshare' ? (
          <TextInput
            label={t('activity.embedUrl')}
            value={draft.embedUrl}
            onChange={(e) => setDraft({ ...draft, embedUrl: e.currentTarget.value })}
            required
          />
        ) : null}
        {mediaKinds.includes(draft.kind) ? (
          <NumberInput
            label={t('activity.completion')}
            description={t('activity.completionHint')}
            value={draft.completionPercent}
            min={10}
            max={100}
            suffix="%"
            onChange={(v) => typeof v === 'number' && setDraft({ ...draft, completionPercent: v })}
          />
        ) : null}
        {completion && completionChoices.length > 1 ? (
          <Select
            label={t('activity.completionMode')}
            description={t('activity.completionModeHint')}
            data={completionChoices.map((mode) => ({
              value: mode,
              label: t(`activity.completionModes.${mode}`),
            }))}
            value={completion}
            onChange={(mode) => mode && setDraft({ ...draft, completionMode: mode as CompletionMode })}
            allowDeselect={false}
            data-testid="activity-completion"
          />
        ) : null}
        {draft.kind === 'scorm' ? (
          <>
            <NumberInput
              label={t('activity.scormMaxAttempts')}
              description={t('activity.scormMaxAttemptsHint')}
              value={draft.scormMaxAttempts}
              min={0}
              max={100}
              allowDecimal={false}
              onChange={(v) => typeof v === 'number' && setDraft({ ...draft, scormMaxAttempts: v })}
              data-testid="activity-scorm-attempts"
            />
            <Checkbox
              label={t('activity.scormRetake')}
              checked={draft.scormRetake}
              onChange={(e) => setDraft({ ...draft, scormRetake: e.currentTarget.checked })}
              data-testid="activity-scorm-retake"
            />
          </>
        ) : null}
        {completion === 'time' ? (
          <NumberInput
            label={t('activity.minSeconds')}
            description={t('activity.minSecondsHint')}
            value={draft.minSeconds}
            min={10}
            max={14_400}
            step={10}
            onChange={(v) => typeof v === 'number' && setDraft({ ...draft, minSeconds: v })}
            data-testid="activity-min-seconds"
          />
        ) : null}
        {testKind ? (
          <TestSettingsFields
            kind={testKind}
            draft={draft.test}
            onChange={(test) => setDraft({ ...draft, test })}
            issues={testIssues}
          />
        ) : null}
        {draft.kind === 'reaction_evaluation' ? (
          <ReactionQuestionsField
            draft={draft.reaction}
            onChange={(reaction) => setDraft({ ...draft, reaction })}
            activityId={savedId}
          />
        ) : null}
        {gameKind && draft.game ? (
          <Suspense fallback={<Loader size="sm" aria-label={tg('editor.loading')} />}>
            <GameEditor
              kind={gameKind}
              value={draft.game}
              onChange={(game) => {
                setServerGameIssues(new Map());
                setDraft({ ...draft, game });
              }}
              issues={gameIssues}
            />
          </Suspense>
        ) : null}
        {gameIssues.size > 0 ? (
          <Alert color="red" role="alert" data-testid="game-invalid">
            {tg('editor.invalid')}
          </Alert>
        ) : null}
        {testIssues && testIssues.size > 0 ? (
          <Alert color="red" role="alert" data-testid="test-settings-invalid">
            {tt('editor.invalid')}
          </Alert>
        ) : null}
        <Checkbox
          label={t('activity.requiresPrevious')}
          checked={draft.requiresPrevious}
          onChange={(e) => setDraft({ ...draft, requiresPrevious: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('activity.requiresAuthorization')}
          checked={draft.requiresAuthorization}
          onChange={(e) => setDraft({ ...draft, requiresAuthorization: e.currentTarget.checked })}
        />
        {write.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(write.error)}
          </Alert>
        ) : null}
        {isFileKind && savedId ? (
          <UploadField
            url={uploadUrls.activityFile(savedId)}
            schema={adminCourse}
            accept={fileKinds[draft.kind as ContentActivityKind]}
            label={draft.kind === 'scorm' ? t('activity.scormFile') : t('activity.file')}
            hint={t(`activity.fileHint.${draft.kind === 'scorm' ? 'scorm' : 'other'}`)}
            current={
              current?.scorm
                ? `${current.scorm.title} (SCORM ${current.scorm.version})`
                : (current?.file?.name ?? null)
            }
            onUploaded={(course) => {
              write.reset();
              client.setQueryData(adminKeys.course(course.id), course);
              setCurrent(findActivity(course, savedId, draft.title));
            }}
          />
        ) : isFileKind ? (
          <Text fz="sm" c="dimmed">
            {t('activity.saveFirst')}
          </Text>
        ) : null}
        {draft.kind === 'scorm' && savedId && current?.scorm ? (
          <ScormImportReport scorm={current.scorm} />
        ) : null}
        <Divider label={t('awards.activityTitle')} labelPosition="left" />
        {savedId ? (
          <AwardsEditor type="activity" id={savedId} />
        ) : (
          <Text fz="sm" c="dimmed">
            {t('awards.saveActivityFirst')}
          </Text>
        )}
        <Divider />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {current?.ready || !isFileKind ? t('actions.close') : t('actions.cancel')}
          </Button>
          <Button
            onClick={save}
            loading={write.isPending}
            disabled={!draft.title.trim()}
            data-testid="activity-save"
          >
            {savedId ? t('actions.save') : isFileKind ? t('activity.createAndUpload') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
