import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';
import { clients } from './core';
import { users } from './users';

/**
 * The question bank of the assessments area (docs/assessments.md): a client's questions and the
 * categories that group them. Owned by the assessments module (modules/assessments).
 */

const clientRef = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

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
