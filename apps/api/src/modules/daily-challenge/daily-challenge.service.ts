import type { Question } from '@trilha/contracts/assessments/questions';
import {
  DAILY_CHALLENGE_DEFAULT_AWARD,
  dailyChallengeKinds,
  type DailyAnswerBody,
  type DailyAnswerResult,
  type DailyCalendar,
  type DailyChallengeKind,
  type DailyChallengeToday,
  type DailyQuestion,
  type DailyScheduleBody,
  type DailyStreak,
} from '@trilha/contracts/daily-challenge';
import type { LanguageCode } from '@trilha/contracts/session';
import { gradeQuestion, type GivenAnswer, type GradableQuestion } from '@trilha/domain/grading';
import { addDays, formatCalendarDate, parseCalendarDate, zonedDateTime } from '@trilha/domain/time-zone';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import type { QuestionBankService } from '../assessments/question-bank.service';
import type { BadgesService } from '../rewards/badges.service';
import type { LedgerPort } from '../rewards/ports';
import type { UserDirectory } from '../users/user-directory';
import {
  createDailyChallengeRepo,
  type AnswerRow,
  type ChallengeRow,
  type StreakRow,
} from './daily-challenge.repo';

export interface Learner {
  clientId: number;
  userId: number;
  lang: LanguageCode;
}
export interface Actor {
  clientId: number;
  userId: number;
}

/** The zone a learner's day is read in when their own is missing or unknown to the runtime. */
const FALLBACK_ZONE = 'America/Sao_Paulo';

/** FNV-1a over the text: the same day of the same client always draws the same question. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  return formatCalendarDate(addDays(parseCalendarDate(day)!, -1));
}

/** The streak shown on `today`: the kept one while its last day is today or yesterday, else 0. */
export function visibleStreak(row: StreakRow | undefined, today: string): DailyStreak {
  if (!row?.last_day) return { current: 0, best: row?.best ?? 0, answeredToday: false };
  const alive = row.last_day === today || row.last_day === dayBefore(today);
  return { current: alive ? row.current : 0, best: row.best, answeredToday: row.last_day === today };
}

const isDailyKind = (kind: string): kind is DailyChallengeKind =>
  (dailyChallengeKinds as readonly string[]).includes(kind);

/** A bank question as the learner sees it: texts in their language, nothing that tells right from wrong. */
function shownQuestion(q: Question, lang: LanguageCode): DailyQuestion {
  const tr = lang === 'pt-BR' ? undefined : (q.translations[lang] as Translation | undefined);
  const options =
    q.kind === 'single_choice' || q.kind === 'multiple_choice'
      ? q.options.map((o, i) => tr?.options?.[i]?.text ?? o.text)
      : null;
  return { kind: q.kind as DailyChallengeKind, stem: tr?.stem ?? q.stem, media: q.media, options };
}

interface Translation {
  stem?: string;
  generalFeedback?: string;
  options?: { text: string; feedback?: string }[];
  feedbackTrue?: string;
  feedbackFalse?: string;
}

function gradableOf(q: Question): GradableQuestion {
  switch (q.kind) {
    case 'single_choice':
      return { kind: 'single_choice', points: 1, options: q.options };
    case 'multiple_choice':
      return { kind: 'multiple_choice', points: 1, options: q.options };
    case 'true_false':
      return { kind: 'true_false', points: 1, answer: q.answer };
    default:
      throw new AppError('DAILY_CHALLENGE_QUESTION_KIND', 400);
  }
}

/** What was right, and the feedback of what the learner chose (else the question's general feedback). */
function solutionAndFeedback(q: Question, answer: DailyAnswerBody, lang: LanguageCode) {
  const tr = lang === 'pt-BR' ? undefined : (q.translations[lang] as Translation | undefined);
  const general = tr?.generalFeedback ?? q.generalFeedback;
  const optionFeedback = (i: number) =>
    q.kind === 'single_choice' || q.kind === 'multiple_choice'
      ? (tr?.options?.[i]?.feedback ?? q.options[i]?.feedback ?? '')
      : '';
  if (q.kind === 'single_choice') {
    const right = q.options.flatMap((o, i) => (o.correct ? [i] : []));
    const chosen = answer.kind === 'single_choice' ? optionFeedback(answer.option) : '';
    return { solution: { options: right, value: null }, feedback: chosen || general };
  }
  if (q.kind === 'multiple_choice') {
    const right = q.options.flatMap((o, i) => (o.weight > 0 ? [i] : []));
    const chosen =
      answer.kind === 'multiple_choice' ? answer.options.map(optionFeedback).filter(Boolean).join(' ') : '';
    return { solution: { options: right, value: null }, feedback: chosen || general };
  }
  if (q.kind === 'true_false') {
    const said = answer.kind === 'true_false' ? answer.value : null;
    const specific =
      said === true
        ? (tr?.feedbackTrue ?? q.feedbackTrue)
        : said === false
          ? (tr?.feedbackFalse ?? q.feedbackFalse)
          : '';
    return { solution: { options: null, value: q.answer }, feedback: specific || general };
  }
  return { solution: { options: null, value: null }, feedback: general };
}

/**
 * The daily challenge (docs/daily-challenge.md): one bank question a day per client, scheduled by a manager
 * or drawn from the bank; each learner answers once per day of their own time zone, graded here; a right
 * answer credits the day's points and XP once through the ledger; answering on consecutive days keeps a
 * streak, and the client's streak badge is given once at its length.
 */
export function createDailyChallengeService(deps: {
  db: Db;
  questionBank: QuestionBankService;
  ledger: LedgerPort;
  badges: Pick<BadgesService, 'grantById'>;
  directory: Pick<UserDirectory, 'withActiveMemberships'>;
  now: () => Date;
}) {
  const { db, questionBank, ledger } = deps;

  async function timeZoneOf(userId: number): Promise<string> {
    const found = await deps.directory.withActiveMemberships(userId);
    const zone = found?.user.timeZone ?? FALLBACK_ZONE;
    try {
      zonedDateTime(0, zone);
      return zone;
    } catch {
      return FALLBACK_ZONE;
    }
  }

  const localDay = (at: Date, zone: string) => formatCalendarDate(zonedDateTime(at, zone));

  /** The bank question with this id if it can be a challenge, else undefined. */
  async function questionOf(clientId: number, id: number): Promise<Question | undefined> {
    try {
      const q = await questionBank.get(clientId, id);
      return isDailyKind(q.kind) ? q : undefined;
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    }
  }

  /**
   * A question drawn for the day: among the client's auto-graded questions ordered by kind then id, the
   * one a seed of client and day points at. Undefined when the bank has none.
   */
  async function draw(clientId: number, day: string): Promise<number | undefined> {
    const counts: { kind: DailyChallengeKind; total: number }[] = [];
    for (const kind of dailyChallengeKinds) {
      const { total } = await questionBank.list(clientId, { kind, page: 1, pageSize: 1 });
      counts.push({ kind, total });
    }
    const all = counts.reduce((n, c) => n + c.total, 0);
    if (all === 0) return undefined;
    let index = seedOf(`${clientId}:${day}`) % all;
    for (const { kind, total } of counts) {
      if (index < total) {
        const page = await questionBank.list(clientId, { kind, page: index + 1, pageSize: 1 });
        return page.questions[0]?.id;
      }
      index -= total;
    }
    return undefined;
  }

  /** The day's challenge, drawn and kept the first time the day is opened. */
  async function challengeOf(
    clientId: number,
    day: string,
  ): Promise<{ row: ChallengeRow; question: Question } | undefined> {
    const repo = createDailyChallengeRepo(db, clientId);
    let row = await repo.challenge(day);
    if (!row) {
      const drawn = await draw(clientId, day);
      if (drawn === undefined) return undefined;
      await repo.insertDrawn(
        day,
        drawn,
        DAILY_CHALLENGE_DEFAULT_AWARD.points,
        DAILY_CHALLENGE_DEFAULT_AWARD.xp,
      );
      row = await repo.challenge(day);
      if (!row) return undefined;
    }
    const question = await questionOf(clientId, row.question_id);
    return question ? { row, question } : undefined;
  }

  function resultOf(q: Question, a: AnswerRow, lang: LanguageCode): DailyAnswerResult {
    const answer = a.answer as DailyAnswerBody;
    return {
      answer,
      correct: a.correct,
      points: a.points,
      xp: a.xp,
      ...solutionAndFeedback(q, answer, lang),
      answeredAt: new Date(a.answered_at).toISOString(),
    };
  }

  /** GET /api/daily-challenge/today */
  async function today(l: Learner): Promise<DailyChallengeToday> {
    const zone = await timeZoneOf(l.userId);
    const day = localDay(deps.now(), zone);
    const repo = createDailyChallengeRepo(db, l.clientId);
    const found = await challengeOf(l.clientId, day);
    const answer = await repo.answer(l.userId, day);
    const streak = visibleStreak(await repo.streak(l.userId), day);
    return {
      day,
      timeZone: zone,
      challenge: found
        ? {
            id: found.row.id,
            points: found.row.points,
            xp: found.row.xp,
            question: shownQuestion(found.question, l.lang),
          }
        : null,
      answer: found && answer ? resultOf(found.question, answer, l.lang) : null,
      streak,
      badge: null,
    };
  }

  /**
   * POST /api/daily-challenge/today/answer: once per local day (a second answer, or the loser of two
   * parallel ones, is DAILY_CHALLENGE_ALREADY_ANSWERED); the answer, the streak, the credit and the badge
   * are one transaction.
   */
  async function answer(l: Learner, body: DailyAnswerBody): Promise<DailyChallengeToday> {
    const at = deps.now();
    const zone = await timeZoneOf(l.userId);
    const day = localDay(at, zone);
    const found = await challengeOf(l.clientId, day);
    if (!found) throw new AppError('DAILY_CHALLENGE_NONE_TODAY', 404);
    const { row, question } = found;
    if (body.kind !== question.kind) throw new AppError('DAILY_CHALLENGE_ANSWER_KIND', 400);
    const optionCount = question.kind === 'true_false' ? 0 : question.options.length;
    const chosen =
      body.kind === 'single_choice' ? [body.option] : body.kind === 'multiple_choice' ? body.options : [];
    if (chosen.some((i) => i >= optionCount)) {
      throw new AppError('VALIDATION_FAILED', 400, { details: [{ path: 'option', issue: 'out_of_range' }] });
    }
    const given: DailyAnswerBody =
      body.kind === 'multiple_choice'
        ? { kind: body.kind, options: [...new Set(body.options)].sort((a, b) => a - b) }
        : body;
    const { correct } = gradeQuestion(gradableOf(question), given as GivenAnswer);
    const points = correct ? row.points : 0;
    const xp = correct ? row.xp : 0;

    let badge: { name: string } | null = null;
    const saved = await unitOfWork(db).run(async (tx) => {
      const repo = createDailyChallengeRepo(tx, l.clientId);
      const inserted = await repo.insertAnswer({
        userId: l.userId,
        challengeId: row.id,
        day,
        answer: given,
        correct: correct === true,
        points,
        xp,
        at,
      });
      if (!inserted) throw new AppError('DAILY_CHALLENGE_ALREADY_ANSWERED', 409);

      const before = await repo.streak(l.userId, true);
      const current =
        before?.last_day === dayBefore(day)
          ? before.current + 1
          : before?.last_day === day
            ? before.current
            : 1;
      const best = Math.max(before?.best ?? 0, current);
      await repo.saveStreak(l.userId, current, best, day);

      if (points > 0 || xp > 0) {
        await ledger.credit({
          clientId: l.clientId,
          userId: l.userId,
          points,
          xp,
          source: 'game',
          refType: 'daily_challenge',
          refId: row.id,
          refLabel: day,
          // One credit per learner and local day, however the answer is retried.
          idempotencyKey: `daily-challenge:${day}`,
        });
      }

      const settings = await repo.settings();
      if (settings?.streak_badge_id && current >= settings.streak_badge_days && !before?.badge_granted_at) {
        const given = await deps.badges.grantById(
          l.clientId,
          l.userId,
          settings.streak_badge_id,
          { type: 'daily_challenge_streak', id: null },
          l.lang,
        );
        await repo.markBadgeGranted(l.userId, at);
        if (given) badge = { name: given.name };
      }
      return { inserted, streak: { current, best, answeredToday: true } satisfies DailyStreak };
    });

    return {
      day,
      timeZone: zone,
      challenge: { id: row.id, points: row.points, xp: row.xp, question: shownQuestion(question, l.lang) },
      answer: resultOf(question, saved.inserted, l.lang),
      streak: saved.streak,
      badge,
    };
  }

  // -------------------------------------------------------------------------------------------------
  // Back office

  const monthRange = (month: string) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
  };

  /** GET /api/admin/daily-challenges?month=YYYY-MM */
  async function calendar(clientId: number, month: string): Promise<DailyCalendar> {
    const { from, to } = monthRange(month);
    const rows = await createDailyChallengeRepo(db, clientId).between(from, to);
    const stems = new Map<number, Question | undefined>();
    for (const r of rows) {
      if (!stems.has(r.question_id)) stems.set(r.question_id, await questionOf(clientId, r.question_id));
    }
    return {
      month,
      days: rows.map((r) => {
        const q = stems.get(r.question_id);
        return {
          day: r.day,
          questionId: r.question_id,
          stem: q?.stem ?? '',
          kind: q?.kind ?? '',
          points: r.points,
          xp: r.xp,
          scheduled: r.created_by !== null,
          answers: r.answers,
        };
      }),
    };
  }

  const validDay = (day: string) => {
    if (!parseCalendarDate(day) || formatCalendarDate(parseCalendarDate(day)!) !== day) {
      throw new AppError('VALIDATION_FAILED', 400, { details: [{ path: 'day', issue: 'invalid' }] });
    }
  };

  /** PUT /api/admin/daily-challenges?day=: a bank question of an auto-graded kind for a day not yet answered. */
  async function schedule(actor: Actor, day: string, body: DailyScheduleBody): Promise<DailyCalendar> {
    validDay(day);
    const points = body.points ?? DAILY_CHALLENGE_DEFAULT_AWARD.points;
    const xp = body.xp ?? DAILY_CHALLENGE_DEFAULT_AWARD.xp;
    let q: Question;
    try {
      q = await questionBank.get(actor.clientId, body.questionId);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        throw new AppError('DAILY_CHALLENGE_QUESTION_NOT_FOUND', 400, {
          details: [{ path: 'questionId', issue: 'not_found' }],
        });
      }
      throw error;
    }
    if (!isDailyKind(q.kind)) {
      throw new AppError('DAILY_CHALLENGE_QUESTION_KIND', 400, {
        details: [{ path: 'questionId', issue: 'kind' }],
      });
    }
    await unitOfWork(db).run(async (tx) => {
      const repo = createDailyChallengeRepo(tx, actor.clientId);
      if ((await repo.answersOfDay(day)) > 0) throw new AppError('DAILY_CHALLENGE_DAY_ANSWERED', 409);
      await repo.schedule(day, q.id, points, xp, actor.userId);
    });
    return calendar(actor.clientId, day.slice(0, 7));
  }

  /** DELETE /api/admin/daily-challenges?day=: the day goes back to a draw from the bank. */
  async function clear(actor: Actor, day: string): Promise<DailyCalendar> {
    validDay(day);
    await unitOfWork(db).run(async (tx) => {
      const repo = createDailyChallengeRepo(tx, actor.clientId);
      if ((await repo.answersOfDay(day)) > 0) throw new AppError('DAILY_CHALLENGE_DAY_ANSWERED', 409);
      await repo.clear(day);
    });
    return calendar(actor.clientId, day.slice(0, 7));
  }

  /** The badge given at a streak of `days` (null: none). Set by the demo seeder (no screen yet). */
  async function setStreakBadge(clientId: number, badgeId: number | null, days = 7): Promise<void> {
    await createDailyChallengeRepo(db, clientId).saveSettings(badgeId, days);
  }

  /** The month of now in UTC (the calendar's default). */
  const currentMonth = () => deps.now().toISOString().slice(0, 7);

  return { today, answer, calendar, schedule, clear, setStreakBadge, timeZoneOf, currentMonth };
}
export type DailyChallengeService = ReturnType<typeof createDailyChallengeService>;
