import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  check,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { activities, courses, trails } from './learning';
import { users } from './users';
import { clientRef, userRef } from '../columns';

/**
 * The question bank of the assessments area (docs/assessments.md): a client's questions and the
 * categories that group them. Owned by the assessments module (modules/assessments).
 */

/** Kept in step with `questionKinds` in packages/contracts/src/assessments/questions.ts. */
export const questionKinds = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'matching',
  'ordering',
  'numeric',
  'short_answer',
  'essay',
] as const;

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A client's question category; its name is unique within the client. */
export const questionCategories = pgTable(
  'question_categories',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_categories_name_uq').on(t.clientId, sql`lower(${t.name})`)],
);

/**
 * A question of the bank. The stem, title and feedback (pt-BR, the required language) are columns, so the
 * list searches them; what the kind needs (options, pairs, items, the numeric answer, accepted variants)
 * is `body`, and the other languages' texts are `translations` (`{ "en-US": { stem, … } }`), both checked
 * by the contract's schema before they are written.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    // No action rather than restrict: checked at the end of the statement, so deleting a client (which
    // cascades to both tables) is not refused, while deleting a category that has questions still is.
    categoryId: integer('category_id').references(() => questionCategories.id, { onDelete: 'no action' }),
    kind: text('kind').notNull(),
    title: text('title').notNull().default(''),
    stem: text('stem').notNull(),
    generalFeedback: text('general_feedback').notNull().default(''),
    points: doublePrecision('points').notNull().default(1),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    body: jsonb('body').notNull(),
    media: jsonb('media'),
    translations: jsonb('translations')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_client_idx').on(t.clientId, t.categoryId, t.id),
    index('questions_tags_idx').using('gin', t.tags),
    check('questions_kind_check', sql`${t.kind} in (${list(questionKinds)})`),
    check('questions_points_check', sql`${t.points} >= 0 and ${t.points} <= 1000`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Tests and quizzes: attempts and the learner's standing in a course (docs/assessments.md, "Tests and quizzes")

export const attemptStatuses = ['in_progress', 'submitted', 'expired', 'pending_grading'] as const;

/** One question of an attempt as it was drawn: the bank's question at that time, and the orders shown. */
export interface AttemptQuestionSnapshot {
  questionId: number;
  kind: (typeof questionKinds)[number];
  points: number;
  stem: string;
  generalFeedback: string;
  media: { kind: 'image' | 'video' | 'audio'; url: string } | null;
  /** The question's body (options, pairs, items, answers …) as the bank held it. */
  body: Record<string, unknown>;
  translations: Record<string, unknown>;
  /** `order[shown] = original` for options (choice kinds), the right column (matching), items (ordering). */
  optionOrder: number[] | null;
  leftOrder: number[] | null;
  rightOrder: number[] | null;
}

/** A grader's points and comment on an essay, by question position. */
export interface EssayGrade {
  points: number;
  comment: string;
  gradedBy: number;
  gradedAt: string;
}

/**
 * An attempt at a test or quiz activity. `generation` is the learner's restart count in the course when
 * the attempt started: a restart test failed on every attempt starts a new generation, and only the
 * current generation's attempts count. One attempt in progress per user and activity.
 */
export const assessmentAttempts = pgTable(
  'assessment_attempts',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id').references(() => trails.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    generation: integer('generation').notNull().default(0),
    status: text('status').notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    passMark: integer('pass_mark').notNull(),
    questions: jsonb('questions').$type<AttemptQuestionSnapshot[]>().notNull(),
    /** The learner's answers by question position (null = none), in the attempt's shown positions. */
    answers: jsonb('answers').$type<unknown[]>().notNull().default([]),
    essayGrades: jsonb('essay_grades').$type<(EssayGrade | null)[]>().notNull().default([]),
    score: doublePrecision('score'),
    earned: doublePrecision('earned'),
    correctCount: integer('correct_count').notNull().default(0),
    questionCount: integer('question_count').notNull(),
    passed: boolean('passed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assessment_attempts_open_uq')
      .on(t.userId, t.activityId)
      .where(sql`${t.status} = 'in_progress'`),
    index('assessment_attempts_user_idx').on(t.clientId, t.userId, t.activityId, t.generation),
    index('assessment_attempts_activity_idx').on(t.clientId, t.activityId, t.id),
    index('assessment_attempts_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'in_progress' and ${t.deadlineAt} is not null`),
    check('assessment_attempts_status_check', sql`${t.status} in (${list(attemptStatuses)})`),
    // Answers are bounded by the contract; the table holds the line too (20 questions of 20,000 chars …).
    check('assessment_attempts_answers_size', sql`octet_length(${t.answers}::text) <= 4000000`),
  ],
);

/**
 * A learner's standing in a course that tests decide: the restart generation, a block (failed every
 * attempt of a block test, until unblocked), and when the course was reproved or its grade improved.
 */
export const assessmentCourseStates = pgTable(
  'assessment_course_states',
  {
    userId: userRef(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    clientId: clientRef(),
    generation: integer('generation').notNull().default(0),
    restartedAt: timestamp('restarted_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedActivityId: integer('blocked_activity_id').references(() => activities.id, {
      onDelete: 'set null',
    }),
    reprovedAt: timestamp('reproved_at', { withTimezone: true }),
    improvedAt: timestamp('improved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('assessment_course_states_blocked_idx')
      .on(t.clientId, t.courseId)
      .where(sql`${t.blockedAt} is not null`),
  ],
);
