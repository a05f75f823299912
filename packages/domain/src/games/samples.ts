import { type AnyMove, type GameOf, gameViewOf, perfectMoves } from './games';

/**
 * One small game of each kind, with the defaults the contracts fill in: the tests of the rules and of
 * the API play them, and they read as examples of each kind's settings.
 */
const common = { allowedErrors: 1, timeLimitSeconds: null, points: 10, xp: 5, instructions: '' };

export const sampleGames = {
  drag_and_drop: {
    kind: 'drag_and_drop',
    settings: {
      ...common,
      layout: 'boxes',
      zones: [
        { id: 'fruit', label: 'Fruit' },
        { id: 'veg', label: 'Vegetable' },
      ],
      items: [
        { id: 'apple', face: { text: 'Apple' }, zoneId: 'fruit' },
        { id: 'carrot', face: { text: 'Carrot' }, zoneId: 'veg' },
        { id: 'pear', face: { text: 'Pear' }, zoneId: 'fruit' },
        { id: 'stone', face: { text: 'Stone' }, zoneId: null },
      ],
    },
  },
  drag_the_words: {
    kind: 'drag_the_words',
    settings: {
      ...common,
      parts: [
        { type: 'text', text: 'The ' },
        { type: 'gap', id: 'g1', answer: 'customer' },
        { type: 'text', text: ' is always ' },
        { type: 'gap', id: 'g2', answer: 'first' },
      ],
      distractors: ['last'],
    },
  },
  find_the_pairs: {
    kind: 'find_the_pairs',
    settings: {
      ...common,
      pairs: [
        { id: 'p1', a: { text: 'Brazil' }, b: { text: 'Brasília' } },
        { id: 'p2', a: { text: 'France' }, b: { text: 'Paris' } },
        { id: 'p3', a: { text: 'Chile' }, b: { text: 'Santiago' } },
      ],
    },
  },
  this_or_that: {
    kind: 'this_or_that',
    settings: {
      ...common,
      left: { text: 'Do' },
      right: { text: "Don't" },
      items: [
        { id: 'greet', face: { text: 'Greet the customer' }, side: 'left' },
        { id: 'ignore', face: { text: 'Ignore a question' }, side: 'right' },
        { id: 'smile', face: { text: 'Smile' }, side: 'left' },
      ],
      shuffle: true,
    },
  },
  fill_in_the_blanks: {
    kind: 'fill_in_the_blanks',
    settings: {
      ...common,
      parts: [
        { type: 'text', text: 'The capital of Brazil is ' },
        { type: 'gap', id: 'cap', answers: ['Brasília', 'Brasilia DF'] },
        { type: 'text', text: ' and of Peru is ' },
        { type: 'gap', id: 'peru', answers: ['Lima'] },
      ],
      caseSensitive: false,
      accentSensitive: false,
    },
  },
  true_or_false: {
    kind: 'true_or_false',
    settings: {
      ...common,
      statements: [
        { id: 's1', text: 'Water boils at 100 °C at sea level.', answer: true, feedback: 'Yes.' },
        { id: 's2', text: 'The sun turns around the earth.', answer: false, feedback: '' },
        { id: 's3', text: 'A week has seven days.', answer: true, feedback: '' },
      ],
      shuffle: true,
    },
  },
  flashcards: {
    kind: 'flashcards',
    settings: {
      ...common,
      cards: [
        { id: 'c1', front: { text: 'SKU' }, back: { text: 'Stock keeping unit' } },
        { id: 'c2', front: { text: 'POS' }, back: { text: 'Point of sale' } },
      ],
      shuffle: true,
    },
  },
  enigma: {
    kind: 'enigma',
    settings: {
      ...common,
      allowedErrors: 2,
      riddle: 'What has keys but opens no locks?',
      answer: 'Piano',
      hints: ['It makes music.', 'It has 88 of them.'],
      hintCost: 1,
    },
  },
} satisfies { [K in GameOf['kind']]: Extract<GameOf, { kind: K }> };

/** One valid but wrong move per piece, in play order (none for flashcards: `not_yet` marks). */
export function wrongMoves(game: GameOf, seed: number): AnyMove[] {
  const view = gameViewOf(game, seed);
  switch (game.kind) {
    case 'drag_and_drop':
      return game.settings.items.map((i) => ({
        itemId: i.id,
        zoneId: game.settings.zones.find((z) => z.id !== i.zoneId)!.id,
      }));
    case 'drag_the_words': {
      const words = (view as { words: { id: string; text: string }[] }).words;
      return game.settings.parts.flatMap((p) =>
        p.type === 'gap' ? [{ gapId: p.id, wordId: words.find((w) => w.text !== p.answer)!.id }] : [],
      );
    }
    case 'find_the_pairs': {
      const perfect = perfectMoves(game, seed) as { first: number; second: number }[];
      // The first card of a pair with the first card of the next pair.
      return perfect.map((m, i) => ({ first: m.first, second: perfect[(i + 1) % perfect.length]!.first }));
    }
    case 'this_or_that':
      return (perfectMoves(game, seed) as { itemId: string; side: 'left' | 'right' }[]).map((m) => ({
        itemId: m.itemId,
        side: m.side === 'left' ? ('right' as const) : ('left' as const),
      }));
    case 'fill_in_the_blanks':
      return game.settings.parts.flatMap((p) => (p.type === 'gap' ? [{ gapId: p.id, value: 'zzz' }] : []));
    case 'true_or_false':
      return (perfectMoves(game, seed) as { statementId: string; answer: boolean }[]).map((m) => ({
        statementId: m.statementId,
        answer: !m.answer,
      }));
    case 'flashcards':
      return game.settings.cards.map((c) => ({ cardId: c.id, mark: 'not_yet' as const }));
    case 'enigma':
      return ['Q', 'X', 'Z', 'W', 'K'].map((letter) => ({ type: 'letter' as const, letter }));
  }
}
