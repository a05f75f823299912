import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GameOf,
  GameMoveError,
  enigmaLetter,
  gameOutcome,
  gameViewOf,
  normalizeAnswer,
  perfectMoves,
  replayGame,
  seededShuffle,
} from './games';
import { sampleGames, wrongMoves } from './samples';

const games = Object.values(sampleGames) as GameOf[];
const withAllowance = (game: GameOf, allowedErrors: number): GameOf =>
  ({ ...game, settings: { ...game.settings, allowedErrors } }) as GameOf;

describe('game views', () => {
  it('never carry the solution', () => {
    for (const game of games) {
      const json = JSON.stringify(gameViewOf(game, 7));
      expect(json).not.toContain('zoneId');
      expect(json).not.toContain('"answer');
      expect(json).not.toContain('"side"');
      expect(json).not.toContain('"pair');
      expect(json).not.toContain('hints"');
      if (game.kind === 'enigma') expect(json.toLowerCase()).not.toContain('piano');
    }
  });

  it('are the same for the same seed and shuffle with another', () => {
    const game = sampleGames.find_the_pairs;
    expect(gameViewOf(game, 3)).toEqual(gameViewOf(game, 3));
    const orders = new Set(Array.from({ length: 20 }, (_, s) => JSON.stringify(gameViewOf(game, s))));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('show the enigma slots without the letters', () => {
    const view = gameViewOf(
      { ...sampleGames.enigma, settings: { ...sampleGames.enigma.settings, answer: 'São Paulo-SP' } },
      1,
    );
    expect(view).toMatchObject({
      slots: [null, null, null, ' ', null, null, null, null, null, '-', null, null],
    });
  });

  it('a shuffle keeps every element', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 30 }), fc.integer(), (list, seed) => {
        expect([...seededShuffle(list, seed)].sort()).toEqual([...list].sort());
      }),
    );
  });
});

describe('the rules per kind', () => {
  it('drag and drop: a wrong drop is an error and the item can be dropped again', () => {
    const game = sampleGames.drag_and_drop;
    const replay = replayGame(game, 1, [
      { itemId: 'apple', zoneId: 'veg' },
      { itemId: 'apple', zoneId: 'fruit' },
      { itemId: 'carrot', zoneId: 'veg' },
      { itemId: 'pear', zoneId: 'fruit' },
    ]);
    expect(replay).toMatchObject({ status: 'won', errors: 1, done: 3, total: 3 });
    expect(replay.steps.map((s) => s.correct)).toEqual([false, true, true, true]);
  });

  it('drag and drop: dropping a distractor anywhere is an error; a placed item cannot move again', () => {
    const game = sampleGames.drag_and_drop;
    expect(replayGame(game, 1, [{ itemId: 'stone', zoneId: 'veg' }]).errors).toBe(1);
    expect(() =>
      replayGame(game, 1, [
        { itemId: 'apple', zoneId: 'fruit' },
        { itemId: 'apple', zoneId: 'fruit' },
      ]),
    ).toThrow(GameMoveError);
    expect(() => replayGame(game, 1, [{ itemId: 'nope', zoneId: 'fruit' }])).toThrow(GameMoveError);
  });

  it('find the pairs: a failed turn is an error and exceeding the allowance loses', () => {
    const game = withAllowance(sampleGames.find_the_pairs, 1);
    const perfect = perfectMoves(game, 5) as { first: number; second: number }[];
    const miss = { first: perfect[0]!.first, second: perfect[1]!.first };
    const once = replayGame(game, 5, [miss, ...perfect]);
    expect(once).toMatchObject({ status: 'won', errors: 1 });
    const twice = replayGame(game, 5, [miss, miss, ...perfect]);
    expect(twice.status).toBe('lost');
    expect(twice.steps.slice(2).every((s) => s.ignored)).toBe(true);
    expect(gameOutcome(game, twice)).toMatchObject({ won: false, reason: 'too_many_errors', score: 0 });
    expect(() => replayGame(game, 5, [{ first: 0, second: 0 }])).toThrow(GameMoveError);
    expect(() => replayGame(game, 5, [perfect[0]!, perfect[0]!])).toThrow(GameMoveError);
  });

  it('this or that and true or false: answered in the view order, each once', () => {
    for (const game of [sampleGames.this_or_that, sampleGames.true_or_false]) {
      const perfect = perfectMoves(game, 9);
      expect(replayGame(game, 9, perfect).status).toBe('won');
      expect(() => replayGame(game, 9, [...perfect].reverse())).toThrow(GameMoveError);
    }
    const inOrder = {
      ...sampleGames.true_or_false,
      settings: { ...sampleGames.true_or_false.settings, shuffle: false },
    };
    const replay = replayGame(inOrder, 0, [
      { statementId: 's1', answer: true },
      { statementId: 's2', answer: true },
    ]);
    expect(replay.steps[0]).toMatchObject({ correct: true, feedback: 'Yes.' });
    expect(replay.steps[1]).toMatchObject({ correct: false, errors: 1 });
  });

  it('fill in the blanks: variants, case and accents as the author sets', () => {
    const game = sampleGames.fill_in_the_blanks;
    const loose = replayGame(game, 0, [
      { gapId: 'cap', value: '  brasilia   df ' },
      { gapId: 'peru', value: 'LIMA' },
    ]);
    expect(loose).toMatchObject({ status: 'won', errors: 0 });
    const strict = {
      ...game,
      settings: { ...game.settings, caseSensitive: true, accentSensitive: true },
    };
    const r = replayGame(strict, 0, [
      { gapId: 'cap', value: 'Brasilia' },
      { gapId: 'cap', value: 'Brasília' },
      { gapId: 'peru', value: 'lima' },
    ]);
    expect(r.steps.map((s) => s.correct)).toEqual([false, true, false]);
    expect(r.status).toBe('lost');
    expect(normalizeAnswer('Ação', { caseSensitive: false, accentSensitive: false })).toBe('acao');
  });

  it('flashcards: never lost; complete once every card is known; not-yet cards come back', () => {
    const game = withAllowance(sampleGames.flashcards, 0);
    const r = replayGame(game, 0, [
      { cardId: 'c1', mark: 'not_yet' },
      { cardId: 'c1', mark: 'not_yet' },
      { cardId: 'c2', mark: 'known' },
    ]);
    expect(r).toMatchObject({ status: 'playing', errors: 2, done: 1 });
    expect(gameOutcome(game, r)).toMatchObject({ won: false, reason: 'incomplete' });
    const done = replayGame(game, 0, [
      { cardId: 'c1', mark: 'not_yet' },
      { cardId: 'c1', mark: 'known' },
      { cardId: 'c2', mark: 'known' },
    ]);
    expect(gameOutcome(game, done)).toMatchObject({ won: true, errors: 1, score: 67 });
    expect(() =>
      replayGame(game, 0, [
        { cardId: 'c2', mark: 'known' },
        { cardId: 'c2', mark: 'known' },
      ]),
    ).toThrow(GameMoveError);
  });

  it('enigma: wrong letters and hints cost errors; a letter again costs nothing', () => {
    const game = sampleGames.enigma; // PIANO, 2 errors allowed
    const r = replayGame(game, 0, [
      { type: 'letter', letter: 'a' },
      { type: 'letter', letter: 'A' },
      { type: 'letter', letter: 'x' },
      { type: 'hint' },
      { type: 'letter', letter: 'p' },
      { type: 'letter', letter: 'í' },
      { type: 'letter', letter: 'n' },
      { type: 'letter', letter: 'o' },
    ]);
    expect(r.steps[0]).toMatchObject({ correct: true, positions: [2], errors: 0 });
    expect(r.steps[1]).toMatchObject({ errors: 0 });
    expect(r.steps[2]).toMatchObject({ correct: false, errors: 1, positions: [] });
    expect(r.steps[3]).toMatchObject({ hint: 'It makes music.', errors: 1 });
    expect(r).toMatchObject({ status: 'won', errors: 2 });
    const lost = replayGame(game, 0, [{ type: 'hint' }, { type: 'hint' }, { type: 'letter', letter: 'z' }]);
    expect(lost.status).toBe('lost');
    expect(() =>
      replayGame(withAllowance(game, 9), 0, [{ type: 'hint' }, { type: 'hint' }, { type: 'hint' }]),
    ).toThrow(GameMoveError);
    expect(enigmaLetter('É')).toBe('E');
    expect(enigmaLetter('!')).toBeNull();
  });

  it('outcomes: time up and incomplete lose; a won game scores by its errors', () => {
    const game = sampleGames.drag_and_drop;
    expect(gameOutcome(game, replayGame(game, 0, []), true)).toMatchObject({ won: false, reason: 'time_up' });
    expect(gameOutcome(game, replayGame(game, 0, []))).toMatchObject({ won: false, reason: 'incomplete' });
    expect(gameOutcome(game, replayGame(game, 0, perfectMoves(game, 0)))).toMatchObject({
      won: true,
      score: 100,
    });
  });
});

describe('properties', () => {
  const kind = fc.constantFrom(...games);
  const seed = fc.integer({ min: 0, max: 2 ** 31 - 1 });

  it('a perfect move list always wins without an error, whatever the seed and allowance', () => {
    fc.assert(
      fc.property(kind, seed, fc.integer({ min: 0, max: 50 }), (game, s, allowed) => {
        const g = withAllowance(game, allowed);
        const replay = replayGame(g, s, perfectMoves(g, s));
        expect(replay).toMatchObject({ status: 'won', errors: 0 });
        expect(gameOutcome(g, replay).score).toBe(100);
      }),
    );
  });

  it('errors never exceed the moves (times a hint cost); a wrong-only list never wins', () => {
    fc.assert(
      fc.property(kind, seed, fc.integer({ min: 0, max: 50 }), (game, s, allowed) => {
        const g = withAllowance(game, allowed);
        const moves = wrongMoves(g, s);
        const replay = replayGame(g, s, moves);
        expect(replay.errors).toBeLessThanOrEqual(moves.length);
        expect(replay.status).not.toBe('won');
        expect(gameOutcome(g, replay).won).toBe(false);
      }),
    );
  });

  it('wrong moves mixed into a perfect list win only within the allowance (flashcards always)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          sampleGames.drag_and_drop,
          sampleGames.find_the_pairs,
          sampleGames.fill_in_the_blanks,
          sampleGames.flashcards,
          sampleGames.enigma,
        ),
        seed,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (game: GameOf, s, allowed, wrong) => {
          const g = withAllowance(game, allowed);
          // Wrong moves first (each can be played again right), then the perfect list.
          const moves = [...wrongMoves(g, s).slice(0, wrong), ...perfectMoves(g, s)];
          const replay = replayGame(g, s, moves);
          const errors = Math.min(wrong, wrongMoves(g, s).length);
          if (g.kind === 'flashcards' || errors <= allowed) expect(replay.status).toBe('won');
          else expect(replay.status).toBe('lost');
          expect(replay.errors).toBeLessThanOrEqual(moves.length);
        },
      ),
    );
  });

  it('the order matters: the same moves after the allowance is spent no longer count', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const g = withAllowance(sampleGames.drag_and_drop, 1);
        const good = perfectMoves(g, s);
        const bad = wrongMoves(g, s).slice(0, 2);
        expect(replayGame(g, s, [...good, ...bad]).status).toBe('won');
        expect(replayGame(g, s, [...bad, ...good]).status).toBe('lost');
      }),
    );
  });

  it('random moves never throw anything but GameMoveError and never win by errors alone', () => {
    fc.assert(
      fc.property(
        kind,
        seed,
        fc.array(
          fc.dictionary(
            fc.constantFrom(
              'itemId',
              'zoneId',
              'wordId',
              'gapId',
              'first',
              'second',
              'side',
              'value',
              'statementId',
              'answer',
              'cardId',
              'mark',
              'type',
              'letter',
            ),
            fc.oneof(
              fc.string({ maxLength: 6 }),
              fc.integer({ min: -1, max: 8 }),
              fc.boolean(),
              fc.constantFrom(
                'left',
                'right',
                'known',
                'not_yet',
                'letter',
                'hint',
                'apple',
                'fruit',
                'w1',
                'g1',
                's1',
                'c1',
                'cap',
              ),
            ),
          ),
          { maxLength: 12 },
        ),
        (game, s, moves) => {
          try {
            const replay = replayGame(game, s, moves);
            expect(replay.errors).toBeGreaterThanOrEqual(0);
            if (replay.status === 'won') expect(replay.done).toBe(replay.total);
          } catch (e) {
            expect(e).toBeInstanceOf(GameMoveError);
          }
        },
      ),
    );
  });
});
