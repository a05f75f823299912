import { z } from 'zod';
import { serialId, serialIdParam, text } from '../primitives';
import { learnerBadge } from './awards';

/**
 * What awards a badge (the same list as the database's check, db/schema/awards.ts): given by hand; a
 * course or trail finished (criterionRefId); criterionCount finished courses of the category
 * criterionRefId; points ever credited or an XP balance of at least criterionCount; criterionCount
 * consecutive ISO weeks (UTC) each with a finished activity.
 */
export const badgeCriterion = z.enum([
  'manual',
  'course',
  'trail',
  'category_courses',
  'points',
  'xp',
  'streak_weeks',
]);
export type BadgeCriterion = z.infer<typeof badgeCriterion>;

/** Criteria that name a course, trail or category. */
export const criteriaWithRef = [
  'course',
  'trail',
  'category_courses',
] as const satisfies readonly BadgeCriterion[];
/** Criteria that count something. */
export const criteriaWithCount = [
  'category_courses',
  'points',
  'xp',
  'streak_weeks',
] as const satisfies readonly BadgeCriterion[];

export const badgeText = z.object({
  name: text().trim().min(1).max(80),
  description: text().trim().max(500).default(''),
});
export type BadgeText = z.input<typeof badgeText>;

/** Texts per language; pt-BR is required and the others fall back to it. */
export const badgeTexts = z.object({
  'pt-BR': badgeText,
  'en-US': badgeText.optional(),
  es: badgeText.optional(),
  fr: badgeText.optional(),
});
export type BadgeTexts = z.infer<typeof badgeTexts>;

/** Upper bounds of criterionCount per criterion. */
export const criterionCountMax: Record<(typeof criteriaWithCount)[number], number> = {
  category_courses: 1_000,
  points: 1_000_000_000,
  xp: 1_000_000_000,
  streak_weeks: 520,
};

/**
 * POST /api/admin/badges and PUT /api/admin/badges/:id. criterionRefId is required for course, trail and
 * category_courses (REWARDS_BADGE_CRITERION_REF_REQUIRED) and criterionCount for the counting criteria
 * (REWARDS_BADGE_CRITERION_COUNT_REQUIRED); the others must be null. The course, trail or category must be the
 * client's (REWARDS_BADGE_CRITERION_TARGET_NOT_FOUND).
 */
export const badgeBody = z
  .object({
    texts: badgeTexts,
    criterion: badgeCriterion,
    criterionRefId: serialId().nullable().default(null),
    criterionCount: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
    /** An inactive badge is no longer awarded nor shown as available; holders keep it. */
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    const needsRef = (criteriaWithRef as readonly string[]).includes(value.criterion);
    const countMax = criterionCountMax[value.criterion as keyof typeof criterionCountMax] as
      number | undefined;
    if (needsRef && value.criterionRefId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['criterionRefId'],
        message: 'REWARDS_BADGE_CRITERION_REF_REQUIRED',
      });
    }
    if (!needsRef && value.criterionRefId !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['criterionRefId'],
        message: 'REWARDS_BADGE_CRITERION_REF_UNEXPECTED',
      });
    }
    if (countMax !== undefined && value.criterionCount === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['criterionCount'],
        message: 'REWARDS_BADGE_CRITERION_COUNT_REQUIRED',
      });
    }
    if (countMax !== undefined && value.criterionCount !== null && value.criterionCount > countMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['criterionCount'],
        message: 'REWARDS_BADGE_CRITERION_COUNT_TOO_BIG',
      });
    }
    if (countMax === undefined && value.criterionCount !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['criterionCount'],
        message: 'REWARDS_BADGE_CRITERION_COUNT_UNEXPECTED',
      });
    }
  });
export type BadgeBody = z.input<typeof badgeBody>;

/** Path of /api/admin/badges/:id… */
export const badgeParams = z.object({ id: serialIdParam() });

/** A badge in the back office: every language's texts, its criterion and how many hold it. */
export const adminBadge = z.object({
  id: z.number().int(),
  texts: badgeTexts,
  criterion: badgeCriterion,
  criterionRefId: z.number().int().nullable(),
  criterionCount: z.number().int().nullable(),
  active: z.boolean(),
  imageUrl: z.string().nullable(),
  holders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBadge = z.infer<typeof adminBadge>;

/** GET /api/admin/badges */
export const adminBadgeList = z.object({ badges: z.array(adminBadge) });
export type AdminBadgeList = z.infer<typeof adminBadgeList>;

/** GET/POST/PUT /api/admin/badges/:id, POST /api/admin/badges/:id/image */
export const adminBadgeResponse = z.object({ badge: adminBadge });
export type AdminBadgeResponse = z.infer<typeof adminBadgeResponse>;

/** POST /api/admin/badges/:id/grant — given by hand to a user of the client. */
export const badgeGrantBody = z.object({
  userId: serialId(),
  reason: text().trim().max(500).default(''),
});
export type BadgeGrantBody = z.input<typeof badgeGrantBody>;

/** `granted` false: the user already held it (earnedAt is the first time). */
export const badgeGrantResponse = z.object({ granted: z.boolean(), earnedAt: z.string() });
export type BadgeGrantResponse = z.infer<typeof badgeGrantResponse>;

/** GET /api/rewards/badges — in the caller's language. */
export const myBadgesResponse = z.object({
  earned: z.array(z.object({ badge: learnerBadge, earnedAt: z.string() })),
  available: z.array(
    z.object({
      badge: learnerBadge,
      criterion: badgeCriterion,
      /** The course, trail or category the criterion names. */
      target: z
        .object({ type: z.enum(['course', 'trail', 'category']), id: z.number().int(), title: z.string() })
        .nullable(),
      /** How far the caller is; null for manual badges. */
      progress: z.object({ current: z.number().int(), required: z.number().int() }).nullable(),
    }),
  ),
});
export type MyBadgesResponse = z.infer<typeof myBadgesResponse>;

/** GET /api/admin/badges/choices?kind=: what a badge criterion can name (`rewards.manage`). */
export const badgeCriterionChoicesQuery = z.object({
  // A default, so a caller without the capability is refused (403) before the query is checked.
  kind: z.enum(['course', 'trail', 'category']).default('course'),
});
export const badgeCriterionChoices = z.object({
  items: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type BadgeCriterionChoices = z.infer<typeof badgeCriterionChoices>;

/** GET /api/admin/awards/badges: the client's active badges an author may attach (`learning.author`). */
export const awardBadgeChoices = z.object({
  badges: z.array(z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable() })),
});
export type AwardBadgeChoices = z.infer<typeof awardBadgeChoices>;
