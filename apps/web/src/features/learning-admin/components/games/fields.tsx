import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { gameLimits, type GameFace } from '@trilha/contracts/learning/games';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../../lib/form-errors';
import { errorText } from '../../../../lib/i18n';
import type { GameDraft, GameIssues } from './game-draft';
import { useGameImageUpload } from './use-game-image-upload';

/** The draft's issues, by path, for the fields below the editor. */
export const IssuesContext = createContext<GameIssues>(new Map());

/** The translated text of the issue at `path`, if any. */
export function useIssue() {
  const issues = useContext(IssuesContext);
  const { t } = useTranslation('games');
  return (path: string): string | undefined => {
    const code = issues.get(path);
    if (!code) return undefined;
    return code === 'REQUIRED' ? t('editor.required') : errorText(code);
  };
}

/** The first issue at `path` or below it (`parts`, `parts.3.answer` …), translated. */
export function useIssueUnder() {
  const issues = useContext(IssuesContext);
  const issue = useIssue();
  return (path: string): string | undefined => {
    const key = [...issues.keys()].find((k) => k === path || k.startsWith(`${path}.`));
    return key === undefined ? undefined : issue(key);
  };
}

/** An issue about a whole list (`items`, `parts`): shown under it. */
export function ListIssue({ path }: { path: string }) {
  const issue = useIssue()(path);
  return issue ? (
    <Text c="red" fz="sm" role="alert" data-testid={`issue-${path}`}>
      {issue}
    </Text>
  ) : null;
}

/** A picture uploaded for the game, with its preview and a remove button. */
export function ImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | undefined;
  onChange: (url: string | undefined) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('games');
  const upload = useGameImageUpload();
  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap="xs" align="center">
        {value ? <Image src={value} alt="" h={48} w={48} fit="contain" radius="sm" /> : null}
        <FileButton
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(file) => {
            if (file) upload.mutate(file, { onSuccess: ({ url }) => onChange(url) });
          }}
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPhotoPlus size={16} />}
              loading={upload.isPending}
              aria-label={`${label}: ${value ? t('editor.replaceImage') : t('editor.uploadImage')}`}
            >
              {value ? t('editor.replaceImage') : t('editor.uploadImage')}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange(undefined)}>
            {t('editor.removeImage')}
          </Button>
        ) : null}
      </Group>
      {upload.isError ? (
        <Text c="red" fz="sm" role="alert">
          {apiErrorText(upload.error)}
        </Text>
      ) : null}
    </Input.Wrapper>
  );
}

/** A card, item or side: a text, a picture, or both. */
export function FaceField({
  label,
  value,
  onChange,
  path,
}: {
  label: string;
  value: GameFace;
  onChange: (face: GameFace) => void;
  path: string;
}) {
  const { t } = useTranslation('games');
  const issue = useIssue();
  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        value={value.text}
        maxLength={gameLimits.shortText}
        onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
        error={issue(path) ?? issue(`${path}.text`)}
      />
      <ImageField
        label={t('editor.imageOf', { name: label })}
        value={value.imageUrl}
        onChange={(imageUrl) => {
          const { imageUrl: _old, ...rest } = value;
          onChange(imageUrl ? { ...rest, imageUrl } : rest);
        }}
        error={issue(`${path}.imageUrl`)}
      />
    </Stack>
  );
}

/** A delete button of a list's row. */
export function RemoveButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} disabled={disabled}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

/** What every game has: instructions, allowed errors, time limit, points and XP. */
export function CommonFields({
  value,
  onChange,
}: {
  value: GameDraft;
  onChange: (value: GameDraft) => void;
}) {
  const { t } = useTranslation('games');
  const issue = useIssue();
  const set = (patch: Partial<GameDraft>) => onChange({ ...value, ...patch } as GameDraft);
  const num = (v: string | number) => (typeof v === 'number' ? v : 0);
  return (
    <Stack gap="sm">
      <Textarea
        label={t('editor.instructions')}
        value={value.instructions}
        maxLength={gameLimits.longText}
        autosize
        minRows={2}
        onChange={(e) => set({ instructions: e.currentTarget.value })}
        error={issue('instructions')}
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('editor.allowedErrors')}
          min={0}
          max={gameLimits.allowedErrors}
          value={value.allowedErrors}
          onChange={(v) => set({ allowedErrors: num(v) })}
          error={issue('allowedErrors')}
          data-testid="game-allowed-errors"
        />
      </Group>
      <Switch
        label={t('editor.timeLimitOn')}
        checked={value.timeLimitSeconds !== null}
        onChange={(e) => set({ timeLimitSeconds: e.currentTarget.checked ? 120 : null })}
      />
      {value.timeLimitSeconds !== null ? (
        <NumberInput
          label={t('editor.timeLimit')}
          description={t('editor.timeLimitHint')}
          min={10}
          max={gameLimits.timeLimitSeconds}
          value={value.timeLimitSeconds}
          onChange={(v) => set({ timeLimitSeconds: num(v) })}
          error={issue('timeLimitSeconds')}
          data-testid="game-time-limit"
        />
      ) : null}
      <Group grow align="flex-start">
        <NumberInput
          label={t('editor.points')}
          min={0}
          max={gameLimits.award}
          value={value.points}
          onChange={(v) => set({ points: num(v) })}
          error={issue('points')}
          data-testid="game-points"
        />
        <NumberInput
          label={t('editor.xp')}
          min={0}
          max={gameLimits.award}
          value={value.xp}
          onChange={(v) => set({ xp: num(v) })}
          error={issue('xp')}
          data-testid="game-xp"
        />
      </Group>
      <Text fz="xs" c="dimmed">
        {t('editor.awardHint')}
      </Text>
    </Stack>
  );
}
