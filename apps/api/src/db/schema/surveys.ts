import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { clientRef, intArray, textArray } from '../columns';

/**
 * Surveys (docs/surveys.md): a client's surveys, each user's one response and its answers. Owned by the
 * surveys module (modules/surveys).
 */

/**
 * A survey. Texts are jsonb per language (`{ "pt-BR": …, "en-US": … }`) and the questions one jsonb list
 * (checked by the contract's schema before they are written; answers address them by position). The
 * audience is the learning catalog's: arrays on the row, an empty one does not limit.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    title: jsonb('title').notNull(),
    description: jsonb('description').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    published: boolean('published').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    audienceAreaIds: intArray('audience_area_ids'),
    audienceGroupIds: intArray('audience_group_ids'),
    audienceCountryIds: intArray('audience_country_ids'),
    audienceRoles: textArray('audience_roles'),
    /** Users who see the results, beside whoever has `learning.reports`. */
    ownerIds: intArray('owner_ids'),
    questions: jsonb('questions').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('surveys_client_idx').on(t.clientId, t.id),
    // The session's question "does this user owe a mandatory survey?" reads only these rows.
    index('surveys_mandatory_idx')
      .on(t.clientId, t.startsAt)
      .where(sql`${t.published} and ${t.mandatory}`),
  ],
);

/** A user's one response to a survey: the unique pair is what keeps a double submit to one. */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_responses_user_uq').on(t.surveyId, t.userId),
    index('survey_responses_user_idx').on(t.userId, t.surveyId),
  ],
);

/** One answered question of a response: the chosen options by position, and its text (essay or justification). */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    optionIndexes: intArray('option_indexes'),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('survey_answers_question_idx').on(t.surveyId, t.questionIndex, t.id),
    index('survey_answers_response_idx').on(t.responseId),
  ],
);
