import { Badge, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconBracketsContain } from '@tabler/icons-react';
import { gameLimits } from '@trilha/contracts/learning/games';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markGap, partsOfText, textOfParts, type GameDraft } from './game-draft';
import { useIssueUnder } from './fields';
import type { KindEditorProps } from './list-editors';

type GapsKind = 'drag_the_words' | 'fill_in_the_blanks';

/**
 * A text with gaps: the author writes it and marks a gap by selecting words and pressing "Make a gap",
 * or by writing them in double brackets (`[[Lima]]`; fill in the blanks takes variants: `[[Lima|LIMA]]`).
 */
function GapsText<K extends GapsKind>({ kind, value, onChange }: KindEditorProps<K> & { kind: K }) {
  const { t } = useTranslation('games');
  const issueUnder = useIssueUnder();
  const area = useRef<HTMLTextAreaElement>(null);
  const [source, setSource] = useState(() => textOfParts(value.parts));
  const [hint, setHint] = useState<string | null>(null);
  const mode = kind === 'drag_the_words' ? 'answer' : 'answers';

  const apply = (next: string) => {
    setSource(next);
    onChange({ ...value, parts: partsOfText(next, mode) } as GameDraft<K>);
  };
  const makeGap = () => {
    const el = area.current;
    const next = el ? markGap(source, el.selectionStart, el.selectionEnd) : null;
    if (next === null) {
      setHint(t('editor.gaps.selectFirst'));
      return;
    }
    setHint(null);
    apply(next);
    el?.focus();
  };
  const gaps = value.parts.flatMap((p) => (p.type === 'gap' ? [p] : []));
  const textIssue = issueUnder('parts');

  return (
    <Stack gap="xs">
      <Textarea
        ref={area}
        label={t('editor.gaps.text')}
        description={kind === 'drag_the_words' ? t('editor.gaps.syntax') : t('editor.gaps.syntaxVariants')}
        value={source}
        autosize
        minRows={4}
        maxLength={gameLimits.longText * 4}
        onChange={(e) => apply(e.currentTarget.value)}
        error={textIssue}
        data-testid="gaps-text"
      />
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconBracketsContain size={16} />}
          // Keep the selection: the button must not take the focus before it reads it.
          onMouseDown={(e) => e.preventDefault()}
          onClick={makeGap}
        >
          {t('editor.gaps.makeGap')}
        </Button>
        {hint ? (
          <Text fz="sm" c="dimmed" role="status">
            {hint}
          </Text>
        ) : null}
      </Group>
      <Group gap={4} aria-label={t('editor.gaps.list')} role="list">
        {gaps.map((gap) => (
          <Badge key={gap.id} variant="light" role="listitem" tt="none">
            {'answer' in gap ? gap.answer : gap.answers.join(' / ')}
          </Badge>
        ))}
        {gaps.length === 0 ? (
          <Text fz="xs" c="dimmed">
            {t('editor.gaps.none')}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

export function DragTheWordsEditor({ value, onChange }: KindEditorProps<'drag_the_words'>) {
  const { t } = useTranslation('games');
  const issueUnder = useIssueUnder();
  const [distractorText, setDistractorText] = useState(() => value.distractors.join('\n'));
  return (
    <Stack gap="sm">
      <GapsText kind="drag_the_words" value={value} onChange={onChange} />
      <Textarea
        label={t('editor.gaps.distractors')}
        description={t('editor.gaps.distractorsHint')}
        value={distractorText}
        autosize
        minRows={2}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setDistractorText(text);
          const distractors = text
            .split('\n')
            .map((w) => w.trim())
            .filter((w) => w.length > 0)
            .slice(0, gameLimits.distractors);
          onChange({ ...value, distractors });
        }}
        error={issueUnder('distractors')}
        data-testid="distractors"
      />
    </Stack>
  );
}

export function FillInTheBlanksEditor({ value, onChange }: KindEditorProps<'fill_in_the_blanks'>) {
  const { t } = useTranslation('games');
  return (
    <Stack gap="sm">
      <GapsText kind="fill_in_the_blanks" value={value} onChange={onChange} />
      <Checkbox
        label={t('editor.gaps.caseSensitive')}
        checked={value.caseSensitive}
        onChange={(e) => onChange({ ...value, caseSensitive: e.currentTarget.checked })}
      />
      <Checkbox
        label={t('editor.gaps.accentSensitive')}
        checked={value.accentSensitive}
        onChange={(e) => onChange({ ...value, accentSensitive: e.currentTarget.checked })}
      />
    </Stack>
  );
}
