import { z } from 'zod';
import { serialIdParam, text } from '../primitives';

// ---------------------------------------------------------------------------------------------------
// Games as activities (docs/games.md)
//
// Each game kind has:
// - its settings, as the author writes them, WITH the solution (`gameSettingsByKind`);
// - the learner's view, derived by the server from the settings and the attempt's seed, WITHOUT the
//   solution (`gameViewByKind`);
// - the moves the learner makes, in order (`gameMoveByKind`): the server replays them against the
//   solution, answers each move's feedback (`gameMoveFeedback`) and the result (`gameResult`).
//
// Routes (learner; selected client; the activity must be open to the learner; `trailId` when the
// course was opened inside a trail):
//   GET  /api/learning/activities/:id/game?trailId                        → gameInfo
//   POST /api/learning/activities/:id/game/attempts?trailId               → gameAttemptStarted
//   POST /api/learning/activities/:id/game/attempts/:attemptId/moves      gameMovesBody → gameMovesResponse
//   POST /api/learning/activities/:id/game/attempts/:attemptId/submit     gameMovesBody → gameSubmitted
//
// `moves` takes the NEW moves (since the last call) and answers each one's feedback at once (right or
// wrong, the enigma's letter positions and hints): the player calls it on every move. `submit` takes ALL
// the attempt's moves (those sent to `moves` first, in order: else GAME_MOVES_MISMATCH), replays them
// and closes the attempt; a player may also send every move at the end with `submit` alone.

export const gameKinds = [
  'drag_and_drop',
  'drag_the_words',
  'find_the_pairs',
  'this_or_that',
  'fill_in_the_blanks',
  'true_or_false',
  'flashcards',
  'enigma',
] as const;
export const gameKind = z.enum(gameKinds);
export type GameKind = z.infer<typeof gameKind>;

export const isGameKind = (kind: string): kind is GameKind => (gameKinds as readonly string[]).includes(kind);

/** Bounds of a game's settings and of a submission. */
export const gameLimits = {
  allowedErrors: 50,
  timeLimitSeconds: 3_600,
  award: 100_000,
  zones: 20,
  items: 40,
  parts: 120,
  gaps: 30,
  distractors: 20,
  pairs: 20,
  statements: 40,
  flashcards: 100,
  variants: 10,
  hints: 5,
  hintCost: 10,
  enigmaAnswer: 60,
  shortText: 200,
  longText: 2_000,
  /** Moves of one attempt (every kind). */
  moves: 500,
} as const;

/** An author's id of a zone, item, gap, statement or card: letters, digits, `_` and `-`. */
export const gameElementId = text()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'GAME_INVALID_ELEMENT_ID');
export type GameElementId = z.infer<typeof gameElementId>;

const shortText = () => text().trim().min(1).max(gameLimits.shortText);
const longText = () => text().trim().min(1).max(gameLimits.longText);
/** An image: an https URL or a path of this platform (`/api/...`). */
const imageUrl = text()
  .trim()
  .max(2_000)
  .regex(/^(https:\/\/|\/)/, 'GAME_INVALID_IMAGE_URL');

const uniqueIds = <T extends { id: string }>(list: T[]) =>
  new Set(list.map((e) => e.id)).size === list.length;
const duplicateId = { message: 'GAME_DUPLICATE_ID' };

/** What every kind's settings carry: the error allowance, the time limit and the award for winning. */
export const gameCommonFields = {
  /** Errors the learner may make and still win; one more loses (flashcards never lose). */
  allowedErrors: z.number().int().min(0).max(gameLimits.allowedErrors).default(3),
  /** Seconds from the attempt's start; null = no limit. Checked by the server. */
  timeLimitSeconds: z.number().int().min(10).max(gameLimits.timeLimitSeconds).nullable().default(null),
  /** Points and XP credited once, the first time the learner wins. */
  points: z.number().int().min(0).max(gameLimits.award).default(0),
  xp: z.number().int().min(0).max(gameLimits.award).default(0),
  /** Shown above the game. */
  instructions: text().trim().max(gameLimits.longText).default(''),
};

/** A card, item or side face: a text, an image, or both (at least one). */
export const gameFace = z
  .object({ text: text().trim().max(gameLimits.shortText).default(''), imageUrl: imageUrl.optional() })
  .refine((f) => f.text.length > 0 || !!f.imageUrl, { message: 'GAME_EMPTY_FACE' });
export type GameFace = z.infer<typeof gameFace>;

/** A rectangle on the background image, in percent of its width and height. */
export const gameRect = z
  .object({
    x: z.number().min(0).max(100),
    y: z.number().min(0).max(100),
    width: z.number().min(1).max(100),
    height: z.number().min(1).max(100),
  })
  .refine((r) => r.x + r.width <= 100.0001 && r.y + r.height <= 100.0001, { message: 'GAME_ZONE_OUTSIDE' });
export type GameRect = z.infer<typeof gameRect>;

/** A piece of a text with gaps: plain text, or a gap (its answers live in the settings only). */
const textPart = z.object({ type: z.literal('text'), text: text().max(gameLimits.longText) });

// ---------------------------------------------------------------------------------------------------
// (a) Settings per kind, with the solution

/**
 * drag_and_drop: items dragged onto zones. `layout: image`: zones are rectangles on `imageUrl`;
 * `layout: boxes`: zones are labelled boxes. Each item belongs to one zone (`zoneId`), or to none
 * (`null`: a distractor that must stay out; dropping it on any zone is an error).
 */
export const dragAndDropSettings = z
  .object({
    ...gameCommonFields,
    layout: z.enum(['image', 'boxes']),
    imageUrl: imageUrl.optional(),
    zones: z
      .array(z.object({ id: gameElementId, label: shortText(), rect: gameRect.optional() }))
      .min(1)
      .max(gameLimits.zones)
      .refine(uniqueIds, duplicateId),
    items: z
      .array(z.object({ id: gameElementId, face: gameFace, zoneId: gameElementId.nullable() }))
      .min(1)
      .max(gameLimits.items)
      .refine(uniqueIds, duplicateId),
  })
  .superRefine((s, ctx) => {
    const zones = new Set(s.zones.map((z) => z.id));
    s.items.forEach((item, i) => {
      if (item.zoneId !== null && !zones.has(item.zoneId))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'zoneId'], message: 'GAME_UNKNOWN_ZONE' });
    });
    if (!s.items.some((item) => item.zoneId !== null))
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'GAME_NOTHING_TO_PLAY' });
    if (s.layout === 'image') {
      if (!s.imageUrl) ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: 'GAME_IMAGE_REQUIRED' });
      s.zones.forEach((zone, i) => {
        if (!zone.rect)
          ctx.addIssue({ code: 'custom', path: ['zones', i, 'rect'], message: 'GAME_ZONE_RECT_REQUIRED' });
      });
    }
  });

/** drag_the_words: a text whose gaps take words dragged from a bank (the gaps' answers plus distractors). */
export const dragTheWordsSettings = z
  .object({
    ...gameCommonFields,
    parts: z
      .array(
        z.discriminatedUnion('type', [
          textPart,
          z.object({ type: z.literal('gap'), id: gameElementId, answer: text().trim().min(1).max(80) }),
        ]),
      )
      .min(1)
      .max(gameLimits.parts),
    distractors: z.array(text().trim().min(1).max(80)).max(gameLimits.distractors).default([]),
  })
  .superRefine((s, ctx) => gapsCheck(s.parts, ctx));

/**
 * fill_in_the_blanks: a text whose gaps the learner types. Each gap accepts any of its `answers`
 * (variants); `caseSensitive` and `accentSensitive` (both off by default) say how strictly they compare.
 */
export const fillInTheBlanksSettings = z
  .object({
    ...gameCommonFields,
    parts: z
      .array(
        z.discriminatedUnion('type', [
          textPart,
          z.object({
            type: z.literal('gap'),
            id: gameElementId,
            answers: z.array(text().trim().min(1).max(80)).min(1).max(gameLimits.variants),
          }),
        ]),
      )
      .min(1)
      .max(gameLimits.parts),
    caseSensitive: z.boolean().default(false),
    accentSensitive: z.boolean().default(false),
  })
  .superRefine((s, ctx) => gapsCheck(s.parts, ctx));

function gapsCheck(parts: readonly ({ type: 'text' } | { type: 'gap'; id: string })[], ctx: z.RefinementCtx) {
  const gaps = parts.filter((p): p is { type: 'gap'; id: string } => p.type === 'gap');
  if (gaps.length === 0) ctx.addIssue({ code: 'custom', path: ['parts'], message: 'GAME_NOTHING_TO_PLAY' });
  if (gaps.length > gameLimits.gaps)
    ctx.addIssue({ code: 'custom', path: ['parts'], message: 'GAME_TOO_MANY_GAPS' });
  if (!uniqueIds(gaps)) ctx.addIssue({ code: 'custom', path: ['parts'], message: 'GAME_DUPLICATE_ID' });
}

/** find_the_pairs: a memory game; each pair is two faces (equal or not: a word and its image). */
export const findThePairsSettings = z.object({
  ...gameCommonFields,
  pairs: z
    .array(z.object({ id: gameElementId, a: gameFace, b: gameFace }))
    .min(2)
    .max(gameLimits.pairs)
    .refine(uniqueIds, duplicateId),
});

/** this_or_that: items sorted one by one into the left or the right side. */
export const thisOrThatSettings = z.object({
  ...gameCommonFields,
  left: gameFace,
  right: gameFace,
  items: z
    .array(z.object({ id: gameElementId, face: gameFace, side: z.enum(['left', 'right']) }))
    .min(1)
    .max(gameLimits.items)
    .refine(uniqueIds, duplicateId),
  /** Show the items in a new order at each attempt. */
  shuffle: z.boolean().default(true),
});

/** true_or_false: statements answered in a row; `feedback` is shown once the statement is answered. */
export const trueOrFalseSettings = z.object({
  ...gameCommonFields,
  statements: z
    .array(
      z.object({
        id: gameElementId,
        text: longText(),
        imageUrl: imageUrl.optional(),
        answer: z.boolean(),
        feedback: text().trim().max(gameLimits.longText).default(''),
      }),
    )
    .min(1)
    .max(gameLimits.statements)
    .refine(uniqueIds, duplicateId),
  shuffle: z.boolean().default(false),
});

/** flashcards: a deck flipped front to back; the learner marks each known or not yet. Never lost. */
export const flashcardsSettings = z.object({
  ...gameCommonFields,
  cards: z
    .array(z.object({ id: gameElementId, front: gameFace, back: gameFace }))
    .min(1)
    .max(gameLimits.flashcards)
    .refine(uniqueIds, duplicateId),
  shuffle: z.boolean().default(true),
});

/**
 * enigma: a riddle answered letter by letter. The answer's letters and digits are guessed; spaces,
 * hyphens and apostrophes are shown. A letter not in the answer is an error; each hint costs `hintCost`
 * errors. Letters compare without case and accents.
 */
export const enigmaSettings = z.object({
  ...gameCommonFields,
  riddle: longText(),
  imageUrl: imageUrl.optional(),
  answer: text()
    .trim()
    .min(1)
    .max(gameLimits.enigmaAnswer)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u, 'GAME_INVALID_ANSWER'),
  hints: z.array(longText()).max(gameLimits.hints).default([]),
  hintCost: z.number().int().min(0).max(gameLimits.hintCost).default(1),
});

export const gameSettingsByKind = {
  drag_and_drop: dragAndDropSettings,
  drag_the_words: dragTheWordsSettings,
  find_the_pairs: findThePairsSettings,
  this_or_that: thisOrThatSettings,
  fill_in_the_blanks: fillInTheBlanksSettings,
  true_or_false: trueOrFalseSettings,
  flashcards: flashcardsSettings,
  enigma: enigmaSettings,
} satisfies Record<GameKind, z.ZodType>;

export type GameSettingsOf<K extends GameKind> = z.output<(typeof gameSettingsByKind)[K]>;
export type GameSettingsInput<K extends GameKind> = z.input<(typeof gameSettingsByKind)[K]>;
export type DragAndDropSettings = GameSettingsOf<'drag_and_drop'>;
export type DragTheWordsSettings = GameSettingsOf<'drag_the_words'>;
export type FindThePairsSettings = GameSettingsOf<'find_the_pairs'>;
export type ThisOrThatSettings = GameSettingsOf<'this_or_that'>;
export type FillInTheBlanksSettings = GameSettingsOf<'fill_in_the_blanks'>;
export type TrueOrFalseSettings = GameSettingsOf<'true_or_false'>;
export type FlashcardsSettings = GameSettingsOf<'flashcards'>;
export type EnigmaSettings = GameSettingsOf<'enigma'>;

/** A game with its kind: what the server keeps (and the back office edits). */
export const gameDefinition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('drag_and_drop'), settings: dragAndDropSettings }),
  z.object({ kind: z.literal('drag_the_words'), settings: dragTheWordsSettings }),
  z.object({ kind: z.literal('find_the_pairs'), settings: findThePairsSettings }),
  z.object({ kind: z.literal('this_or_that'), settings: thisOrThatSettings }),
  z.object({ kind: z.literal('fill_in_the_blanks'), settings: fillInTheBlanksSettings }),
  z.object({ kind: z.literal('true_or_false'), settings: trueOrFalseSettings }),
  z.object({ kind: z.literal('flashcards'), settings: flashcardsSettings }),
  z.object({ kind: z.literal('enigma'), settings: enigmaSettings }),
]);
export type GameDefinition = z.output<typeof gameDefinition>;

// ---------------------------------------------------------------------------------------------------
// (b) The learner's view: the settings without the solution, in the attempt's order

const viewCommon = {
  allowedErrors: z.number().int(),
  timeLimitSeconds: z.number().int().nullable(),
  points: z.number().int(),
  xp: z.number().int(),
  instructions: z.string(),
};
const viewFace = z.object({ text: z.string(), imageUrl: z.string().optional() });
const viewTextPart = z.object({ type: z.literal('text'), text: z.string() });
const viewGapPart = z.object({ type: z.literal('gap'), id: z.string() });

export const gameViewByKind = {
  drag_and_drop: z.object({
    kind: z.literal('drag_and_drop'),
    ...viewCommon,
    layout: z.enum(['image', 'boxes']),
    imageUrl: z.string().optional(),
    zones: z.array(z.object({ id: z.string(), label: z.string(), rect: gameRect.optional() })),
    /** Shuffled; which zone takes which item is not said. */
    items: z.array(z.object({ id: z.string(), face: viewFace })),
  }),
  drag_the_words: z.object({
    kind: z.literal('drag_the_words'),
    ...viewCommon,
    parts: z.array(z.discriminatedUnion('type', [viewTextPart, viewGapPart])),
    /** The bank: every gap's answer and the distractors, shuffled, each with an id (`w1`, `w2` …). */
    words: z.array(z.object({ id: z.string(), text: z.string() })),
  }),
  find_the_pairs: z.object({
    kind: z.literal('find_the_pairs'),
    ...viewCommon,
    /** The cards, shuffled; a card's id is its place (0-based), which says nothing of its pair. */
    cards: z.array(z.object({ id: z.number().int(), face: viewFace })),
  }),
  this_or_that: z.object({
    kind: z.literal('this_or_that'),
    ...viewCommon,
    left: viewFace,
    right: viewFace,
    items: z.array(z.object({ id: z.string(), face: viewFace })),
  }),
  fill_in_the_blanks: z.object({
    kind: z.literal('fill_in_the_blanks'),
    ...viewCommon,
    parts: z.array(z.discriminatedUnion('type', [viewTextPart, viewGapPart])),
    caseSensitive: z.boolean(),
    accentSensitive: z.boolean(),
  }),
  true_or_false: z.object({
    kind: z.literal('true_or_false'),
    ...viewCommon,
    /** In the order to answer them. */
    statements: z.array(z.object({ id: z.string(), text: z.string(), imageUrl: z.string().optional() })),
  }),
  flashcards: z.object({
    kind: z.literal('flashcards'),
    ...viewCommon,
    cards: z.array(z.object({ id: z.string(), front: viewFace, back: viewFace })),
  }),
  enigma: z.object({
    kind: z.literal('enigma'),
    ...viewCommon,
    riddle: z.string(),
    imageUrl: z.string().optional(),
    /**
     * One slot per character of the answer: `null` for a letter to guess, else the character shown
     * (a space, hyphen or apostrophe). Its length is the answer's.
     */
    slots: z.array(z.string().nullable()),
    /** How many hints there are (their texts come one by one, as moves) and what each costs. */
    hintCount: z.number().int(),
    hintCost: z.number().int(),
  }),
} satisfies Record<GameKind, z.ZodType>;

export const gameView = z.discriminatedUnion('kind', [
  gameViewByKind.drag_and_drop,
  gameViewByKind.drag_the_words,
  gameViewByKind.find_the_pairs,
  gameViewByKind.this_or_that,
  gameViewByKind.fill_in_the_blanks,
  gameViewByKind.true_or_false,
  gameViewByKind.flashcards,
  gameViewByKind.enigma,
]);
export type GameView = z.infer<typeof gameView>;
export type GameViewOf<K extends GameKind> = z.infer<(typeof gameViewByKind)[K]>;

// ---------------------------------------------------------------------------------------------------
// (c) Moves, in the order the learner made them

const moveId = text().trim().min(1).max(40);

export const gameMoveByKind = {
  /** Item dropped on a zone. Right: the item stays there; wrong: an error, the item comes back. */
  drag_and_drop: z.object({ itemId: moveId, zoneId: moveId }),
  /** Word of the bank dropped in a gap. Right: it stays; wrong: an error, it goes back to the bank. */
  drag_the_words: z.object({ wordId: moveId, gapId: moveId }),
  /** Two cards turned (ids from the view). No pair: an error. */
  find_the_pairs: z.object({
    first: z.number().int().min(0).max(99),
    second: z.number().int().min(0).max(99),
  }),
  /** Item sorted to a side. Each item once; wrong side: an error. */
  this_or_that: z.object({ itemId: moveId, side: z.enum(['left', 'right']) }),
  /** An answer typed in a gap and checked. Right: the gap is done; wrong: an error, it may be typed again. */
  fill_in_the_blanks: z.object({ gapId: moveId, value: text().max(200) }),
  /** A statement answered. Each once, in the view's order; wrong: an error. */
  true_or_false: z.object({ statementId: moveId, answer: z.boolean() }),
  /** A card marked. `known` takes it out of the deck; `not_yet` brings it back later. */
  flashcards: z.object({ cardId: moveId, mark: z.enum(['known', 'not_yet']) }),
  /** A letter guessed (wrong: an error; again: nothing), or the next hint asked (costs `hintCost`). */
  enigma: z.discriminatedUnion('type', [
    z.object({ type: z.literal('letter'), letter: text().min(1).max(2) }),
    z.object({ type: z.literal('hint') }),
  ]),
} satisfies Record<GameKind, z.ZodType>;

export type GameMoveOf<K extends GameKind> = z.infer<(typeof gameMoveByKind)[K]>;
export type DragAndDropMove = GameMoveOf<'drag_and_drop'>;
export type DragTheWordsMove = GameMoveOf<'drag_the_words'>;
export type FindThePairsMove = GameMoveOf<'find_the_pairs'>;
export type ThisOrThatMove = GameMoveOf<'this_or_that'>;
export type FillInTheBlanksMove = GameMoveOf<'fill_in_the_blanks'>;
export type TrueOrFalseMove = GameMoveOf<'true_or_false'>;
export type FlashcardsMove = GameMoveOf<'flashcards'>;
export type EnigmaMove = GameMoveOf<'enigma'>;
export type GameMove = GameMoveOf<GameKind>;

/**
 * A list of moves of any kind: the route checks each against its game's kind (`gameMoveByKind`) and
 * answers GAME_INVALID_MOVES when one does not fit.
 */
export const gameMovesBody = z.object({
  moves: z.array(z.record(z.string(), z.unknown())).max(gameLimits.moves),
});
export type GameMovesBody = { moves: GameMove[] };

// ---------------------------------------------------------------------------------------------------
// (d) Feedback and result

/**
 * The server's answer to one move: `correct` (for flashcards: marked known); `errors` the move cost
 * (0, 1, or a hint's cost); enigma: `positions` where the letter shows (0-based slots) and `hint` (the
 * hint's text); true_or_false: the statement's `feedback`; find_the_pairs: the pair was found.
 * A move after the game ended is `ignored`.
 */
export const gameMoveFeedback = z.object({
  correct: z.boolean(),
  errors: z.number().int(),
  ignored: z.boolean(),
  positions: z.array(z.number().int()).optional(),
  hint: z.string().optional(),
  feedback: z.string().optional(),
});
export type GameMoveFeedback = z.infer<typeof gameMoveFeedback>;

/** How a game ends: every piece done; too many errors; time up; or moves stopped before the end. */
export const gameEndReasons = ['completed', 'too_many_errors', 'time_up', 'incomplete'] as const;
export const gameEndReason = z.enum(gameEndReasons);
export type GameEndReason = z.infer<typeof gameEndReason>;

export const gameResult = z.object({
  won: z.boolean(),
  reason: gameEndReason,
  errors: z.number().int(),
  allowedErrors: z.number().int(),
  /** 0..100: the share of the pieces done, less a share per error (docs/games.md). 0 when lost. */
  score: z.number().int().min(0).max(100),
  /** Pieces done (items placed, pairs found, cards known …) of `total`. */
  done: z.number().int(),
  total: z.number().int(),
});
export type GameResult = z.infer<typeof gameResult>;

/** The state while playing: `playing` until the last piece is done or the allowance is exceeded. */
export const gameState = z.object({
  status: z.enum(['playing', 'won', 'lost']),
  errors: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
});
export type GameState = z.infer<typeof gameState>;

// ---------------------------------------------------------------------------------------------------
// Route payloads

export const gameParams = z.object({ id: serialIdParam() });
export const gameAttemptParams = z.object({ id: serialIdParam(), attemptId: serialIdParam() });
export const gameTrailQuery = z.object({ trailId: serialIdParam().optional() });

/** GET /api/learning/activities/:id/game: the game (unshuffled view) and the learner's record. */
export const gameInfo = z.object({
  activityId: z.number().int(),
  kind: gameKind,
  title: z.string(),
  view: gameView,
  attempts: z.number().int(),
  won: z.boolean(),
  bestScore: z.number().int().nullable(),
  /** The attempt still open (started, not submitted), if any. */
  openAttemptId: z.number().int().nullable(),
});
export type GameInfo = z.infer<typeof gameInfo>;

/** POST …/game/attempts: a new attempt and its view (shuffled with the attempt's seed). */
export const gameAttemptStarted = z.object({
  attemptId: z.number().int(),
  seed: z.number().int(),
  startedAt: z.string(),
  /** When the time limit ends, if any (the server checks it). */
  deadline: z.string().nullable(),
  view: gameView,
});
export type GameAttemptStarted = z.infer<typeof gameAttemptStarted>;

/** POST …/moves: the new moves' feedback (one per move sent) and the state after them. */
export const gameMovesResponse = z.object({
  feedback: z.array(gameMoveFeedback),
  state: gameState,
});
export type GameMovesResponse = z.infer<typeof gameMovesResponse>;

/** POST …/submit: the result as the server replayed it (the same answer to a repeated submit). */
export const gameSubmitted = z.object({
  attemptId: z.number().int(),
  result: gameResult,
  /** The activity was finished by this attempt or before. */
  activityFinished: z.boolean(),
});
export type GameSubmitted = z.infer<typeof gameSubmitted>;
