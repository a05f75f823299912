import { z } from 'zod';
import { serialId, serialIdParam } from '../primitives';

/** What an award is attached to (the same list as the database's check, db/schema/awards.ts). */
export const awardTargetType = z.enum(['activity', 'course', 'trail']);
export type AwardTargetType = z.infer<typeof awardTargetType>;

/** Only these targets may give a certificate. */
export const certificateTargetTypes = ['course', 'trail'] as const satisfies readonly AwardTargetType[];

const amount = () => z.number().int().min(0).max(1_000_000);

/** Path of GET/PUT/DELETE /api/admin/awards/:targetType/:targetId */
export const awardParams = z.object({ targetType: awardTargetType, targetId: serialIdParam() });
export type AwardParams = z.infer<typeof awardParams>;

/**
 * PUT /api/admin/awards/:targetType/:targetId — what finishing the target gives. A certificate only for
 * a course or trail (REWARDS_AWARD_CERTIFICATE_TARGET); the badge must be one of the client's (REWARDS_AWARD_BADGE_NOT_FOUND).
 */
export const awardBody = z.object({
  points: amount().default(0),
  /** Days the points stay spendable; null: the client's term for learning points (if any). */
  pointsValidityDays: z.number().int().min(1).max(3650).nullable().default(null),
  xp: amount().default(0),
  badgeId: serialId().nullable().default(null),
  certificate: z.boolean().default(false),
  /** Months the certificate stays valid; null: no expiry. */
  certificateValidityMonths: z.number().int().min(1).max(120).nullable().default(null),
});
export type AwardBody = z.input<typeof awardBody>;

export const award = z.object({
  points: z.number().int(),
  pointsValidityDays: z.number().int().nullable(),
  xp: z.number().int(),
  badgeId: z.number().int().nullable(),
  certificate: z.boolean(),
  certificateValidityMonths: z.number().int().nullable(),
});
export type Award = z.infer<typeof award>;

/** GET and PUT /api/admin/awards/:targetType/:targetId; null: the target gives nothing. */
export const awardResponse = z.object({ award: award.nullable() });
export type AwardResponse = z.infer<typeof awardResponse>;

/** GET /api/rewards/earned?targetType=course&targetId=12 */
export const earnedQuery = z.object({ targetType: awardTargetType, targetId: serialIdParam() });
export type EarnedQuery = z.infer<typeof earnedQuery>;

/** A badge as a learner sees it, in the caller's language. */
export const learnerBadge = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
});
export type LearnerBadge = z.infer<typeof learnerBadge>;

/**
 * What finishing the target gave the caller: `none` (no award, or not finished), `pending` (finished,
 * the grant is not written yet: poll), `granted` (with what was given).
 */
export const earnedResponse = z.object({
  status: z.enum(['none', 'pending', 'granted']),
  points: z.number().int(),
  xp: z.number().int(),
  badge: learnerBadge.nullable(),
  certificate: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  grantedAt: z.string().nullable(),
});
export type EarnedResponse = z.infer<typeof earnedResponse>;

/** GET and PUT /api/admin/rewards/settings */
export const rewardSettingsBody = z.object({
  /** Days learning points stay spendable; null: they never expire. */
  learningPointsValidityDays: z.number().int().min(1).max(3650).nullable(),
  /** Days before a certificate expires that its holder is reminded. */
  certificateReminderDays: z.number().int().min(1).max(365),
});
export type RewardSettingsBody = z.infer<typeof rewardSettingsBody>;
export const rewardSettings = rewardSettingsBody;
export type RewardSettings = z.infer<typeof rewardSettings>;
