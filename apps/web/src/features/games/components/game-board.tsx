import type { GameMove, GameMoveFeedback, GameView } from '@trilha/contracts/learning/games';
import { DragAndDropPlayer } from '../players/drag-and-drop-player';
import { DragTheWordsPlayer } from '../players/drag-the-words-player';
import { EnigmaPlayer } from '../players/enigma-player';
import { FillInTheBlanksPlayer } from '../players/fill-in-the-blanks-player';
import { FindThePairsPlayer } from '../players/find-the-pairs-player';
import { FlashcardsPlayer } from '../players/flashcards-player';
import { ThisOrThatPlayer } from '../players/this-or-that-player';
import { TrueOrFalsePlayer } from '../players/true-or-false-player';

/** The board of the view's kind. */
export function GameBoard({
  view,
  onMove,
}: {
  view: GameView;
  onMove: (move: GameMove) => Promise<GameMoveFeedback>;
}) {
  switch (view.kind) {
    case 'drag_and_drop':
      return <DragAndDropPlayer view={view} onMove={onMove} />;
    case 'drag_the_words':
      return <DragTheWordsPlayer view={view} onMove={onMove} />;
    case 'find_the_pairs':
      return <FindThePairsPlayer view={view} onMove={onMove} />;
    case 'this_or_that':
      return <ThisOrThatPlayer view={view} onMove={onMove} />;
    case 'fill_in_the_blanks':
      return <FillInTheBlanksPlayer view={view} onMove={onMove} />;
    case 'true_or_false':
      return <TrueOrFalsePlayer view={view} onMove={onMove} />;
    case 'flashcards':
      return <FlashcardsPlayer view={view} onMove={onMove} />;
    case 'enigma':
      return <EnigmaPlayer view={view} onMove={onMove} />;
  }
}
