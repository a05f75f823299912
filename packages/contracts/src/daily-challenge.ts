import { z } from 'zod';
import { serialId } from './primitives';

/**
 * The daily challenge (docs/daily-challenge.md). Routes:
 *
 * Learner (session and selected client)
 *   GET  /api/daily-challenge/today                        → dailyChallengeToday
 *   POST /api/daily-challenge/today/answer  dailyAnswerBody → dailyChallengeToday (409 on a second answer)
 *
 * Back office (capability `learning.author`, the selected client)
 *   GET    /api/admin/daily-challenges?month=YYYY-MM (default: this month) → dailyCalendar
 *   PUT    /api/admin/daily-challenges?day=YYYY-MM-DD  dailyScheduleBody → dailyCalendar (of that month)
 *   DELETE /api/admin/daily-challenges?day=YYYY-MM-DD              → dailyCalendar (of that month)
 *
 * Before the learner answered, nothing in the answer tells right from wrong: options come as texts only.
 */

/** The question kinds a challenge can use: the ones graded automatically with one tap. */
export const dailyChallengeKinds = ['single_choice', 'multiple_choice', 'true_false'] as const;
export const dailyChallengeKind = z.enum(dailyChallengeKinds);
export type DailyChallengeKind = z.infer<typeof dailyChallengeKind>;

/** Default award of a day drawn from the bank (a manager sets their own when scheduling). */
export const DAILY_CHALLENGE_DEFAULT_AWARD = { points: 10, xp: 10 } as const;
export const DAILY_CHALLENGE_AWARD_MAX = 1_000;
/** Most options of a question (the bank's own bound). */
const OPTIONS_MAX = 20;

const isoDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const option = z
  .number()
  .int()
  .min(0)
  .max(OPTIONS_MAX - 1);

export const dailyAnswerBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single_choice'), option }),
  z.object({
    kind: z.literal('multiple_choice'),
    options: z.array(option).min(1).max(OPTIONS_MAX),
  }),
  z.object({ kind: z.literal('true_false'), value: z.boolean() }),
]);
export type DailyAnswerBody = z.infer<typeof dailyAnswerBody>;

export const dailyQuestion = z.object({
  kind: dailyChallengeKind,
  stem: z.string(),
  media: z
    .object({ kind: z.enum(['image', 'video', 'audio']), url: z.string(), alt: z.string().optional() })
    .nullable(),
  /** The options' texts, in the bank's order (null for true or false). */
  options: z.array(z.string()).nullable(),
});
export type DailyQuestion = z.infer<typeof dailyQuestion>;

/** What the learner answered, graded, with what was right; shown only once answered. */
export const dailyAnswerResult = z.object({
  answer: dailyAnswerBody,
  correct: z.boolean(),
  points: z.number().int(),
  xp: z.number().int(),
  feedback: z.string(),
  /** single choice: the right option; multiple choice: the options worth points; true/false: the value. */
  solution: z.object({ options: z.array(z.number().int()).nullable(), value: z.boolean().nullable() }),
  answeredAt: z.string(),
});
export type DailyAnswerResult = z.infer<typeof dailyAnswerResult>;

export const dailyStreak = z.object({
  /** Consecutive local days answered, ending today or yesterday (0 when a day was missed). */
  current: z.number().int(),
  best: z.number().int(),
  answeredToday: z.boolean(),
});
export type DailyStreak = z.infer<typeof dailyStreak>;

export const dailyChallengeToday = z.object({
  /** The learner's local day. */
  day: isoDay,
  timeZone: z.string(),
  challenge: z
    .object({
      id: z.number().int(),
      points: z.number().int(),
      xp: z.number().int(),
      question: dailyQuestion,
    })
    .nullable(),
  answer: dailyAnswerResult.nullable(),
  streak: dailyStreak,
  /** A badge given by this answer (the streak badge), else null. */
  badge: z.object({ name: z.string() }).nullable(),
});
export type DailyChallengeToday = z.infer<typeof dailyChallengeToday>;

/** `month` defaults to the current one (UTC). */
export const dailyCalendarQuery = z.object({ month: isoMonth.optional() });
export type DailyCalendarQuery = z.infer<typeof dailyCalendarQuery>;
export const dailyDayQuery = z.object({ day: isoDay });

export const dailyScheduleBody = z.object({
  questionId: serialId(),
  points: z
    .number()
    .int()
    .min(0)
    .max(DAILY_CHALLENGE_AWARD_MAX)
    .default(DAILY_CHALLENGE_DEFAULT_AWARD.points),
  xp: z.number().int().min(0).max(DAILY_CHALLENGE_AWARD_MAX).default(DAILY_CHALLENGE_DEFAULT_AWARD.xp),
});
export type DailyScheduleBody = z.input<typeof dailyScheduleBody>;

export const dailyCalendarDay = z.object({
  day: isoDay,
  questionId: z.number().int(),
  stem: z.string(),
  kind: z.string(),
  points: z.number().int(),
  xp: z.number().int(),
  /** Scheduled by a manager (false: drawn from the bank when first opened). */
  scheduled: z.boolean(),
  answers: z.number().int(),
});
export type DailyCalendarDay = z.infer<typeof dailyCalendarDay>;

export const dailyCalendar = z.object({ month: isoMonth, days: z.array(dailyCalendarDay) });
export type DailyCalendar = z.infer<typeof dailyCalendar>;
