/**
 * The rules of the eight game kinds (docs/games.md): the learner's view derived from the settings and an
 * attempt's seed (shuffled, without the solution), and the replay of the learner's moves against the
 * solution, which counts the errors and decides won or lost against the allowance. Pure: the API runs it
 * on every move and on the submit, the web may run the view part. The shapes match the contracts
 * (packages/contracts/src/learning/games.ts), written here structurally since this package depends on
 * nothing.
 */

// ---------------------------------------------------------------------------------------------------
// Shapes

export interface Face {
  text: string;
  imageUrl?: string | undefined;
}
interface Common {
  allowedErrors: number;
  timeLimitSeconds: number | null;
  points: number;
  xp: number;
  instructions: string;
}
type TextPart = { type: 'text'; text: string };
type Side = 'left' | 'right';

export type GameOf =
  | {
      kind: 'drag_and_drop';
      settings: Common & {
        layout: 'image' | 'boxes';
        imageUrl?: string | undefined;
        zones: {
          id: string;
          label: string;
          rect?: { x: number; y: number; width: number; height: number } | undefined;
        }[];
        items: { id: string; face: Face; zoneId: string | null }[];
      };
    }
  | {
      kind: 'drag_the_words';
      settings: Common & {
        parts: (TextPart | { type: 'gap'; id: string; answer: string })[];
        distractors: string[];
      };
    }
  | { kind: 'find_the_pairs'; settings: Common & { pairs: { id: string; a: Face; b: Face }[] } }
  | {
      kind: 'this_or_that';
      settings: Common & {
        left: Face;
        right: Face;
        items: { id: string; face: Face; side: Side }[];
        shuffle: boolean;
      };
    }
  | {
      kind: 'fill_in_the_blanks';
      settings: Common & {
        parts: (TextPart | { type: 'gap'; id: string; answers: string[] })[];
        caseSensitive: boolean;
        accentSensitive: boolean;
      };
    }
  | {
      kind: 'true_or_false';
      settings: Common & {
        statements: {
          id: string;
          text: string;
          imageUrl?: string | undefined;
          answer: boolean;
          feedback: string;
        }[];
        shuffle: boolean;
      };
    }
  | {
      kind: 'flashcards';
      settings: Common & { cards: { id: string; front: Face; back: Face }[]; shuffle: boolean };
    }
  | {
      kind: 'enigma';
      settings: Common & {
        riddle: string;
        imageUrl?: string | undefined;
        answer: string;
        hints: string[];
        hintCost: number;
      };
    };
export type GameKindName = GameOf['kind'];

export type MoveOf = {
  drag_and_drop: { itemId: string; zoneId: string };
  drag_the_words: { wordId: string; gapId: string };
  find_the_pairs: { first: number; second: number };
  this_or_that: { itemId: string; side: Side };
  fill_in_the_blanks: { gapId: string; value: string };
  true_or_false: { statementId: string; answer: boolean };
  flashcards: { cardId: string; mark: 'known' | 'not_yet' };
  enigma: { type: 'letter'; letter: string } | { type: 'hint' };
};
export type AnyMove = MoveOf[GameKindName];

/** One move's outcome: as the contracts' `gameMoveFeedback`. */
export interface GameStep {
  correct: boolean;
  errors: number;
  ignored: boolean;
  positions?: number[];
  hint?: string;
  feedback?: string;
}

export interface GameReplay {
  steps: GameStep[];
  status: 'playing' | 'won' | 'lost';
  errors: number;
  done: number;
  total: number;
}

export interface GameOutcome {
  won: boolean;
  reason: 'completed' | 'too_many_errors' | 'time_up' | 'incomplete';
  errors: number;
  allowedErrors: number;
  score: number;
  done: number;
  total: number;
}

/** A move that cannot be played (unknown id, a piece already done, out of turn): the list is refused. */
export class GameMoveError extends Error {
  constructor(
    readonly index: number,
    readonly why: string,
  ) {
    super(`move ${index}: ${why}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Seeded order

/** mulberry32: a small, fast generator; the same seed gives the same sequence on both sides. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The elements of `list` in the seed's order (Fisher–Yates). */
export function seededShuffle<T>(list: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Text comparison

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '');

/** A typed answer as compared: spaces collapsed, and case and accents dropped unless the author keeps them. */
export function normalizeAnswer(
  value: string,
  opts: { caseSensitive: boolean; accentSensitive: boolean },
): string {
  let s = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!opts.accentSensitive) s = stripAccents(s);
  if (!opts.caseSensitive) s = s.toLocaleLowerCase('en-US');
  return s;
}

/** An enigma character as guessed: one letter or digit, upper case, without accents; null otherwise. */
export function enigmaLetter(value: string): string | null {
  const s = stripAccents(value.normalize('NFC')).toLocaleUpperCase('en-US');
  return /^[\p{L}\p{N}]$/u.test(s) ? s : null;
}

// ---------------------------------------------------------------------------------------------------
// The learner's view

const face = (f: Face): Face => (f.imageUrl ? { text: f.text, imageUrl: f.imageUrl } : { text: f.text });
const common = (s: Common) => ({
  allowedErrors: s.allowedErrors,
  timeLimitSeconds: s.timeLimitSeconds,
  points: s.points,
  xp: s.xp,
  instructions: s.instructions,
});
const withImage = (url: string | undefined) => (url ? { imageUrl: url } : {});

/** drag_the_words: the bank's words in the seed's order, `w1`, `w2` … in that order. */
function wordBank(settings: Extract<GameOf, { kind: 'drag_the_words' }>['settings'], seed: number) {
  const words = [
    ...settings.parts.flatMap((p) => (p.type === 'gap' ? [p.answer] : [])),
    ...settings.distractors,
  ];
  return seededShuffle(words, seed).map((text, i) => ({ id: `w${i + 1}`, text }));
}

/** find_the_pairs: the deck in the seed's order; a card's id is its place. */
function deckOf(settings: Extract<GameOf, { kind: 'find_the_pairs' }>['settings'], seed: number) {
  const cards = settings.pairs.flatMap((pair, index) => [
    { pair: index, face: pair.a },
    { pair: index, face: pair.b },
  ]);
  return seededShuffle(cards, seed);
}

const ordered = <T>(list: readonly T[], shuffle: boolean, seed: number) =>
  shuffle ? seededShuffle(list, seed) : [...list];

function enigmaSlots(answer: string): (string | null)[] {
  return [...answer.normalize('NFC')].map((ch) => (enigmaLetter(ch) ? null : ch));
}

/** What the learner is shown of a game for an attempt's seed: the contracts' `gameView`, no solution. */
export function gameViewOf(game: GameOf, seed: number) {
  switch (game.kind) {
    case 'drag_and_drop': {
      const s = game.settings;
      return {
        kind: game.kind,
        ...common(s),
        layout: s.layout,
        ...withImage(s.imageUrl),
        zones: s.zones.map((z) => ({ id: z.id, label: z.label, ...(z.rect ? { rect: { ...z.rect } } : {}) })),
        items: seededShuffle(s.items, seed).map((item) => ({ id: item.id, face: face(item.face) })),
      };
    }
    case 'drag_the_words': {
      const s = game.settings;
      return {
        kind: game.kind,
        ...common(s),
        parts: s.parts.map((p) =>
          p.type === 'gap' ? { type: 'gap' as const, id: p.id } : { type: 'text' as const, text: p.text },
        ),
        words: wordBank(s, seed),
      };
    }
    case 'find_the_pairs':
      return {
        kind: game.kind,
        ...common(game.settings),
        cards: deckOf(game.settings, seed).map((card, id) => ({ id, face: face(card.face) })),
      };
    case 'this_or_that': {
      const s = game.settings;
      return {
        kind: game.kind,
        ...common(s),
        left: face(s.left),
        right: face(s.right),
        items: ordered(s.items, s.shuffle, seed).map((item) => ({ id: item.id, face: face(item.face) })),
      };
    }
    case 'fill_in_the_blanks': {
      const s = game.settings;
      return {
        kind: game.kind,
        ...common(s),
        parts: s.parts.map((p) =>
          p.type === 'gap' ? { type: 'gap' as const, id: p.id } : { type: 'text' as const, text: p.text },
        ),
        caseSensitive: s.caseSensitive,
        accentSensitive: s.accentSensitive,
      };
    }
    case 'true_or_false': {
      const s = game.settings;
      return {
        kind: game.kind,
        ...common(s),
        statements: ordered(s.statements, s.shuffle, seed).map((st) => ({
          id: st.id,
          text: st.text,
          ...withImage(st.imageUrl),
        })),
      };
    }
    case 'flashcards': {
      const s = game.settings;
      return {
        kind: game.kind,
        ...common(s),
        cards: ordered(s.cards, s.shuffle, seed).map((c) => ({
          id: c.id,
          front: face(c.front),
          back: face(c.back),
        })),
      };
    }
    case 'enigma': {
      const s = game.settings;
      return {
        kind: game.kind,
        ...common(s),
        riddle: s.riddle,
        ...withImage(s.imageUrl),
        slots: enigmaSlots(s.answer),
        hintCount: s.hints.length,
        hintCost: s.hintCost,
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Replay

/** A kind's rules as a machine: `apply` plays one move (or throws GameMoveError), `done` counts pieces. */
interface Machine {
  total: number;
  done(): number;
  apply(move: unknown, index: number): GameStep;
  /** Flashcards: errors are counted but never lose. */
  neverLoses?: boolean;
}

const step = (correct: boolean, errors = correct ? 0 : 1, extra: Partial<GameStep> = {}): GameStep => ({
  correct,
  errors,
  ignored: false,
  ...extra,
});

function need(cond: boolean, index: number, why: string): asserts cond {
  if (!cond) throw new GameMoveError(index, why);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function machineOf(game: GameOf, seed: number): Machine {
  switch (game.kind) {
    case 'drag_and_drop': {
      const { items, zones } = game.settings;
      const zoneIds = new Set(zones.map((z) => z.id));
      const placed = new Set<string>();
      return {
        total: items.filter((i) => i.zoneId !== null).length,
        done: () => placed.size,
        apply(raw, index) {
          const move = raw as MoveOf['drag_and_drop'];
          const item = items.find((i) => i.id === str(move.itemId));
          need(!!item, index, 'unknown item');
          need(zoneIds.has(str(move.zoneId)), index, 'unknown zone');
          need(!placed.has(item.id), index, 'item already placed');
          const correct = item.zoneId === move.zoneId;
          if (correct) placed.add(item.id);
          return step(correct);
        },
      };
    }
    case 'drag_the_words': {
      const gaps = game.settings.parts.flatMap((p) => (p.type === 'gap' ? [p] : []));
      const words = new Map(wordBank(game.settings, seed).map((w) => [w.id, w.text]));
      const filled = new Set<string>();
      const used = new Set<string>();
      return {
        total: gaps.length,
        done: () => filled.size,
        apply(raw, index) {
          const move = raw as MoveOf['drag_the_words'];
          const gap = gaps.find((g) => g.id === str(move.gapId));
          const word = words.get(str(move.wordId));
          need(!!gap, index, 'unknown gap');
          need(word !== undefined, index, 'unknown word');
          need(!filled.has(gap.id), index, 'gap already filled');
          need(!used.has(move.wordId), index, 'word already used');
          const correct = word === gap.answer;
          if (correct) {
            filled.add(gap.id);
            used.add(move.wordId);
          }
          return step(correct);
        },
      };
    }
    case 'find_the_pairs': {
      const deck = deckOf(game.settings, seed);
      const found = new Set<number>();
      return {
        total: game.settings.pairs.length,
        done: () => found.size,
        apply(raw, index) {
          const move = raw as MoveOf['find_the_pairs'];
          const a = deck[move.first];
          const b = deck[move.second];
          need(
            Number.isInteger(move.first) && Number.isInteger(move.second) && !!a && !!b,
            index,
            'unknown card',
          );
          need(move.first !== move.second, index, 'the same card twice');
          need(!found.has(a.pair) && !found.has(b.pair), index, 'card already matched');
          const correct = a.pair === b.pair;
          if (correct) found.add(a.pair);
          return step(correct);
        },
      };
    }
    case 'this_or_that': {
      const order = ordered(game.settings.items, game.settings.shuffle, seed);
      let next = 0;
      let right = 0;
      return {
        total: order.length,
        done: () => right,
        apply(raw, index) {
          const move = raw as MoveOf['this_or_that'];
          const item = order[next];
          need(!!item && item.id === str(move.itemId), index, 'not the item in turn');
          need(move.side === 'left' || move.side === 'right', index, 'unknown side');
          next += 1;
          const correct = item.side === move.side;
          if (correct) right += 1;
          return step(correct);
        },
      };
    }
    case 'fill_in_the_blanks': {
      const s = game.settings;
      const gaps = s.parts.flatMap((p) => (p.type === 'gap' ? [p] : []));
      const filled = new Set<string>();
      return {
        total: gaps.length,
        done: () => filled.size,
        apply(raw, index) {
          const move = raw as MoveOf['fill_in_the_blanks'];
          const gap = gaps.find((g) => g.id === str(move.gapId));
          need(!!gap, index, 'unknown gap');
          need(!filled.has(gap.id), index, 'gap already filled');
          const typed = normalizeAnswer(str(move.value), s);
          const correct = typed.length > 0 && gap.answers.some((a) => normalizeAnswer(a, s) === typed);
          if (correct) filled.add(gap.id);
          return step(correct);
        },
      };
    }
    case 'true_or_false': {
      const order = ordered(game.settings.statements, game.settings.shuffle, seed);
      let next = 0;
      let right = 0;
      return {
        total: order.length,
        done: () => right,
        apply(raw, index) {
          const move = raw as MoveOf['true_or_false'];
          const st = order[next];
          need(!!st && st.id === str(move.statementId), index, 'not the statement in turn');
          need(typeof move.answer === 'boolean', index, 'no answer');
          next += 1;
          const correct = st.answer === move.answer;
          if (correct) right += 1;
          return step(correct, correct ? 0 : 1, st.feedback ? { feedback: st.feedback } : {});
        },
      };
    }
    case 'flashcards': {
      const ids = new Set(game.settings.cards.map((c) => c.id));
      const known = new Set<string>();
      return {
        total: ids.size,
        done: () => known.size,
        neverLoses: true,
        apply(raw, index) {
          const move = raw as MoveOf['flashcards'];
          const id = str(move.cardId);
          need(ids.has(id), index, 'unknown card');
          need(!known.has(id), index, 'card already known');
          need(move.mark === 'known' || move.mark === 'not_yet', index, 'unknown mark');
          if (move.mark === 'known') known.add(id);
          return step(move.mark === 'known');
        },
      };
    }
    case 'enigma': {
      const s = game.settings;
      const chars = [...s.answer.normalize('NFC')].map(enigmaLetter);
      const guessed = new Set<string>();
      let hints = 0;
      return {
        total: chars.filter((c) => c !== null).length,
        done: () => chars.filter((c) => c !== null && guessed.has(c)).length,
        apply(raw, index) {
          const move = raw as MoveOf['enigma'];
          if (move.type === 'hint') {
            need(hints < s.hints.length, index, 'no hint left');
            hints += 1;
            return step(true, s.hintCost, { hint: s.hints[hints - 1]! });
          }
          need(move.type === 'letter', index, 'unknown move');
          const letter = enigmaLetter(str(move.letter));
          need(letter !== null, index, 'not a letter');
          const positions = chars.flatMap((c, i) => (c === letter ? [i] : []));
          if (guessed.has(letter)) return step(positions.length > 0, 0, { positions });
          guessed.add(letter);
          return step(positions.length > 0, positions.length > 0 ? 0 : 1, { positions });
        },
      };
    }
  }
}

/**
 * Plays `moves` in order against the solution. The game is won once every piece is done with the errors
 * within the allowance, lost as soon as the errors exceed it (never for flashcards); moves after the end
 * are ignored. Throws GameMoveError for a move that cannot be played.
 */
export function replayGame(game: GameOf, seed: number, moves: readonly unknown[]): GameReplay {
  const machine = machineOf(game, seed);
  const allowed = game.settings.allowedErrors;
  const steps: GameStep[] = [];
  let errors = 0;
  let status: GameReplay['status'] = machine.total === 0 ? 'won' : 'playing';
  moves.forEach((move, index) => {
    if (status !== 'playing') {
      steps.push({ correct: false, errors: 0, ignored: true });
      return;
    }
    if (typeof move !== 'object' || move === null) throw new GameMoveError(index, 'not a move');
    const s = machine.apply(move, index);
    errors += s.errors;
    steps.push(s);
    if (!machine.neverLoses && errors > allowed) status = 'lost';
    else if (machine.done() >= machine.total) status = 'won';
  });
  return { steps, status, errors, done: machine.done(), total: machine.total };
}

/** 0..100 for a won game: the pieces over the pieces plus the errors. A lost game scores 0. */
export function gameScore(won: boolean, total: number, errors: number): number {
  if (!won) return 0;
  return total + errors === 0 ? 100 : Math.round((100 * total) / (total + errors));
}

/**
 * The result of an attempt from its replay: won when the replay was won; otherwise lost for too many
 * errors, or because the time was up (`timeUp`), or because the moves stopped before the end.
 */
export function gameOutcome(game: GameOf, replay: GameReplay, timeUp = false): GameOutcome {
  const won = replay.status === 'won';
  const reason: GameOutcome['reason'] = won
    ? 'completed'
    : replay.status === 'lost'
      ? 'too_many_errors'
      : timeUp
        ? 'time_up'
        : 'incomplete';
  return {
    won,
    reason,
    errors: replay.errors,
    allowedErrors: game.settings.allowedErrors,
    score: gameScore(won, replay.total, replay.errors),
    done: replay.done,
    total: replay.total,
  };
}

// ---------------------------------------------------------------------------------------------------
// A perfect play (used by tests and the demo data)

/** The moves that win a game without an error, in the seed's order. */
export function perfectMoves(game: GameOf, seed: number): AnyMove[] {
  switch (game.kind) {
    case 'drag_and_drop':
      return game.settings.items.flatMap((i) =>
        i.zoneId === null ? [] : [{ itemId: i.id, zoneId: i.zoneId }],
      );
    case 'drag_the_words': {
      const bank = wordBank(game.settings, seed);
      const used = new Set<string>();
      return game.settings.parts.flatMap((p) => {
        if (p.type !== 'gap') return [];
        const word = bank.find((w) => w.text === p.answer && !used.has(w.id))!;
        used.add(word.id);
        return [{ wordId: word.id, gapId: p.id }];
      });
    }
    case 'find_the_pairs': {
      const deck = deckOf(game.settings, seed);
      return game.settings.pairs.map((_, pair) => {
        const [first, second] = deck.flatMap((c, i) => (c.pair === pair ? [i] : []));
        return { first: first!, second: second! };
      });
    }
    case 'this_or_that':
      return ordered(game.settings.items, game.settings.shuffle, seed).map((i) => ({
        itemId: i.id,
        side: i.side,
      }));
    case 'fill_in_the_blanks':
      return game.settings.parts.flatMap((p) =>
        p.type === 'gap' ? [{ gapId: p.id, value: p.answers[0]! }] : [],
      );
    case 'true_or_false':
      return ordered(game.settings.statements, game.settings.shuffle, seed).map((st) => ({
        statementId: st.id,
        answer: st.answer,
      }));
    case 'flashcards':
      return game.settings.cards.map((c) => ({ cardId: c.id, mark: 'known' as const }));
    case 'enigma': {
      const letters = [
        ...new Set([...game.settings.answer.normalize('NFC')].map(enigmaLetter).filter((c) => c !== null)),
      ];
      return letters.map((letter) => ({ type: 'letter' as const, letter }));
    }
  }
}
