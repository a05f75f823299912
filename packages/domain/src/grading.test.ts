import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedScore,
  gradeAttempt,
  gradeQuestion,
  normalizeShortAnswer,
  shuffledOrder,
  type GradableQuestion,
} from './grading';

const single: GradableQuestion = {
  kind: 'single_choice',
  points: 2,
  options: [{ correct: false }, { correct: true }, { correct: false }],
};
const multiple: GradableQuestion = {
  kind: 'multiple_choice',
  points: 3,
  options: [{ weight: 50 }, { weight: 50 }, { weight: -100 }],
};

describe('grading of each kind', () => {
  it('single choice is all or nothing', () => {
    expect(gradeQuestion(single, { kind: 'single_choice', option: 1 })).toEqual({ earned: 2, correct: true });
    expect(gradeQuestion(single, { kind: 'single_choice', option: 0 })).toEqual({
      earned: 0,
      correct: false,
    });
    expect(gradeQuestion(single, { kind: 'single_choice', option: 9 })).toEqual({
      earned: 0,
      correct: false,
    });
    expect(gradeQuestion(single, null)).toEqual({ earned: 0, correct: false });
  });

  it('multiple choice adds the chosen weights, between 0 and the points', () => {
    expect(gradeQuestion(multiple, { kind: 'multiple_choice', options: [0, 1] })).toEqual({
      earned: 3,
      correct: true,
    });
    expect(gradeQuestion(multiple, { kind: 'multiple_choice', options: [0] })).toEqual({
      earned: 1.5,
      correct: false,
    });
    expect(gradeQuestion(multiple, { kind: 'multiple_choice', options: [0, 1, 2] })).toEqual({
      earned: 0,
      correct: false,
    });
    // Repeating an option counts it once.
    expect(gradeQuestion(multiple, { kind: 'multiple_choice', options: [0, 0] }).earned).toBe(1.5);
    const thirds: GradableQuestion = {
      kind: 'multiple_choice',
      points: 1,
      options: [{ weight: 33.33333 }, { weight: 33.33333 }, { weight: 33.33333 }],
    };
    expect(gradeQuestion(thirds, { kind: 'multiple_choice', options: [0, 1, 2] }).correct).toBe(true);
  });

  it('true/false compares the value', () => {
    const q: GradableQuestion = { kind: 'true_false', points: 1, answer: false };
    expect(gradeQuestion(q, { kind: 'true_false', value: false }).correct).toBe(true);
    expect(gradeQuestion(q, { kind: 'true_false', value: true }).correct).toBe(false);
  });

  it('matching earns per right pair, each left and right counted once', () => {
    const q: GradableQuestion = { kind: 'matching', points: 4, pairs: 4 };
    const all = [0, 1, 2, 3].map((i) => ({ left: i, right: i }));
    expect(gradeQuestion(q, { kind: 'matching', pairs: all })).toEqual({ earned: 4, correct: true });
    expect(
      gradeQuestion(q, {
        kind: 'matching',
        pairs: [
          { left: 0, right: 0 },
          { left: 1, right: 2 },
          { left: 2, right: 1 },
          { left: 3, right: 3 },
        ],
      }),
    ).toEqual({ earned: 2, correct: false });
    // Naming one left four times earns it once.
    const spam = [0, 1, 2, 3].map((r) => ({ left: 0, right: r }));
    expect(gradeQuestion(q, { kind: 'matching', pairs: spam }).earned).toBe(1);
  });

  it('ordering is all or nothing', () => {
    const q: GradableQuestion = { kind: 'ordering', points: 1, items: 3 };
    expect(gradeQuestion(q, { kind: 'ordering', order: [0, 1, 2] }).correct).toBe(true);
    expect(gradeQuestion(q, { kind: 'ordering', order: [0, 2, 1] }).earned).toBe(0);
    expect(gradeQuestion(q, { kind: 'ordering', order: [0, 1] }).earned).toBe(0);
  });

  it('numeric takes a value with its tolerance or a range, ends included', () => {
    const v: GradableQuestion = {
      kind: 'numeric',
      points: 1,
      answer: { mode: 'value', value: 3.14, tolerance: 0.01 },
    };
    expect(gradeQuestion(v, { kind: 'numeric', value: 3.15 }).correct).toBe(true);
    expect(gradeQuestion(v, { kind: 'numeric', value: 3.16 }).correct).toBe(false);
    const r: GradableQuestion = { kind: 'numeric', points: 1, answer: { mode: 'range', min: 1, max: 5 } };
    expect(gradeQuestion(r, { kind: 'numeric', value: 1 }).correct).toBe(true);
    expect(gradeQuestion(r, { kind: 'numeric', value: 5 }).correct).toBe(true);
    expect(gradeQuestion(r, { kind: 'numeric', value: 5.5 }).correct).toBe(false);
    expect(gradeQuestion(r, { kind: 'numeric', value: Number.NaN }).correct).toBe(false);
  });

  it('short answer accepts the variants, ignoring case and extra spaces unless case sensitive', () => {
    const q: GradableQuestion = {
      kind: 'short_answer',
      points: 1,
      answers: ['Brasília', 'Brasilia'],
      caseSensitive: false,
    };
    expect(gradeQuestion(q, { kind: 'short_answer', text: '  brasília ' }).correct).toBe(true);
    expect(gradeQuestion(q, { kind: 'short_answer', text: 'BRASILIA' }).correct).toBe(true);
    expect(gradeQuestion(q, { kind: 'short_answer', text: 'Rio' }).correct).toBe(false);
    expect(gradeQuestion(q, { kind: 'short_answer', text: '' }).correct).toBe(false);
    const strict = { ...q, caseSensitive: true };
    expect(gradeQuestion(strict, { kind: 'short_answer', text: 'brasília' }).correct).toBe(false);
    expect(gradeQuestion(strict, { kind: 'short_answer', text: 'Brasília' }).correct).toBe(true);
    // Composed and decomposed accents are the same answer.
    expect(gradeQuestion(q, { kind: 'short_answer', text: 'Brasi\u0301lia' }).correct).toBe(true);
  });

  it('an essay waits for its grader, then earns the grade within its points', () => {
    const q: GradableQuestion = { kind: 'essay', points: 5 };
    expect(gradeQuestion(q, { kind: 'essay', text: 'x' })).toEqual({ earned: null, correct: null });
    expect(gradeQuestion(q, { kind: 'essay', text: 'x' }, 5)).toEqual({ earned: 5, correct: true });
    expect(gradeQuestion(q, { kind: 'essay', text: 'x' }, 9)).toEqual({ earned: 5, correct: true });
    expect(gradeQuestion(q, { kind: 'essay', text: 'x' }, 2)).toEqual({ earned: 2, correct: false });
  });

  it('an answer of another kind earns nothing', () => {
    expect(gradeQuestion(single, { kind: 'true_false', value: true })).toEqual({ earned: 0, correct: false });
  });
});

describe('an attempt', () => {
  it('scores points over possible and passes on the correct count', () => {
    const g = gradeAttempt([single, multiple], [{ kind: 'single_choice', option: 1 }, null], 1);
    expect(g).toMatchObject({ earned: 2, possible: 5, score: 40, correctCount: 1, passed: true, pending: 0 });
    expect(gradeAttempt([single, multiple], [null, null], 1).passed).toBe(false);
  });

  it('waits while an essay has no grade, then decides', () => {
    const essay: GradableQuestion = { kind: 'essay', points: 1 };
    const g = gradeAttempt([single, essay], [{ kind: 'single_choice', option: 1 }, null], 2);
    expect(g).toMatchObject({ score: null, passed: null, pending: 1 });
    const graded = gradeAttempt([single, essay], [{ kind: 'single_choice', option: 1 }, null], 2, [null, 1]);
    expect(graded).toMatchObject({ score: 100, passed: true, pending: 0, correctCount: 2 });
  });

  it('counts the highest, first or last graded score', () => {
    expect(countedScore([40, null, 90, 60], 'highest')).toBe(90);
    expect(countedScore([40, null, 90, 60], 'first')).toBe(40);
    expect(countedScore([40, null, 90, 60], 'last')).toBe(60);
    expect(countedScore([null], 'highest')).toBeNull();
  });
});

describe('properties', () => {
  const arbChoice = fc
    .array(fc.boolean(), { minLength: 2, maxLength: 20 })
    .map((flags) => flags.map((correct) => ({ correct })));
  const arbMultiple = fc
    .array(fc.integer({ min: -100, max: 100 }), { minLength: 2, maxLength: 20 })
    .map((weights) => weights.map((weight) => ({ weight })));

  it('every grade stays between 0 and the points, and correct means full points', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        arbChoice,
        arbMultiple,
        fc.array(fc.integer({ min: -2, max: 22 }), { maxLength: 30 }),
        (points, choice, weights, picks) => {
          const grades = [
            gradeQuestion(
              { kind: 'single_choice', points, options: choice },
              {
                kind: 'single_choice',
                option: picks[0] ?? 0,
              },
            ),
            gradeQuestion(
              { kind: 'multiple_choice', points, options: weights },
              {
                kind: 'multiple_choice',
                options: picks,
              },
            ),
            gradeQuestion(
              { kind: 'matching', points, pairs: 5 },
              {
                kind: 'matching',
                pairs: picks.map((p, i) => ({ left: i % 7, right: p })),
              },
            ),
          ];
          for (const g of grades) {
            expect(g.earned).not.toBeNull();
            expect(g.earned!).toBeGreaterThanOrEqual(0);
            expect(g.earned!).toBeLessThanOrEqual(points + 0.01);
            if (g.correct) expect(g.earned).toBe(points);
          }
        },
      ),
    );
  });

  it('the right order and the right pairs always earn full points, whatever their count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20 }),
        fc.double({ min: 0.5, max: 100, noNaN: true }),
        (n, points) => {
          const order = Array.from({ length: n }, (_, i) => i);
          expect(
            gradeQuestion({ kind: 'ordering', points, items: n }, { kind: 'ordering', order }).correct,
          ).toBe(true);
          const pairs = order.map((i) => ({ left: i, right: i }));
          expect(
            gradeQuestion({ kind: 'matching', points, pairs: n }, { kind: 'matching', pairs }).earned,
          ).toBe(points);
        },
      ),
    );
  });

  it('a wrong order never earns anything', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 12 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
            ),
          ),
        ([n, order]) => {
          const inPlace = order.every((v, i) => v === i);
          const g = gradeQuestion({ kind: 'ordering', points: 1, items: n }, { kind: 'ordering', order });
          expect(g.correct).toBe(inPlace);
        },
      ),
    );
  });

  it('a numeric value within the tolerance is right and outside it is wrong', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (value, tolerance, share) => {
          const q: GradableQuestion = {
            kind: 'numeric',
            points: 1,
            answer: { mode: 'value', value, tolerance },
          };
          const inside = value + tolerance * share * 0.999;
          expect(gradeQuestion(q, { kind: 'numeric', value: inside }).correct).toBe(true);
          const outside = value + (tolerance + 1) * (share >= 0 ? 1 : -1);
          expect(gradeQuestion(q, { kind: 'numeric', value: outside }).correct).toBe(false);
        },
      ),
    );
  });

  it('a short answer matches itself whatever its case and spacing (case-insensitive questions)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== ''),
        (s) => {
          const q: GradableQuestion = { kind: 'short_answer', points: 1, answers: [s], caseSensitive: false };
          expect(gradeQuestion(q, { kind: 'short_answer', text: `  ${s.toUpperCase()} ` }).correct).toBe(
            normalizeShortAnswer(s.toUpperCase(), false) === normalizeShortAnswer(s, false),
          );
          expect(gradeQuestion(q, { kind: 'short_answer', text: s }).correct).toBe(true);
        },
      ),
    );
  });

  it('the score is between 0 and 100 and passing follows the correct count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbChoice, fc.integer({ min: 0, max: 21 }), fc.integer({ min: 0, max: 10 })), {
          minLength: 1,
          maxLength: 15,
        }),
        fc.integer({ min: 0, max: 15 }),
        (rows, passMark) => {
          const questions = rows.map(([options, , points]) => ({
            kind: 'single_choice' as const,
            points,
            options,
          }));
          const answers = rows.map(([, option]) => ({ kind: 'single_choice' as const, option }));
          const g = gradeAttempt(questions, answers, passMark);
          expect(g.score!).toBeGreaterThanOrEqual(0);
          expect(g.score!).toBeLessThanOrEqual(100);
          expect(g.passed).toBe(g.correctCount >= passMark);
        },
      ),
    );
  });

  it('a shuffled order is a permutation of the positions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.infiniteStream(fc.double({ min: 0, max: 0.999999, noNaN: true })),
        (n, stream) => {
          const it = stream[Symbol.iterator]();
          const order = shuffledOrder(n, () => it.next().value as number);
          expect([...order].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
        },
      ),
    );
  });
});
