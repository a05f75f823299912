import { Flex, Stack } from '@mantine/core';
import type { GameKind } from '@trilha/contracts/learning/games';
import type { GameDraft, GameIssues } from './game-draft';
import { CommonFields, IssuesContext } from './fields';
import { DragAndDropEditor } from './drag-and-drop-editor';
import { GamePreview } from './game-preview';
import {
  EnigmaEditor,
  FindThePairsEditor,
  FlashcardsEditor,
  ThisOrThatEditor,
  type KindEditorProps,
  TrueOrFalseEditor,
} from './list-editors';
import { DragTheWordsEditor, FillInTheBlanksEditor } from './text-gaps-editor';

export interface GameEditorProps {
  kind: GameKind;
  value: GameDraft;
  onChange: (value: GameDraft) => void;
  /** The problems to show on their fields (the client's check and the API's answer). */
  issues: GameIssues;
}

function KindFields({ kind, value, onChange }: Omit<GameEditorProps, 'issues'>) {
  // The draft's shape follows its kind: the activity editor makes a new draft when the kind changes.
  const props = <K extends GameKind>(_: K) => ({ value, onChange }) as unknown as KindEditorProps<K>;
  switch (kind) {
    case 'drag_and_drop':
      return <DragAndDropEditor {...props(kind)} />;
    case 'drag_the_words':
      return <DragTheWordsEditor {...props(kind)} />;
    case 'fill_in_the_blanks':
      return <FillInTheBlanksEditor {...props(kind)} />;
    case 'find_the_pairs':
      return <FindThePairsEditor {...props(kind)} />;
    case 'this_or_that':
      return <ThisOrThatEditor {...props(kind)} />;
    case 'true_or_false':
      return <TrueOrFalseEditor {...props(kind)} />;
    case 'flashcards':
      return <FlashcardsEditor {...props(kind)} />;
    case 'enigma':
      return <EnigmaEditor {...props(kind)} />;
  }
}

/**
 * The editor of a game activity's settings, with the learner's board beside it (below it on a phone),
 * playable against the draft's solution.
 */
export default function GameEditor({ kind, value, onChange, issues }: GameEditorProps) {
  return (
    <IssuesContext.Provider value={issues}>
      <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="flex-start" data-testid="game-editor">
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }} w="100%">
          <CommonFields value={value} onChange={onChange} />
          <KindFields key={kind} kind={kind} value={value} onChange={onChange} />
        </Stack>
        <Stack w={{ base: '100%', md: 390 }} style={{ flexShrink: 0, position: 'sticky', top: 0 }}>
          <GamePreview kind={kind} draft={value} />
        </Stack>
      </Flex>
    </IssuesContext.Provider>
  );
}
