/**
 * Grading of test and quiz attempts (docs/assessments.md, "Grading"). Pure: the API maps what the learner
 * sent (positions in the attempt's own order) back to the question's original positions, then asks here.
 *
 * - A question is **correct** when it earns all its points; the attempt's score is the points earned over
 *   the points possible (0..100) and it passes when its correct questions reach the pass mark.
 * - single choice: all or nothing. true/false: all or nothing.
 * - multiple choice: the sum of the chosen options' weights (% of the points, negative for wrong ones),
 *   kept between 0 and 100.
 * - matching: per pair: each right pair earns its share of the points.
 * - ordering: all or nothing (every item in its place).
 * - numeric: `value ± tolerance` or `min..max`, both ends included.
 * - short answer: one of the accepted answers, spaces trimmed and runs of spaces made one, Unicode
 *   normalized (NFC); letter case ignored unless the question is case sensitive.
 * - essay: waits for a grader (`earned` null) until a grade is given.
 */

export type GradableQuestion =
  | { kind: 'single_choice'; points: number; options: readonly { correct: boolean }[] }
  | { kind: 'multiple_choice'; points: number; options: readonly { weight: number }[] }
  | { kind: 'true_false'; points: number; answer: boolean }
  /** Pair i is left i with right i. */
  | { kind: 'matching'; points: number; pairs: number }
  /** Item i belongs at place i. */
  | { kind: 'ordering'; points: number; items: number }
  | {
      kind: 'numeric';
      points: number;
      answer:
        { mode: 'value'; value: number; tolerance: number } | { mode: 'range'; min: number; max: number };
    }
  | { kind: 'short_answer'; points: number; answers: readonly string[]; caseSensitive: boolean }
  | { kind: 'essay'; points: number };

/** An answer in the question's original positions. */
export type GivenAnswer =
  | { kind: 'single_choice'; option: number }
  | { kind: 'multiple_choice'; options: readonly number[] }
  | { kind: 'true_false'; value: boolean }
  /** `right` is the original index of the right-column text chosen for left `left`. */
  | { kind: 'matching'; pairs: readonly { left: number; right: number }[] }
  /** Original item indexes, in the order the learner put them. */
  | { kind: 'ordering'; order: readonly number[] }
  | { kind: 'numeric'; value: number }
  | { kind: 'short_answer'; text: string }
  | { kind: 'essay'; text: string };

export interface QuestionGrade {
  /** Points earned; null while an essay waits for its grade. */
  earned: number | null;
  /** Full credit; null while an essay waits for its grade. */
  correct: boolean | null;
}

const EPSILON = 1e-9;
const round2 = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The text a short answer is compared by. */
export function normalizeShortAnswer(text: string, caseSensitive: boolean): string {
  const t = text.normalize('NFC').trim().replace(/\s+/g, ' ');
  return caseSensitive ? t : t.toLocaleLowerCase('und');
}

const full = (points: number): QuestionGrade => ({ earned: points, correct: true });
const none: QuestionGrade = { earned: 0, correct: false };

/**
 * One question's grade. `manual` is a grader's points for an essay (clamped to the question's points);
 * an answer of another kind than the question's earns nothing.
 */
export function gradeQuestion(
  q: GradableQuestion,
  answer: GivenAnswer | null | undefined,
  manual?: number | null,
): QuestionGrade {
  if (q.kind === 'essay') {
    if (manual === null || manual === undefined) return { earned: null, correct: null };
    const earned = clamp(manual, 0, q.points);
    return { earned, correct: earned >= q.points - EPSILON };
  }
  if (!answer || answer.kind !== q.kind) return none;
  switch (q.kind) {
    case 'single_choice': {
      const a = answer as Extract<GivenAnswer, { kind: 'single_choice' }>;
      return q.options[a.option]?.correct === true ? full(q.points) : none;
    }
    case 'multiple_choice': {
      const a = answer as Extract<GivenAnswer, { kind: 'multiple_choice' }>;
      const chosen = [...new Set(a.options)].filter((i) => i >= 0 && i < q.options.length);
      const percent = clamp(
        chosen.reduce((sum, i) => sum + q.options[i]!.weight, 0),
        0,
        100,
      );
      // Weights of thirds are written 33.33333: within a small slack of 100 is full credit.
      if (percent >= 100 - 0.01) return full(q.points);
      return { earned: round2((q.points * percent) / 100), correct: false };
    }
    case 'true_false': {
      const a = answer as Extract<GivenAnswer, { kind: 'true_false' }>;
      return a.value === q.answer ? full(q.points) : none;
    }
    case 'matching': {
      const a = answer as Extract<GivenAnswer, { kind: 'matching' }>;
      if (q.pairs === 0) return full(q.points);
      const seenLeft = new Set<number>();
      const seenRight = new Set<number>();
      let right = 0;
      for (const p of a.pairs) {
        // Each left and each right counts once: pairing everything with everything earns nothing more.
        if (seenLeft.has(p.left) || seenRight.has(p.right)) continue;
        seenLeft.add(p.left);
        seenRight.add(p.right);
        if (p.left === p.right && p.left >= 0 && p.left < q.pairs) right += 1;
      }
      if (right === q.pairs) return full(q.points);
      return { earned: round2((q.points * right) / q.pairs), correct: false };
    }
    case 'ordering': {
      const a = answer as Extract<GivenAnswer, { kind: 'ordering' }>;
      const inPlace = a.order.length === q.items && a.order.every((item, place) => item === place);
      return inPlace ? full(q.points) : none;
    }
    case 'numeric': {
      const a = answer as Extract<GivenAnswer, { kind: 'numeric' }>;
      if (!Number.isFinite(a.value)) return none;
      const ok =
        q.answer.mode === 'value'
          ? Math.abs(a.value - q.answer.value) <= q.answer.tolerance + EPSILON
          : a.value >= q.answer.min - EPSILON && a.value <= q.answer.max + EPSILON;
      return ok ? full(q.points) : none;
    }
    case 'short_answer': {
      const a = answer as Extract<GivenAnswer, { kind: 'short_answer' }>;
      const given = normalizeShortAnswer(a.text, q.caseSensitive);
      if (given === '') return none;
      return q.answers.some((acc) => normalizeShortAnswer(acc, q.caseSensitive) === given)
        ? full(q.points)
        : none;
    }
  }
}

export interface AttemptGrade {
  grades: QuestionGrade[];
  earned: number;
  possible: number;
  /** 0..100 with two decimals; null while an essay waits for its grade. */
  score: number | null;
  correctCount: number;
  /** Essays without a grade. */
  pending: number;
  /** null while an essay waits for its grade. */
  passed: boolean | null;
}

/** Grades a whole attempt; `manual[i]` is a grader's points for the essay at position i. */
export function gradeAttempt(
  questions: readonly GradableQuestion[],
  answers: readonly (GivenAnswer | null | undefined)[],
  passMark: number,
  manual: readonly (number | null | undefined)[] = [],
): AttemptGrade {
  const grades = questions.map((q, i) => gradeQuestion(q, answers[i], manual[i]));
  const possible = questions.reduce((s, q) => s + q.points, 0);
  const earned = round2(grades.reduce((s, g) => s + (g.earned ?? 0), 0));
  const pending = grades.filter((g) => g.earned === null).length;
  const correctCount = grades.filter((g) => g.correct === true).length;
  const rawScore = possible > 0 ? (earned / possible) * 100 : correctCount === questions.length ? 100 : 0;
  return {
    grades,
    earned,
    possible,
    score: pending > 0 ? null : round2(clamp(rawScore, 0, 100)),
    correctCount,
    pending,
    passed: pending > 0 ? null : correctCount >= passMark,
  };
}

/**
 * A random order of `n` positions (Fisher–Yates) from `random` in [0, 1): `result[shown] = original`.
 */
export function shuffledOrder(n: number, random: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Which attempts' grade counts: the highest, the first or the last submitted (scores in submission order;
 * null entries, essays waiting for a grade, are skipped).
 */
export function countedScore(
  scores: readonly (number | null)[],
  rule: 'highest' | 'first' | 'last',
): number | null {
  const graded = scores.filter((s): s is number => s !== null);
  if (graded.length === 0) return null;
  if (rule === 'first') return graded[0]!;
  if (rule === 'last') return graded[graded.length - 1]!;
  return Math.max(...graded);
}
