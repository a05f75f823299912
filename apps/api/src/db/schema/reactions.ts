import { index, integer, jsonb, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientRef, created, userRef } from '../columns';
import { activities, courses } from './learning';

/**
 * Reaction evaluations (docs/assessments.md, "Reaction evaluations"): each learner's one answer to a
 * reaction evaluation activity. The questions are the activity's settings; the answers address them by
 * position. Owned by the learning module (modules/learning/reactions.*).
 */

/** One answered question: the chosen options by position (choice kinds) and the written text. */
export interface ReactionAnswer {
  questionIndex: number;
  optionIndexes: number[];
  text: string;
}

/** A learner's one response to a reaction evaluation: the unique pair keeps parallel submits to one. */
export const reactionResponses = pgTable(
  'reaction_responses',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: userRef(),
    answers: jsonb('answers').$type<ReactionAnswer[]>().notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('reaction_responses_user_uq').on(t.activityId, t.userId),
    index('reaction_responses_activity_idx').on(t.clientId, t.activityId, t.id),
  ],
);
