import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { gameLimits, type GameFace, type GameKind } from '@trilha/contracts/learning/games';
import { useTranslation } from 'react-i18next';
import { nextId, type GameDraft } from './game-draft';
import { FaceField, ImageField, ListIssue, RemoveButton, useIssue } from './fields';

export interface KindEditorProps<K extends GameKind> {
  value: GameDraft<K>;
  onChange: (value: GameDraft<K>) => void;
}

/** Replaces the element at `index` of a list. */
export const replaceAt = <T,>(list: readonly T[], index: number, value: T): T[] =>
  list.map((e, i) => (i === index ? value : e));
export const removeAt = <T,>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** The labels of a two-face list: its entry's fieldset, each face (in order), remove and add. */
const twoFaceLabels = {
  pairs: {
    entry: 'editor.pairs.pair',
    faces: ['editor.pairs.a', 'editor.pairs.b'],
    remove: 'editor.pairs.remove',
    add: 'editor.pairs.add',
  },
  cards: {
    entry: 'editor.cards.card',
    faces: ['editor.cards.front', 'editor.cards.back'],
    remove: 'editor.cards.remove',
    add: 'editor.cards.add',
  },
} as const;

/**
 * A list of entries with two faces each (the pairs' two cards, the cards' front and back): each entry's
 * fields and remove button, the list's issue and the add button.
 */
function TwoFaceList<F extends string, E extends { id: string } & Record<F, GameFace>>({
  list,
  group,
  faces,
  min,
  max,
  idPrefix,
  onChange,
}: {
  list: readonly E[];
  /** The list's field in the settings (`pairs`, `cards`), its issues' path too. */
  group: keyof typeof twoFaceLabels;
  faces: readonly [F, F];
  min: number;
  max: number;
  idPrefix: string;
  onChange: (list: E[]) => void;
}) {
  const { t } = useTranslation('games');
  const labels = twoFaceLabels[group];
  return (
    <>
      {list.map((e, i) => (
        <Fieldset key={e.id} legend={t(labels.entry, { number: i + 1 })}>
          <Group align="flex-start" wrap="nowrap">
            {faces.map((face, f) => (
              <FaceField
                key={face}
                label={t(labels.faces[f]!, { number: i + 1 })}
                value={e[face]}
                path={`${group}.${i}.${face}`}
                onChange={(v) => onChange(replaceAt(list, i, { ...e, [face]: v }))}
              />
            ))}
            <RemoveButton
              label={t(labels.remove, { number: i + 1 })}
              disabled={list.length <= min}
              onClick={() => onChange(removeAt(list, i))}
            />
          </Group>
        </Fieldset>
      ))}
      <ListIssue path={group} />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={list.length >= max}
        onClick={() => {
          const blank = { [faces[0]]: { text: '' }, [faces[1]]: { text: '' } } as Record<F, GameFace>;
          onChange([...list, { id: nextId(idPrefix, list), ...blank } as E]);
        }}
      >
        {t(labels.add)}
      </Button>
    </>
  );
}

export function FindThePairsEditor({ value, onChange }: KindEditorProps<'find_the_pairs'>) {
  return (
    <Stack gap="sm">
      <TwoFaceList
        list={value.pairs}
        group="pairs"
        faces={['a', 'b']}
        min={2}
        max={gameLimits.pairs}
        idPrefix="p"
        onChange={(pairs) => onChange({ ...value, pairs })}
      />
    </Stack>
  );
}

export function ThisOrThatEditor({ value, onChange }: KindEditorProps<'this_or_that'>) {
  const { t } = useTranslation('games');
  const items = value.items;
  const sideLabel = (side: 'left' | 'right') =>
    (side === 'left' ? value.left.text : value.right.text) || t(`editor.thisOrThat.${side}`);
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <FaceField
          label={t('editor.thisOrThat.left')}
          value={value.left}
          path="left"
          onChange={(left) => onChange({ ...value, left })}
        />
        <FaceField
          label={t('editor.thisOrThat.right')}
          value={value.right}
          path="right"
          onChange={(right) => onChange({ ...value, right })}
        />
      </Group>
      {items.map((item, i) => (
        <Fieldset key={item.id} legend={t('editor.item', { number: i + 1 })}>
          <Group align="flex-end" wrap="wrap">
            <FaceField
              label={t('editor.itemText', { number: i + 1 })}
              value={item.face}
              path={`items.${i}.face`}
              onChange={(face) => onChange({ ...value, items: replaceAt(items, i, { ...item, face }) })}
            />
            <SegmentedControl
              aria-label={t('editor.thisOrThat.sideOf', { number: i + 1 })}
              data={[
                { value: 'left', label: sideLabel('left') },
                { value: 'right', label: sideLabel('right') },
              ]}
              value={item.side}
              onChange={(side) =>
                onChange({
                  ...value,
                  items: replaceAt(items, i, { ...item, side: side as 'left' | 'right' }),
                })
              }
            />
            <RemoveButton
              label={t('editor.removeItem', { number: i + 1 })}
              disabled={items.length <= 1}
              onClick={() => onChange({ ...value, items: removeAt(items, i) })}
            />
          </Group>
        </Fieldset>
      ))}
      <ListIssue path="items" />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={items.length >= gameLimits.items}
        onClick={() =>
          onChange({
            ...value,
            items: [...items, { id: nextId('i', items), face: { text: '' }, side: 'left' }],
          })
        }
      >
        {t('editor.addItem')}
      </Button>
      <Switch
        label={t('editor.shuffle')}
        checked={value.shuffle}
        onChange={(e) => onChange({ ...value, shuffle: e.currentTarget.checked })}
      />
    </Stack>
  );
}

export function TrueOrFalseEditor({ value, onChange }: KindEditorProps<'true_or_false'>) {
  const { t } = useTranslation('games');
  const issue = useIssue();
  const list = value.statements;
  return (
    <Stack gap="sm">
      {list.map((s, i) => {
        const set = (patch: Partial<typeof s>) =>
          onChange({ ...value, statements: replaceAt(list, i, { ...s, ...patch }) });
        return (
          <Fieldset key={s.id} legend={t('editor.trueFalse.statement', { number: i + 1 })}>
            <Stack gap="xs">
              <Group align="flex-start" wrap="nowrap">
                <Textarea
                  style={{ flex: 1 }}
                  label={t('editor.trueFalse.text', { number: i + 1 })}
                  value={s.text}
                  autosize
                  maxLength={gameLimits.longText}
                  onChange={(e) => set({ text: e.currentTarget.value })}
                  error={issue(`statements.${i}.text`)}
                />
                <RemoveButton
                  label={t('editor.trueFalse.remove', { number: i + 1 })}
                  disabled={list.length <= 1}
                  onClick={() => onChange({ ...value, statements: removeAt(list, i) })}
                />
              </Group>
              <SegmentedControl
                aria-label={t('editor.trueFalse.answerOf', { number: i + 1 })}
                data={[
                  { value: 'true', label: t('editor.trueFalse.true') },
                  { value: 'false', label: t('editor.trueFalse.false') },
                ]}
                value={s.answer ? 'true' : 'false'}
                onChange={(v) => set({ answer: v === 'true' })}
              />
              <TextInput
                label={t('editor.trueFalse.feedback', { number: i + 1 })}
                value={s.feedback}
                maxLength={gameLimits.longText}
                onChange={(e) => set({ feedback: e.currentTarget.value })}
                error={issue(`statements.${i}.feedback`)}
              />
              <ImageField
                label={t('editor.imageOf', { name: t('editor.trueFalse.statement', { number: i + 1 }) })}
                value={s.imageUrl}
                onChange={(imageUrl) => {
                  const { imageUrl: _old, ...rest } = s;
                  onChange({
                    ...value,
                    statements: replaceAt(list, i, imageUrl ? { ...rest, imageUrl } : rest),
                  });
                }}
              />
            </Stack>
          </Fieldset>
        );
      })}
      <ListIssue path="statements" />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={list.length >= gameLimits.statements}
        onClick={() =>
          onChange({
            ...value,
            statements: [...list, { id: nextId('s', list), text: '', answer: true, feedback: '' }],
          })
        }
      >
        {t('editor.trueFalse.add')}
      </Button>
      <Switch
        label={t('editor.shuffle')}
        checked={value.shuffle}
        onChange={(e) => onChange({ ...value, shuffle: e.currentTarget.checked })}
      />
    </Stack>
  );
}

export function FlashcardsEditor({ value, onChange }: KindEditorProps<'flashcards'>) {
  const { t } = useTranslation('games');
  return (
    <Stack gap="sm">
      <TwoFaceList
        list={value.cards}
        group="cards"
        faces={['front', 'back']}
        min={1}
        max={gameLimits.flashcards}
        idPrefix="c"
        onChange={(cards) => onChange({ ...value, cards })}
      />
      <Switch
        label={t('editor.shuffle')}
        checked={value.shuffle}
        onChange={(e) => onChange({ ...value, shuffle: e.currentTarget.checked })}
      />
    </Stack>
  );
}

export function EnigmaEditor({ value, onChange }: KindEditorProps<'enigma'>) {
  const { t } = useTranslation('games');
  const issue = useIssue();
  const hints = value.hints;
  return (
    <Stack gap="sm">
      <Textarea
        label={t('editor.enigma.riddle')}
        value={value.riddle}
        autosize
        minRows={2}
        maxLength={gameLimits.longText}
        onChange={(e) => onChange({ ...value, riddle: e.currentTarget.value })}
        error={issue('riddle')}
        data-testid="enigma-riddle"
      />
      <ImageField
        label={t('editor.enigma.image')}
        value={value.imageUrl}
        onChange={(imageUrl) => {
          const { imageUrl: _old, ...rest } = value;
          onChange(imageUrl ? { ...rest, imageUrl } : rest);
        }}
      />
      <TextInput
        label={t('editor.enigma.answer')}
        description={t('editor.enigma.answerHint')}
        value={value.answer}
        maxLength={gameLimits.enigmaAnswer}
        onChange={(e) => onChange({ ...value, answer: e.currentTarget.value })}
        error={issue('answer')}
        data-testid="enigma-answer"
      />
      {hints.map((hint, i) => (
        <Group key={i} align="flex-start" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            label={t('editor.enigma.hint', { number: i + 1 })}
            value={hint}
            autosize
            maxLength={gameLimits.longText}
            onChange={(e) => onChange({ ...value, hints: replaceAt(hints, i, e.currentTarget.value) })}
            error={issue(`hints.${i}`)}
          />
          <RemoveButton
            label={t('editor.enigma.removeHint', { number: i + 1 })}
            onClick={() => onChange({ ...value, hints: removeAt(hints, i) })}
          />
        </Group>
      ))}
      <Group align="flex-end">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={hints.length >= gameLimits.hints}
          onClick={() => onChange({ ...value, hints: [...hints, ''] })}
        >
          {t('editor.enigma.addHint')}
        </Button>
        <NumberInput
          label={t('editor.enigma.hintCost')}
          description={t('editor.enigma.hintCostHint')}
          min={0}
          max={gameLimits.hintCost}
          value={value.hintCost}
          onChange={(v) => onChange({ ...value, hintCost: typeof v === 'number' ? v : 0 })}
          error={issue('hintCost')}
        />
      </Group>
      {hints.length === 0 ? (
        <Text fz="xs" c="dimmed">
          {t('editor.enigma.noHints')}
        </Text>
      ) : null}
    </Stack>
  );
}
