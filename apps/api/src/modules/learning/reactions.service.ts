import { sql } from 'drizzle-orm';
import {
  reactionSettings,
  type LearnerReaction,
  type ReactionAnswerBody,
  type ReactionAnswered,
  type ReactionEssayQuery,
  type ReactionResults,
  type ReactionSettings,
} from '@trilha/contracts/learning';
import type { LanguageCode } from '@trilha/contracts/session';
import { isChoiceKind, justifiedKinds, type EssayList, type LocalizedText } from '@trilha/contracts/surveys';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import { csvCell } from '../audit/audit.routes';
import { checkSurveyAnswers } from '../surveys/answers';
import { iso, type CourseContextLoader } from './course-context';
import { lockErrorCode } from './locks';
import type { ProgressService } from './progress.service';
import type { Viewer } from './viewer';

/** One answered question as `reaction_responses.answers` keeps it (db/schema/reactions.ts). */
interface ReactionAnswer {
  questionIndex: number;
  optionIndexes: number[];
  text: string;
}

/** Most responses one CSV holds. */
export const REACTION_CSV_MAX_ROWS = 50_000;

interface ReactionActivityRow {
  id: number;
  course_id: number;
  course_title: string;
  kind: string;
  title: string;
  description: string;
  settings: Record<string, unknown>;
}

const textIn = (t: LocalizedText, lang: LanguageCode) => (t[lang] || t['pt-BR']).trim();

/** A reaction evaluation activity of the client (404 for another client's, 400 for another kind). */
async function reactionActivity(db: DbOrTx, clientId: number, activityId: number) {
  const [row] = rowsOf<ReactionActivityRow>(
    await db.execute(sql`
      select a.id, a.course_id, c.title as course_title, a.kind, a.title, a.description, a.settings
      from activities a join courses c on c.id = a.course_id and c.client_id = a.client_id
      where a.id = ${activityId} and a.client_id = ${clientId}`),
  );
  if (!row) throw notFound();
  if (row.kind !== 'reaction_evaluation') throw new AppError('REACTION_NOT_A_REACTION', 400);
  const parsed = reactionSettings.safeParse(row.settings);
  if (!parsed.success) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
  return { ...row, settings: parsed.data };
}

/**
 * Reaction evaluations (docs/assessments.md, "Reaction evaluations"): a survey that closes a training. It
 * opens once every other activity of the course is finished (the course context's lock
 * `training_not_ended`), a learner answers it once (the response row is unique per activity and user), and
 * the answer finishes the activity through learning's progress in the same unit of work. Instructors and
 * managers read the results: counts per option, the written texts, a CSV.
 */
export function createReactionsService(deps: {
  db: Db;
  contexts: CourseContextLoader;
  progress: Pick<ProgressService, 'recordReaction'>;
}) {
  const { db, contexts, progress } = deps;

  /** The reaction as the learner's course shows it: visible (404 otherwise), with its lock. */
  async function open(v: Viewer, activityId: number, trailId?: number) {
    const row = await reactionActivity(db, v.clientId, activityId);
    const ctx = await contexts.load(v, row.course_id, trailId);
    const activity = ctx.activities.find((a) => a.id === activityId);
    if (!activity) throw notFound();
    return { row, ctx, activity };
  }

  async function responseOf(db: DbOrTx, v: Viewer, activityId: number) {
    const [found] = rowsOf<{ created_at: string | Date }>(
      await db.execute(sql`select created_at from reaction_responses
        where client_id = ${v.clientId} and activity_id = ${activityId} and user_id = ${v.userId}`),
    );
    return found;
  }

  function learnerOf(
    r: Awaited<ReturnType<typeof open>>,
    answeredAt: string | null,
    lang: LanguageCode,
  ): LearnerReaction {
    const { row, ctx, activity } = r;
    const lock = activity.lock;
    const closedReason = lock.locked
      ? lock.reason === 'training_not_ended'
        ? ('training_not_ended' as const)
        : ('locked' as const)
      : null;
    const answered = answeredAt !== null;
    return {
      activityId: row.id,
      courseId: row.course_id,
      title: row.title,
      description: row.description,
      open: !lock.locked && !answered,
      closedReason: answered ? null : closedReason,
      closedCode: answered || !lock.locked ? null : lockErrorCode[lock.reason!],
      pendingActivities: ctx.activities.filter(
        (a) => a.kind !== 'reaction_evaluation' && a.status !== 'finished',
      ).length,
      answered,
      answeredAt,
      questions: row.settings.questions.map((q) => ({
        kind: q.kind,
        text: textIn(q.text, lang),
        required: q.required,
        options: q.options.map((o) => textIn(o.text, lang)),
      })),
    };
  }

  /** GET …/reaction: the questions in the learner's language, whether it is open and whether answered. */
  async function forLearner(
    v: Viewer,
    activityId: number,
    trailId: number | undefined,
    lang: LanguageCode,
  ): Promise<LearnerReaction> {
    const r = await open(v, activityId, trailId);
    const found = await responseOf(db, v, activityId);
    return learnerOf(r, iso(found?.created_at), lang);
  }

  /**
   * POST …/reaction: the learner's answers, once, checked like a survey's; they finish the activity in
   * the same unit of work. Before the training ends the answer is `409 REACTION_TRAINING_NOT_ENDED`; a
   * second answer (even sent at the same moment) `409 REACTION_ALREADY_ANSWERED`.
   */
  async function answer(
    v: Viewer,
    activityId: number,
    trailId: number | undefined,
    body: ReactionAnswerBody,
  ): Promise<ReactionAnswered> {
    const { row, activity } = await open(v, activityId, trailId);
    if (activity.lock.locked) {
      if (activity.lock.reason === 'training_not_ended')
        throw new AppError('REACTION_TRAINING_NOT_ENDED', 409);
      throw new AppError(lockErrorCode[activity.lock.reason!], 403);
    }
    const answers: ReactionAnswer[] = checkSurveyAnswers(row.settings.questions, body);
    return unitOfWork(db).run(async (tx) => {
      const [created] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into reaction_responses (client_id, activity_id, course_id, user_id, answers)
          values (${v.clientId}, ${activityId}, ${row.course_id}, ${v.userId}, ${JSON.stringify(answers)}::jsonb)
          on conflict (activity_id, user_id) do nothing
          returning id`),
      );
      if (!created) {
        // Kept once. Only a learner whose progress a restart test reset may finish the activity again
        // with the answers already kept.
        const [p] = rowsOf<{ status: string }>(
          await tx.execute(sql`select status from activity_progress
            where client_id = ${v.clientId} and activity_id = ${activityId} and user_id = ${v.userId}`),
        );
        if (p?.status === 'finished') throw new AppError('REACTION_ALREADY_ANSWERED', 409);
      } else {
        await audit(tx, {
          actorId: v.userId,
          clientId: v.clientId,
          action: 'reaction.answer',
          target: { type: 'activity', id: activityId },
          details: { courseId: row.course_id, responseId: created.id },
        });
      }
      return progress.recordReaction(v, activityId, trailId);
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Results (instructors and managers of the client)

  async function results(clientId: number, activityId: number, lang: LanguageCode): Promise<ReactionResults> {
    const row = await reactionActivity(db, clientId, activityId);
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from reaction_responses
        where client_id = ${clientId} and activity_id = ${activityId}`),
    );
    const perQuestion = rowsOf<{ q: number; answered: number; texts: number }>(
      await db.execute(sql`
        select (a->>'questionIndex')::int as q, count(*)::int as answered,
          count(*) filter (where coalesce(a->>'text', '') <> '')::int as texts
        from reaction_responses r, jsonb_array_elements(r.answers) a
        where r.client_id = ${clientId} and r.activity_id = ${activityId}
        group by 1`),
    );
    const perOption = rowsOf<{ q: number; o: number; n: number }>(
      await db.execute(sql`
        select (a->>'questionIndex')::int as q, o::int as o, count(*)::int as n
        from reaction_responses r, jsonb_array_elements(r.answers) a,
          jsonb_array_elements_text(a->'optionIndexes') o
        where r.client_id = ${clientId} and r.activity_id = ${activityId}
        group by 1, 2`),
    );
    return {
      survey: { id: row.id, title: row.title },
      course: { id: row.course_id, title: row.course_title },
      responses: count?.n ?? 0,
      questions: row.settings.questions.map((q, index) => {
        const tally = perQuestion.find((p) => Number(p.q) === index);
        return {
          index,
          kind: q.kind,
          text: textIn(q.text, lang),
          answered: Number(tally?.answered ?? 0),
          texts: Number(tally?.texts ?? 0),
          options: q.options.map((o, oi) => ({
            text: textIn(o.text, lang),
            count: Number(perOption.find((p) => Number(p.q) === index && Number(p.o) === oi)?.n ?? 0),
          })),
        };
      }),
    };
  }

  /** The texts written for one question (essays and justifications), oldest first, paged. */
  async function essays(clientId: number, activityId: number, q: ReactionEssayQuery): Promise<EssayList> {
    const row = await reactionActivity(db, clientId, activityId);
    if (q.question >= row.settings.questions.length) throw notFound();
    const written = sql`
      from reaction_responses r, jsonb_array_elements(r.answers) a
      where r.client_id = ${clientId} and r.activity_id = ${activityId}
        and (a->>'questionIndex')::int = ${q.question} and coalesce(a->>'text', '') <> ''`;
    const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${written}`));
    const rows = rowsOf<{ text: string; created_at: string | Date }>(
      await db.execute(sql`select a->>'text' as text, r.created_at ${written}
        order by r.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    );
    return {
      texts: rows.map((r) => ({ text: r.text, answeredAt: iso(r.created_at)! })),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** One line per response (no names): when, then per question the chosen options and the written text. */
  async function csv(clientId: number, activityId: number, lang: LanguageCode): Promise<string> {
    const row = await reactionActivity(db, clientId, activityId);
    const questions: ReactionSettings['questions'] = row.settings.questions;
    const rows = rowsOf<{ created_at: string | Date; answers: ReactionAnswer[] }>(
      await db.execute(sql`select created_at, answers from reaction_responses
        where client_id = ${clientId} and activity_id = ${activityId}
        order by id limit ${REACTION_CSV_MAX_ROWS}`),
    );
    const header = ['response', 'answered_at'];
    questions.forEach((q, i) => {
      const label = `${i + 1}. ${textIn(q.text, lang)}`;
      if (isChoiceKind(q.kind)) header.push(label);
      if (!isChoiceKind(q.kind) || justifiedKinds.includes(q.kind)) {
        header.push(isChoiceKind(q.kind) ? `${label} (+)` : label);
      }
    });
    const lines = [header.map(csvCell).join(',')];
    rows.forEach((r, n) => {
      const cells: string[] = [String(n + 1), iso(r.created_at)!];
      questions.forEach((q, i) => {
        const a = r.answers.find((x) => x.questionIndex === i);
        if (isChoiceKind(q.kind)) {
          cells.push(
            (a?.optionIndexes ?? [])
              .map((o) => (q.options[o] ? textIn(q.options[o].text, lang) : ''))
              .join('; '),
          );
        }
        if (!isChoiceKind(q.kind) || justifiedKinds.includes(q.kind)) cells.push(a?.text ?? '');
      });
      lines.push(cells.map(csvCell).join(','));
    });
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  return { forLearner, answer, results, essays, csv };
}
export type ReactionsService = ReturnType<typeof createReactionsService>;
