import { z } from 'zod';
import { INT4_MAX, serialId, serialIdParam } from './primitives';

/**
 * The ranking (docs/ranking.md): who earned most points in a period, or most XP, in the selected client
 * or one of the caller's areas. Positions are competition ranks (1, 2, 2, 4).
 */
export const rankingMetrics = ['points', 'xp'] as const;
export const rankingMetric = z.enum(rankingMetrics);
export type RankingMetric = z.infer<typeof rankingMetric>;

/**
 * `month`: the current UTC month; `all`: all time; `campaign`: the dates of a loyalty campaign (the one
 * asked for, else the caller's running one).
 */
export const rankingPeriods = ['month', 'all', 'campaign'] as const;
export const rankingPeriod = z.enum(rankingPeriods);
export type RankingPeriod = z.infer<typeof rankingPeriod>;

/**
 * `client`: everyone of the selected client; `area`: the members of one of the caller's areas;
 * `campaign`: the users registered in a loyalty campaign.
 */
export const rankingScopes = ['client', 'area', 'campaign'] as const;
export const rankingScope = z.enum(rankingScopes);
export type RankingScope = z.infer<typeof rankingScope>;

const selection = {
  metric: rankingMetric.default('points'),
  period: rankingPeriod.default('month'),
  scope: rankingScope.default('client'),
  /** With scope `area`: which of the caller's areas (default: the first). */
  areaId: serialIdParam().optional(),
  /** With scope or period `campaign`: which campaign (default: the caller's running one). */
  campaignId: serialIdParam().optional(),
};

export const rankingQuery = z.object({
  ...selection,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type RankingQuery = z.infer<typeof rankingQuery>;

export const rankingMeQuery = z.object(selection);
export type RankingMeQuery = z.infer<typeof rankingMeQuery>;

export const rankingRow = z.object({
  position: z.number().int().min(1),
  userId: serialId(),
  /** The full name, or the initials of someone who hides their name (the caller always sees their own). */
  name: z.string(),
  hidden: z.boolean(),
  score: z.number().int().min(-INT4_MAX).max(INT4_MAX),
  isMe: z.boolean(),
});
export type RankingRow = z.infer<typeof rankingRow>;

export const rankingArea = z.object({ id: serialId(), name: z.string() });
export const rankingCampaign = z.object({
  id: serialId(),
  name: z.string(),
  beginsAt: z.string(),
  endsAt: z.string(),
  registered: z.boolean(),
});

const answered = {
  metric: rankingMetric,
  period: rankingPeriod,
  scope: rankingScope,
  /** The area ranked (scope `area`), else null. */
  areaId: serialId().nullable(),
  /** The caller's areas in the client: what the scope switch offers. */
  areas: z.array(rankingArea),
  /** The month ranked (`YYYY-MM`, UTC) for period `month`, else null. */
  month: z.string().nullable(),
  /** The campaign ranked (scope or period `campaign`), else null. */
  campaignId: serialId().nullable(),
  /** The client's campaigns that have begun, the latest first: what the campaign switch offers. */
  campaigns: z.array(rankingCampaign),
};

export const rankingPage = z.object({
  ...answered,
  items: z.array(rankingRow),
  /** How many users are ranked (a score above zero). */
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RankingPage = z.infer<typeof rankingPage>;

export const rankingMe = z.object({
  ...answered,
  /** The caller's row, or null before they score in that period. */
  me: rankingRow.nullable(),
  /** Up to five users listed just above the caller and five just below, in display order. */
  above: z.array(rankingRow),
  below: z.array(rankingRow),
  total: z.number().int().min(0),
  hideName: z.boolean(),
});
export type RankingMe = z.infer<typeof rankingMe>;

export const rankingVisibilityBody = z.object({ hideName: z.boolean() });
export const rankingVisibility = z.object({ hideName: z.boolean() });
