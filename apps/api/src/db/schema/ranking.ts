import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clientRef, userRef } from '../columns';

/**
 * The ranking (docs/ranking.md): each user's score per client, metric (`points` earned or `xp`) and period
 * (`all`, or a UTC month `YYYY-MM`), with when the score was reached. Written only by the database
 * trigger on `ledger_entries` (migration `ranking`), in the same transaction as the entry, so a credit
 * moves the user at once; positions are counted from the index at read time.
 */
export const rankingScores = pgTable(
  'ranking_scores',
  {
    clientId: clientRef(),
    userId: userRef(),
    metric: text('metric').notNull(),
    period: text('period').notNull(),
    score: integer('score').notNull(),
    /** When the score last changed: who reached a score first is listed first among equals. */
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.metric, t.period, t.userId] }),
    // Display order (score high to low, earlier reach, then user id) and the count of those above.
    index('ranking_scores_order_idx').on(
      t.clientId,
      t.metric,
      t.period,
      sql`(-${t.score})`,
      t.reachedAt,
      t.userId,
    ),
    check('ranking_scores_metric_check', sql`${t.metric} in ('points', 'xp')`),
  ],
);

/** A user's choice to be shown by initials in the rankings of a client. */
export const rankingPreferences = pgTable(
  'ranking_preferences',
  {
    clientId: clientRef(),
    userId: userRef(),
    hideName: boolean('hide_name').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] })],
);

/**
 * A campaign period's scores (`ranking_scores` period `campaign:<id>`) as last filled from the ledger, with
 * the campaign's dates then. The trigger adds each entry dated inside a campaign as it is written; the
 * ranking fills the period again from the ledger when the campaign's dates are no longer these (a new
 * campaign, or dates edited), so entries written before are counted by the dates in force.
 */
export const rankingCampaignFills = pgTable('ranking_campaign_fills', {
  clientId: clientRef(),
  campaignId: integer('campaign_id').primaryKey(),
  beginsAt: timestamp('begins_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  filledAt: timestamp('filled_at', { withTimezone: true }).notNull().defaultNow(),
});
