import { randomInt } from 'node:crypto';
import type {
  AdminAttemptDetail,
  AdminAttemptItem,
  AdminAttemptPage,
  Answer,
  AnswerSaved,
  AssessedCourse,
  AssessedCourseDetail,
  AssessedCoursePage,
  AttemptQuestion,
  AttemptResult,
  AttemptReview,
  AttemptView,
  CourseBlockPage,
  EssayGradesBody,
  ReviewQuestion,
  TestOverview,
  UnblockResponse,
} from '@trilha/contracts/assessments/attempts';
import { answer as answerSchema } from '@trilha/contracts/assessments/attempts';
import {
  blockingTestKinds,
  generalTestKinds,
  isTestActivityKind,
  practiceTestKinds,
  questionCountOf,
  restartingTestKinds,
  testSettings,
  type ProgressStatus,
  type TestActivityKind,
  type TestSettings,
} from '@trilha/contracts/learning';
import {
  countedScore,
  gradeAttempt,
  shuffledOrder,
  type GivenAnswer,
  type GradableQuestion,
} from '@trilha/domain/grading';
import type { Db } from '../../db/client';
import type { AttemptQuestionSnapshot, EssayGrade } from '../../db/schema/assessments';
import { unitOfWork } from '../../db/unit-of-work';
import type { EventSink } from '../../jobs/job-queue';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { LearningModule } from '../learning/learning.feature';
import { lockErrorCode } from '../learning/locks';
import type { Viewer } from '../learning/viewer';
import { createAttemptsRepo, type AttemptRow, type BankQuestionRow } from './attempts.repo';

type Lang = 'pt-BR' | 'en-US' | 'es' | 'fr';
type Grade = ReturnType<typeof gradeAttempt>;

const iso = (v: string | Date | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

const random = () => randomInt(0, 2 ** 32) / 2 ** 32;
const identity = (n: number) => Array.from({ length: n }, (_, i) => i);

// ---------------------------------------------------------------------------------------------------
// Snapshots: a bank question as an attempt holds it, and what the learner may see of it

function snapshotOf(q: BankQuestionRow, shuffleAnswers: boolean): AttemptQuestionSnapshot {
  const body = q.body;
  const count = (key: string) => (Array.isArray(body[key]) ? (body[key] as unknown[]).length : 0);
  let optionOrder: number[] | null = null;
  let leftOrder: number[] | null = null;
  let rightOrder: number[] | null = null;
  if (q.kind === 'single_choice' || q.kind === 'multiple_choice') {
    optionOrder = shuffleAnswers ? shuffledOrder(count('options'), random) : identity(count('options'));
  } else if (q.kind === 'ordering') {
    // Items are stored in their right order: they are always shown shuffled (and never as given).
    optionOrder = derange(count('items'));
  } else if (q.kind === 'matching') {
    leftOrder = shuffleAnswers ? shuffledOrder(count('pairs'), random) : identity(count('pairs'));
    // The right column never lines up with the left one, whatever order the left one came in.
    rightOrder = derange(count('pairs'), leftOrder);
  }
  return {
    questionId: q.id,
    kind: q.kind,
    points: Number(q.points),
    stem: q.stem,
    generalFeedback: q.general_feedback,
    media: q.media,
    body,
    translations: q.translations ?? {},
    optionOrder,
    leftOrder,
    rightOrder,
  };
}

/**
 * A shuffled order unlike `avoid` (the right order by default) in some position, when there are two or
 * more: the right order is never the one shown.
 */
function derange(n: number, avoid: readonly number[] = identity(n)): number[] {
  if (n < 2) return identity(n);
  for (;;) {
    const order = shuffledOrder(n, random);
    if (order.some((v, i) => v !== avoid[i])) return order;
  }
}

interface Texts {
  stem: string;
  options: string[];
  pairs: { left: string; right: string }[];
  items: string[];
  optionFeedback: string[];
  generalFeedback: string;
  feedbackTrue: string;
  feedbackFalse: string;
}

/** The question's texts in a language, each falling back to pt-BR. */
function textsOf(q: AttemptQuestionSnapshot, lang: Lang): Texts {
  const body = q.body as {
    options?: { text: string; feedback?: string }[];
    pairs?: { left: string; right: string }[];
    items?: string[];
    feedbackTrue?: string;
    feedbackFalse?: string;
  };
  const t = (lang === 'pt-BR' ? undefined : q.translations[lang]) as
    | {
        stem?: string;
        generalFeedback?: string;
        options?: { text: string; feedback?: string }[];
        pairs?: { left: string; right: string }[];
        items?: string[];
        feedbackTrue?: string;
        feedbackFalse?: string;
      }
    | undefined;
  return {
    stem: t?.stem || q.stem,
    options: (body.options ?? []).map((o, i) => t?.options?.[i]?.text || o.text),
    optionFeedback: (body.options ?? []).map((o, i) => t?.options?.[i]?.feedback || o.feedback || ''),
    pairs: (body.pairs ?? []).map((p, i) => ({
      left: t?.pairs?.[i]?.left || p.left,
      right: t?.pairs?.[i]?.right || p.right,
    })),
    items: (body.items ?? []).map((item, i) => t?.items?.[i] || item),
    generalFeedback: t?.generalFeedback || q.generalFeedback,
    feedbackTrue: t?.feedbackTrue || body.feedbackTrue || '',
    feedbackFalse: t?.feedbackFalse || body.feedbackFalse || '',
  };
}

/** What the learner sees of a question: texts by shown position, nothing that tells right from wrong. */
function shownQuestion(q: AttemptQuestionSnapshot, index: number, lang: Lang): AttemptQuestion {
  const t = textsOf(q, lang);
  const shown = (order: number[] | null, texts: string[]) =>
    order ? order.map((original, i) => ({ index: i, text: texts[original] ?? '' })) : null;
  return {
    index,
    kind: q.kind,
    stem: t.stem,
    media: q.media,
    points: q.points,
    options:
      q.kind === 'single_choice' || q.kind === 'multiple_choice' ? shown(q.optionOrder, t.options) : null,
    left:
      q.kind === 'matching'
        ? shown(
            q.leftOrder,
            t.pairs.map((p) => p.left),
          )
        : null,
    right:
      q.kind === 'matching'
        ? shown(
            q.rightOrder,
            t.pairs.map((p) => p.right),
          )
        : null,
    items: q.kind === 'ordering' ? shown(q.optionOrder, t.items) : null,
  };
}

/** The structure the grader needs, from a snapshot. */
function gradable(q: AttemptQuestionSnapshot): GradableQuestion {
  const b = q.body as Record<string, unknown>;
  switch (q.kind) {
    case 'single_choice':
      return { kind: q.kind, points: q.points, options: b['options'] as { correct: boolean }[] };
    case 'multiple_choice':
      return { kind: q.kind, points: q.points, options: b['options'] as { weight: number }[] };
    case 'true_false':
      return { kind: q.kind, points: q.points, answer: Boolean(b['answer']) };
    case 'matching':
      return { kind: q.kind, points: q.points, pairs: (b['pairs'] as unknown[]).length };
    case 'ordering':
      return { kind: q.kind, points: q.points, items: (b['items'] as unknown[]).length };
    case 'numeric':
      return {
        kind: q.kind,
        points: q.points,
        answer: b['answer'] as Extract<GradableQuestion, { kind: 'numeric' }>['answer'],
      };
    case 'short_answer':
      return {
        kind: q.kind,
        points: q.points,
        answers: b['answers'] as string[],
        caseSensitive: Boolean(b['caseSensitive']),
      };
    case 'essay':
      return { kind: 'essay', points: q.points };
  }
}

/** An answer in shown positions → the question's original positions. */
function toOriginal(q: AttemptQuestionSnapshot, a: Answer | null): GivenAnswer | null {
  if (!a || a.kind !== q.kind) return null;
  const opt = (shown: number) => q.optionOrder?.[shown] ?? -1;
  switch (a.kind) {
    case 'single_choice':
      return { kind: a.kind, option: opt(a.option) };
    case 'multiple_choice':
      return { kind: a.kind, options: a.options.map(opt) };
    case 'matching':
      return {
        kind: a.kind,
        pairs: a.pairs.map((p) => ({
          left: q.leftOrder?.[p.left] ?? -1,
          right: q.rightOrder?.[p.right] ?? -2,
        })),
      };
    case 'ordering':
      return { kind: a.kind, order: a.order.map(opt) };
    default:
      return a;
  }
}

/** Whether an answer names only positions the question shows (400 otherwise). */
function answerFits(q: AttemptQuestionSnapshot, a: Answer): boolean {
  if (a.kind !== q.kind) return false;
  const n = (q.optionOrder ?? q.leftOrder ?? []).length;
  const inRange = (i: number) => i >= 0 && i < n;
  switch (a.kind) {
    case 'single_choice':
      return inRange(a.option);
    case 'multiple_choice':
      return a.options.every(inRange);
    case 'matching': {
      const lefts = new Set(a.pairs.map((p) => p.left));
      const rights = new Set(a.pairs.map((p) => p.right));
      return (
        a.pairs.every((p) => inRange(p.left) && inRange(p.right)) &&
        lefts.size === a.pairs.length &&
        rights.size === a.pairs.length
      );
    }
    case 'ordering':
      return a.order.length === n && new Set(a.order).size === n && a.order.every(inRange);
    default:
      return true;
  }
}

function gradeOf(row: Pick<AttemptRow, 'questions' | 'answers' | 'essay_grades' | 'pass_mark'>): Grade {
  const answers = row.questions.map((q, i) => toOriginal(q, parseAnswer(row.answers[i])));
  return gradeAttempt(
    row.questions.map(gradable),
    answers,
    row.pass_mark,
    row.questions.map((_, i) => row.essay_grades[i]?.points ?? null),
  );
}

function parseAnswer(raw: unknown): Answer | null {
  if (raw === null || raw === undefined) return null;
  const parsed = answerSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const numberText = (n: number) => String(n);

/** The right answer in shown positions, and in words when an answer cannot hold it. */
function correctOf(q: AttemptQuestionSnapshot, lang: Lang): { answer: Answer | null; text: string | null } {
  const b = q.body as Record<string, unknown>;
  const shownOf = (original: number) => q.optionOrder?.indexOf(original) ?? original;
  switch (q.kind) {
    case 'single_choice': {
      const options = b['options'] as { correct: boolean }[];
      return { answer: { kind: q.kind, option: shownOf(options.findIndex((o) => o.correct)) }, text: null };
    }
    case 'multiple_choice': {
      const options = b['options'] as { weight: number }[];
      const right = options.flatMap((o, i) => (o.weight > 0 ? [shownOf(i)] : [])).sort((x, y) => x - y);
      return { answer: { kind: q.kind, options: right }, text: null };
    }
    case 'true_false':
      return { answer: { kind: q.kind, value: Boolean(b['answer']) }, text: null };
    case 'matching': {
      const n = (b['pairs'] as unknown[]).length;
      const pairs = identity(n).map((original) => ({
        left: q.leftOrder!.indexOf(original),
        right: q.rightOrder!.indexOf(original),
      }));
      return { answer: { kind: q.kind, pairs: pairs.sort((x, y) => x.left - y.left) }, text: null };
    }
    case 'ordering': {
      const n = (b['items'] as unknown[]).length;
      return { answer: { kind: q.kind, order: identity(n).map(shownOf) }, text: null };
    }
    case 'numeric': {
      const a = b['answer'] as Extract<GradableQuestion, { kind: 'numeric' }>['answer'];
      if (a.mode === 'value')
        return {
          answer: { kind: q.kind, value: a.value },
          text: a.tolerance > 0 ? `${numberText(a.value)} ± ${numberText(a.tolerance)}` : numberText(a.value),
        };
      return { answer: null, text: `${numberText(a.min)} – ${numberText(a.max)}` };
    }
    case 'short_answer': {
      const answers = b['answers'] as string[];
      return { answer: { kind: q.kind, text: answers[0] ?? '' }, text: answers.join(' / ') };
    }
    case 'essay':
      void lang;
      return { answer: null, text: null };
  }
}

/** Feedback the learner earned: the chosen options' and the question's own. */
function feedbackOf(q: AttemptQuestionSnapshot, a: Answer | null, lang: Lang): string[] {
  const t = textsOf(q, lang);
  const out: string[] = [];
  if (a?.kind === 'single_choice' && q.kind === a.kind)
    out.push(t.optionFeedback[q.optionOrder![a.option]!] ?? '');
  if (a?.kind === 'multiple_choice' && q.kind === a.kind)
    for (const s of a.options) out.push(t.optionFeedback[q.optionOrder![s]!] ?? '');
  if (a?.kind === 'true_false' && q.kind === a.kind) out.push(a.value ? t.feedbackTrue : t.feedbackFalse);
  out.push(t.generalFeedback);
  return out.filter((f) => f !== '');
}

// ---------------------------------------------------------------------------------------------------

export function createAttemptsService(deps: { db: Db; learning: LearningModule; events: EventSink }) {
  const { db, learning, events } = deps;
  const repo = createAttemptsRepo(db);

  async function testOf(clientId: number, activityId: number) {
    const a = await repo.activity(clientId, activityId);
    if (!a) throw notFound();
    if (!isTestActivityKind(a.kind)) throw new AppError('ASSESSMENT_NOT_A_TEST', 400);
    const parsed = testSettings.safeParse(a.settings);
    if (!parsed.success) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
    return { ...a, kind: a.kind as TestActivityKind, settings: parsed.data };
  }

  /** The test as the learner may open it: visible, course not blocked, activity unlocked (403 otherwise). */
  async function openTest(v: Viewer, activityId: number, trailId?: number) {
    const test = await testOf(v.clientId, activityId);
    const ctx = await learning.contexts.load(v, test.course_id, trailId);
    const activity = ctx.activities.find((x) => x.id === activityId);
    if (!activity) throw notFound();
    return { test, ctx, activity };
  }

  function assertUnlocked(activity: { lock: { locked: boolean; reason: string | null } }) {
    if (activity.lock.locked)
      throw new AppError(lockErrorCode[activity.lock.reason as keyof typeof lockErrorCode], 403);
  }

  async function viewerOf(clientId: number, userId: number): Promise<Viewer> {
    const roles = await repo.rolesOf(clientId, userId);
    return learning.viewers.load(userId, { clientId, roles, isSuperuser: false, flags: {} });
  }

  const attemptsLeft = (settings: TestSettings, used: number) =>
    settings.maxAttempts === null ? null : Math.max(0, settings.maxAttempts - used);

  function resultOf(
    row: AttemptRow,
    test: { kind: TestActivityKind; settings: TestSettings },
    all: AttemptRow[],
    outcome: { blocked: boolean; restarted: boolean; courseStatus: ProgressStatus; used: number },
  ): AttemptResult {
    const closed = all.filter((x) => x.status !== 'in_progress');
    const passedEver = closed.some((x) => x.passed === true);
    const practice = practiceTestKinds.includes(test.kind);
    return {
      result: {
        attemptId: row.id,
        number: row.number,
        status: row.status,
        score: row.score,
        correctCount: row.correct_count,
        questionCount: row.question_count,
        passMark: row.pass_mark,
        passed: row.passed,
        submittedAt: iso(row.submitted_at),
        bestScore: countedScore(
          closed.map((x) => x.score),
          test.settings.countedAttempt,
        ),
        reviewAvailable: test.settings.review !== 'none' && row.status !== 'in_progress',
        outcome: {
          activityFinished: passedEver || (practice && closed.some((x) => x.status !== 'pending_grading')),
          attemptsLeft: outcome.restarted
            ? attemptsLeft(test.settings, 0)
            : attemptsLeft(test.settings, outcome.used),
          blocked: outcome.blocked,
          restarted: outcome.restarted,
          courseStatus: outcome.courseStatus,
        },
      },
    };
  }

  async function courseStatusOf(v: Viewer, courseId: number, trailId?: number): Promise<ProgressStatus> {
    const ctx = await learning.contexts.load(v, courseId, trailId);
    return ctx.progress.status;
  }

  /**
   * Closes an attempt (submitted, or expired at its deadline) with its grade, then applies the kind's
   * rules: the activity's progress (finished on a pass or a practice quiz), improvement, and once every
   * attempt failed: block, restart or reproved. Runs inside the caller's unit of work, with the course
   * state row locked.
   */
  async function close(v: Viewer, row: AttemptRow, expired: boolean) {
    const test = await testOf(v.clientId, row.activity_id);
    const grade = gradeOf(row);
    const status = grade.pending > 0 ? 'pending_grading' : expired ? 'expired' : 'submitted';
    const closed = await repo.closeAttempt(v.clientId, row.id, {
      status,
      score: grade.score,
      earned: grade.pending > 0 ? null : grade.earned,
      correctCount: grade.correctCount,
      passed: grade.passed,
    });
    await audit(db, {
      actorId: v.userId,
      clientId: v.clientId,
      action: 'attempt.submit',
      target: { type: 'attempt', id: row.id },
      details: { activityId: row.activity_id, status, score: grade.score, passed: grade.passed },
    });
    return applyRules(v, test, closed);
  }

  const isTrailWide = (test: { kind: TestActivityKind; settings: TestSettings }) =>
    generalTestKinds.includes(test.kind) && test.settings.scope === 'trail';

  /**
   * The courses a trail-wide rule reaches: the test's course and every published course of the trail,
   * their state rows created and locked in id order (the test's course is already locked by the caller).
   */
  async function trailReach(clientId: number, userId: number, courseId: number, trailId: number) {
    const ids = new Set([courseId, ...(await repo.trailCourseIds(clientId, trailId))]);
    const reach = [...ids].sort((a, b) => a - b);
    for (const id of reach) if (id !== courseId) await repo.lockCourseState(clientId, userId, id);
    return reach;
  }

  async function applyRules(
    v: Viewer,
    test: Awaited<ReturnType<typeof testOf>>,
    row: AttemptRow,
  ): Promise<AttemptResult> {
    const all = await repo.attemptsOf(v.clientId, row.user_id, row.activity_id, row.generation);
    const closedRows = all.filter((x) => x.status !== 'in_progress');
    const used = all.length;
    const passedEver = closedRows.some((x) => x.passed === true);
    const practice = practiceTestKinds.includes(test.kind);
    const pending = closedRows.some((x) => x.status === 'pending_grading');
    const exhausted = test.settings.maxAttempts !== null && used >= test.settings.maxAttempts;
    const failedAll = exhausted && !passedEver && !pending && !practice;
    const restart = failedAll && restartingTestKinds.includes(test.kind);
    const block = failedAll && blockingTestKinds.includes(test.kind);
    const trailId = row.trail_id ?? undefined;
    // A general test that covers the trail blocks or restarts every course of the trail it was taken in.
    const reach =
      (restart || block) && trailId !== undefined && isTrailWide(test)
        ? await trailReach(v.clientId, row.user_id, row.course_id, trailId)
        : [row.course_id];
    const trailDetails = reach.length > 1 || reach[0] !== row.course_id ? { trailId, courseIds: reach } : {};

    if (restart) {
      for (const courseId of reach) {
        await repo.resetCourseProgress(v.clientId, row.user_id, courseId);
        await repo.setCourseState(v.clientId, row.user_id, courseId, 'restart');
      }
      await events.emit('learning.viewer-rows-changed', { userId: row.user_id });
      await audit(db, {
        actorId: v.userId,
        clientId: v.clientId,
        action: 'course.restart',
        target: { type: 'course', id: row.course_id },
        details: { userId: row.user_id, activityId: row.activity_id, ...trailDetails },
      });
    } else {
      // Improvement: a pass after an earlier pass that raises the best grade.
      const earlierBest = countedScore(
        closedRows.filter((x) => x.id !== row.id && x.passed === true).map((x) => x.score),
        'highest',
      );
      if (row.passed === true && earlierBest !== null && (row.score ?? 0) > earlierBest)
        await repo.setCourseState(v.clientId, row.user_id, row.course_id, 'improve');
      // The activity's progress, unless the learner cannot reach it any more (blocked by another test
      // while this attempt ran): the attempt's grade stands either way.
      const ctx = await learning.contexts.load(v, row.course_id, trailId).catch(() => null);
      const reachable = ctx?.activities.find((x) => x.id === row.activity_id)?.lock.locked === false;
      if (reachable)
        await learning.progress.recordTest(v, row.activity_id, trailId, {
          finished: passedEver || (practice && closedRows.some((x) => x.status !== 'pending_grading')),
          score: countedScore(
            closedRows.map((x) => x.score),
            test.settings.countedAttempt,
          ),
          success: passedEver ? 'passed' : pending ? null : 'failed',
        });
      if (block) {
        for (const courseId of reach)
          await repo.setCourseState(v.clientId, row.user_id, courseId, 'block', row.activity_id);
        await events.emit('learning.viewer-rows-changed', { userId: row.user_id });
        await audit(db, {
          actorId: v.userId,
          clientId: v.clientId,
          action: 'course.block',
          target: { type: 'course', id: row.course_id },
          details: { userId: row.user_id, activityId: row.activity_id, ...trailDetails },
        });
      } else if (failedAll) {
        await repo.setCourseState(v.clientId, row.user_id, row.course_id, 'reprove');
      }
    }
    const courseStatus = await courseStatusOf(v, row.course_id, trailId).catch(() => 'in_progress' as const);
    return resultOf(row, test, all, { blocked: block, restarted: restart, courseStatus, used });
  }

  async function draw(clientId: number, settings: TestSettings): Promise<AttemptQuestionSnapshot[]> {
    const sel = settings.questions;
    const rows =
      sel.mode === 'fixed'
        ? await repo.questionsById(clientId, sel.questionIds)
        : await repo.drawQuestions(clientId, sel);
    if (rows.length < questionCountOf(sel)) throw new AppError('ASSESSMENT_NOT_ENOUGH_QUESTIONS', 409);
    const order = settings.shuffleQuestions ? shuffledOrder(rows.length, random) : identity(rows.length);
    return order.map((i) => snapshotOf(rows[i]!, settings.shuffleAnswers));
  }

  function viewOf(row: AttemptRow, lang: Lang): AttemptView {
    return {
      attempt: {
        id: row.id,
        activityId: row.activity_id,
        number: row.number,
        status: 'in_progress',
        startedAt: iso(row.started_at)!,
        deadlineAt: iso(row.deadline_at),
        secondsLeft: row.seconds_left === null ? null : Math.max(0, row.seconds_left),
        questions: row.questions.map((q, i) => shownQuestion(q, i, lang)),
        answers: row.questions.map((_, i) => parseAnswer(row.answers[i])),
      },
    };
  }

  /** The deadline passed, by the database's clock. */
  const overdue = (row: AttemptRow) => row.overdue;

  /** POST /api/learning/activities/:id/attempts — resumes the open attempt, or starts one. */
  async function start(v: Viewer, activityId: number, trailId: number | undefined, lang: Lang) {
    const { test, ctx, activity } = await openTest(v, activityId, trailId);
    assertUnlocked(activity);
    // A closed attempt's rules may block or restart: the start then answers with what follows.
    const closedFirst = await unitOfWork(db).run(async () => {
      await repo.lockCourseState(v.clientId, v.userId, test.course_id);
      const open = await repo.openAttempt(v.clientId, v.userId, activityId);
      if (open && overdue(open)) {
        await close(v, open, true);
        return true;
      }
      return false;
    });
    if (closedFirst) {
      const again = await openTest(v, activityId, trailId);
      assertUnlocked(again.activity);
    }
    return unitOfWork(db).run(async () => {
      const state = await repo.lockCourseState(v.clientId, v.userId, test.course_id);
      if (state.blocked_at) throw new AppError('ASSESSMENT_BLOCKED_IN_COURSE', 403);
      const open = await repo.openAttempt(v.clientId, v.userId, activityId);
      if (open) return viewOf(open, lang);
      const all = await repo.attemptsOf(v.clientId, v.userId, activityId, state.generation);
      if (test.settings.maxAttempts !== null && all.length >= test.settings.maxAttempts)
        throw new AppError('ASSESSMENT_NO_ATTEMPTS_LEFT', 409);
      const questions = await draw(v.clientId, test.settings);
      const row = await repo.insertAttempt({
        clientId: v.clientId,
        userId: v.userId,
        activityId,
        courseId: test.course_id,
        trailId: ctx.trail?.id ?? null,
        number: all.length + 1,
        generation: state.generation,
        timeLimitMinutes: test.settings.timeLimitMinutes,
        passMark: Math.min(test.settings.passMark, questions.length),
        questions,
      });
      return viewOf(row, lang);
    });
  }

  /** The learner's own attempt at the activity (404 for anyone else's). */
  async function ownAttempt(v: Viewer, activityId: number, attemptId: number, forUpdate: boolean) {
    const row = await repo.attempt(v.clientId, attemptId, { userId: v.userId, activityId, forUpdate });
    if (!row) throw notFound();
    return row;
  }

  /** PUT …/answers/:index — after the deadline the answer is refused and the attempt closes. */
  async function saveAnswer(
    v: Viewer,
    activityId: number,
    attemptId: number,
    index: number,
    answer: Answer | null,
  ): Promise<AnswerSaved> {
    const probe = await ownAttempt(v, activityId, attemptId, false);
    return unitOfWork(db).run(async () => {
      await repo.lockCourseState(v.clientId, v.userId, probe.course_id);
      const row = await ownAttempt(v, activityId, attemptId, true);
      if (row.status !== 'in_progress') throw new AppError('ASSESSMENT_ATTEMPT_CLOSED', 409);
      if (overdue(row)) {
        const closed = await close(v, row, true);
        return { saved: false, closed: closed.result, secondsLeft: 0 };
      }
      const q = row.questions[index];
      if (!q) throw new AppError('ASSESSMENT_QUESTION_INDEX_INVALID', 400);
      if (answer && answer.kind !== q.kind) throw new AppError('ASSESSMENT_ANSWER_KIND_MISMATCH', 400);
      if (answer && !answerFits(q, answer)) throw new AppError('ASSESSMENT_ANSWER_INVALID', 400);
      await repo.saveAnswer(v.clientId, row.id, index, answer);
      return {
        saved: true,
        closed: null,
        secondsLeft: row.seconds_left === null ? null : Math.max(0, row.seconds_left),
      };
    });
  }

  /** POST …/submit — grades once; every later call answers the same result. */
  async function submit(v: Viewer, activityId: number, attemptId: number): Promise<AttemptResult> {
    const probe = await ownAttempt(v, activityId, attemptId, false);
    return unitOfWork(db).run(async () => {
      await repo.lockCourseState(v.clientId, v.userId, probe.course_id);
      const row = await ownAttempt(v, activityId, attemptId, true);
      if (row.status === 'in_progress') return close(v, row, overdue(row));
      const test = await testOf(v.clientId, activityId);
      const all = await repo.attemptsOf(v.clientId, v.userId, activityId, row.generation);
      const state = await repo.courseState(v.clientId, v.userId, row.course_id);
      const status = await courseStatusOf(v, row.course_id, row.trail_id ?? undefined).catch(
        () => 'in_progress' as const,
      );
      return resultOf(row, test, all, {
        blocked: Boolean(state?.blocked_at),
        restarted: (state?.generation ?? 0) > row.generation,
        courseStatus: status,
        used: all.length,
      });
    });
  }

  function reviewQuestions(row: AttemptRow, lang: Lang, withCorrect: boolean) {
    const grade = gradeOf(row);
    return row.questions.map((q, i): ReviewQuestion => {
      const a = parseAnswer(row.answers[i]);
      const correct = withCorrect ? correctOf(q, lang) : { answer: null, text: null };
      return {
        ...shownQuestion(q, i, lang),
        answer: a,
        earned: grade.grades[i]!.earned,
        correct: grade.grades[i]!.correct,
        feedback: feedbackOf(q, a, lang),
        correctAnswer: correct.answer,
        correctText: correct.text,
        graderComment: row.essay_grades[i]?.comment || null,
      };
    });
  }

  /** GET …/review */
  async function review(
    v: Viewer,
    activityId: number,
    attemptId: number,
    lang: Lang,
  ): Promise<AttemptReview> {
    const row = await ownAttempt(v, activityId, attemptId, false);
    if (row.status === 'in_progress') throw new AppError('ASSESSMENT_REVIEW_NOT_READY', 409);
    const test = await testOf(v.clientId, activityId);
    if (test.settings.review === 'none') throw new AppError('ASSESSMENT_REVIEW_NOT_ALLOWED', 403);
    return {
      review: {
        attemptId: row.id,
        mode: test.settings.review,
        score: row.score,
        correctCount: row.correct_count,
        questionCount: row.question_count,
        passed: row.passed,
        questions: reviewQuestions(row, lang, test.settings.review === 'answers_with_correct'),
      },
    };
  }

  /** GET /api/learning/activities/:id/attempts */
  async function overview(v: Viewer, activityId: number, trailId?: number): Promise<TestOverview> {
    const { test, ctx, activity } = await openTest(v, activityId, trailId);
    const state = await repo.courseState(v.clientId, v.userId, test.course_id);
    const generation = state?.generation ?? 0;
    const all = await repo.attemptsOf(v.clientId, v.userId, activityId, generation);
    const closed = all.filter((x) => x.status !== 'in_progress');
    const open = all.find((x) => x.status === 'in_progress');
    const left = attemptsLeft(test.settings, all.length);
    let blockedReason: string | null = null;
    if (activity.lock.locked)
      blockedReason = lockErrorCode[activity.lock.reason as keyof typeof lockErrorCode] ?? 'FORBIDDEN';
    else if (!open && left === 0) blockedReason = 'ASSESSMENT_NO_ATTEMPTS_LEFT';
    return {
      test: {
        activityId,
        kind: test.kind,
        title: test.title,
        questionCount: questionCountOf(test.settings.questions),
        passMark: test.settings.passMark,
        maxAttempts: test.settings.maxAttempts,
        timeLimitMinutes: test.settings.timeLimitMinutes,
        review: test.settings.review,
        attemptsUsed: all.length,
        attemptsLeft: left,
        openAttemptId: open?.id ?? null,
        canStart: blockedReason === null,
        blockedReason,
        bestScore: countedScore(
          closed.map((x) => x.score),
          test.settings.countedAttempt,
        ),
        passed: closed.some((x) => x.passed === true),
        status: ctx.progress.status,
      },
      attempts: all.map((x) => ({
        id: x.id,
        number: x.number,
        status: x.status,
        startedAt: iso(x.started_at)!,
        deadlineAt: iso(x.deadline_at),
        submittedAt: iso(x.submitted_at),
        score: x.score,
        correctCount: x.correct_count,
        questionCount: x.question_count,
        passed: x.passed,
      })),
    };
  }

  /** The periodic close: attempts whose deadline passed are graded with the answers saved before it. */
  async function closeOverdue(limit = 200): Promise<number> {
    const due = await repo.overdue(limit);
    let closedCount = 0;
    for (const d of due) {
      const v = await viewerOf(d.clientId, d.userId);
      const done = await unitOfWork(db).run(async () => {
        const probe = await repo.attempt(d.clientId, d.id);
        if (!probe) return false;
        await repo.lockCourseState(d.clientId, d.userId, probe.course_id);
        const row = await repo.attempt(d.clientId, d.id, { forUpdate: true });
        if (!row || row.status !== 'in_progress') return false;
        await close(v, row, true);
        return true;
      });
      if (done) closedCount += 1;
    }
    return closedCount;
  }

  // -------------------------------------------------------------------------------------------------
  // Back office

  function adminItem(
    row: AttemptRow,
    user: { name: string; email: string | null },
    duration: number,
  ): AdminAttemptItem {
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      startedAt: iso(row.started_at)!,
      deadlineAt: iso(row.deadline_at),
      submittedAt: iso(row.submitted_at),
      score: row.score,
      correctCount: row.correct_count,
      questionCount: row.question_count,
      passed: row.passed,
      user: { id: row.user_id, ...user },
      activityId: row.activity_id,
      courseId: row.course_id,
      durationSeconds: Math.max(0, duration),
      essaysPending: row.questions.filter((q, i) => q.kind === 'essay' && !row.essay_grades[i]).length,
    };
  }

  async function adminList(
    clientId: number,
    activityId: number,
    f: { status: string; userId?: number; page: number; pageSize: number },
  ): Promise<AdminAttemptPage> {
    await testOf(clientId, activityId);
    const { total, rows } = await repo.adminPage(clientId, activityId, f);
    return {
      items: rows.map((r) => adminItem(r, { name: r.name, email: r.email }, Number(r.duration))),
      total,
      page: f.page,
      pageSize: f.pageSize,
    };
  }

  async function adminDetail(clientId: number, attemptId: number, lang: Lang): Promise<AdminAttemptDetail> {
    const row = await repo.attempt(clientId, attemptId);
    if (!row) throw notFound();
    const user = (await repo.userOf(clientId, row.user_id)) ?? { name: '', email: null };
    const duration = await repo.durationOf(clientId, attemptId);
    // Graders see the right answers of a submitted attempt; of one in progress, only what was answered.
    const closed = row.status !== 'in_progress';
    return {
      attempt: {
        ...adminItem(row, user, duration),
        questions: reviewQuestions(row, lang, closed).map((q, i) => ({
          ...q,
          questionId: row.questions[i]!.questionId,
          essayGraded: Boolean(row.essay_grades[i]),
        })),
      },
    };
  }

  /** POST …/grades — an instructor's points for the essays; the attempt's grade and rules follow. */
  async function gradeEssays(
    actor: { userId: number; clientId: number },
    attemptId: number,
    body: EssayGradesBody & { grades: { index: number; points: number; comment: string }[] },
    lang: Lang,
  ): Promise<AdminAttemptDetail> {
    const probe = await repo.attempt(actor.clientId, attemptId);
    if (!probe) throw notFound();
    const learner = await viewerOf(actor.clientId, probe.user_id);
    await unitOfWork(db).run(async () => {
      await repo.lockCourseState(actor.clientId, probe.user_id, probe.course_id);
      const row = await repo.attempt(actor.clientId, attemptId, { forUpdate: true });
      if (!row) throw notFound();
      if (row.status === 'in_progress') throw new AppError('ASSESSMENT_ATTEMPT_NOT_SUBMITTED', 409);
      const grades: (EssayGrade | null)[] = row.questions.map((_, i) => row.essay_grades[i] ?? null);
      for (const g of body.grades) {
        const q = row.questions[g.index];
        if (!q) throw new AppError('ASSESSMENT_QUESTION_INDEX_INVALID', 400);
        if (q.kind !== 'essay') throw new AppError('ASSESSMENT_NOT_AN_ESSAY', 400);
        if (g.points > q.points) throw new AppError('ASSESSMENT_GRADE_OVER_POINTS', 400);
        grades[g.index] = {
          points: g.points,
          comment: g.comment,
          gradedBy: actor.userId,
          gradedAt: new Date().toISOString(),
        };
      }
      const wasPending = row.status === 'pending_grading';
      const grade = gradeOf({ ...row, essay_grades: grades });
      const status =
        grade.pending > 0 ? 'pending_grading' : row.status === 'expired' ? 'expired' : 'submitted';
      const updated = await repo.regradeAttempt(actor.clientId, attemptId, grades, {
        status,
        score: grade.score,
        earned: grade.pending > 0 ? null : grade.earned,
        correctCount: grade.correctCount,
        passed: grade.passed,
      });
      await audit(db, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'attempt.grade',
        target: { type: 'attempt', id: attemptId },
        details: { userId: row.user_id, score: grade.score, passed: grade.passed },
      });
      // The rules run once the last essay is graded (a later change of a grade keeps the standing).
      if (wasPending && status !== 'pending_grading') {
        const test = await testOf(actor.clientId, row.activity_id);
        await applyRules(learner, test, updated);
      }
    });
    return adminDetail(actor.clientId, attemptId, lang);
  }

  /** GET /api/admin/assessments/courses — the client's courses that have tests. */
  async function assessedCourses(
    clientId: number,
    f: { search: string; page: number; pageSize: number },
  ): Promise<AssessedCoursePage> {
    const { total, rows } = await repo.assessedCourses(clientId, f);
    return { items: rows.map(assessedOf), total, page: f.page, pageSize: f.pageSize };
  }

  /** GET /api/admin/assessments/courses/:id — 404 for a course without tests or of another client. */
  async function assessedCourse(clientId: number, courseId: number): Promise<AssessedCourseDetail> {
    const { rows } = await repo.assessedCourses(clientId, { search: '', page: 1, pageSize: 1, courseId });
    if (!rows[0]) throw notFound();
    return { course: assessedOf(rows[0]) };
  }

  const assessedOf = (
    r: Awaited<ReturnType<typeof repo.assessedCourses>>['rows'][number],
  ): AssessedCourse => ({
    ...r,
    tests: r.tests.flatMap((x) => (isTestActivityKind(x.kind) ? [{ ...x, kind: x.kind }] : [])),
  });

  async function blocks(
    clientId: number,
    courseId: number,
    page: number,
    pageSize: number,
  ): Promise<CourseBlockPage> {
    if (!(await repo.courseExists(clientId, courseId))) throw notFound();
    const { total, rows } = await repo.blocksOf(clientId, courseId, page, pageSize);
    return {
      items: rows.map((r) => ({
        user: { id: Number(r.user_id), name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
        courseId,
        activityId: Number(r.activity_id ?? 0),
        activityTitle: r.activity_title ?? '',
        blockedAt: iso(r.blocked_at)!,
      })),
      total,
      page,
      pageSize,
    };
  }

  /** POST …/unblock — the learner gets the course back, and a new set of attempts at its tests. */
  async function unblock(
    actor: { userId: number; clientId: number },
    courseId: number,
    userId: number,
    reason: string,
  ): Promise<UnblockResponse> {
    if (!(await repo.courseExists(actor.clientId, courseId))) throw notFound();
    if (!(await repo.userOf(actor.clientId, userId))) throw notFound();
    await unitOfWork(db).run(async () => {
      const state = await repo.lockCourseState(actor.clientId, userId, courseId);
      if (!state.blocked_at) throw new AppError('ASSESSMENT_NOT_BLOCKED', 409);
      // A trail-wide general test blocked every course of its trail: they are given back together.
      const courseIds = await repo.unblockAll(
        actor.clientId,
        userId,
        courseId,
        state.blocked_activity_id === null ? null : Number(state.blocked_activity_id),
      );
      await events.emit('learning.viewer-rows-changed', { userId });
      await audit(db, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'course.unblock',
        target: { type: 'course', id: courseId },
        details: {
          userId,
          reason,
          activityId: state.blocked_activity_id,
          ...(courseIds.length > 1 ? { courseIds } : {}),
        },
      });
    });
    const learner = await viewerOf(actor.clientId, userId);
    const status = await courseStatusOf(learner, courseId).catch(() => 'in_progress' as const);
    return { unblocked: true, courseStatus: status };
  }

  return {
    start,
    saveAnswer,
    submit,
    review,
    overview,
    closeOverdue,
    adminList,
    adminDetail,
    gradeEssays,
    blocks,
    unblock,
    assessedCourses,
    assessedCourse,
  };
}
export type AttemptsService = ReturnType<typeof createAttemptsService>;
