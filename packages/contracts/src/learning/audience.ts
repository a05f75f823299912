import { z } from 'zod';
import { serialId, text } from '../primitives';
import { roleName } from '../session';
import { id, positiveId } from './ids';
import { namedItem } from './kinds';
import { learningFilterOptions } from './catalog';

// ---------------------------------------------------------------------------------------------------
// Back office: taxonomy and audiences

export const taxonomyKinds = ['areas', 'groups', 'tags', 'categories'] as const;
export const taxonomyKind = z.enum(taxonomyKinds);
export type TaxonomyKind = z.infer<typeof taxonomyKind>;
/** GET /api/admin/learning/taxonomy */
export const learningTaxonomy = learningFilterOptions;
export const taxonomyParams = z.object({ kind: taxonomyKind });
/** POST /api/admin/learning/taxonomy/:kind */
export const taxonomyBody = z.object({ name: text().trim().min(1).max(120) });
export type TaxonomyBody = z.infer<typeof taxonomyBody>;
export const taxonomyItem = namedItem;

/** PUT /api/admin/learning/users/:userId/audience — the areas and groups a user belongs to. */
export const userAudienceParams = z.object({ userId: positiveId });
export const userAudienceBody = z.object({
  areaIds: z.array(serialId()).max(200),
  groupIds: z.array(serialId()).max(200),
});
export type UserAudienceBody = z.infer<typeof userAudienceBody>;
export const userAudience = userAudienceBody.extend({ userId: id });

/**
 * Who may see a course or trail. An empty list does not limit; non-empty lists must all match
 * (the user is in one of the areas AND one of the groups …). Countries by id, profiles by role name.
 */
export const audienceBody = z.object({
  areaIds: z.array(serialId()).max(200).default([]),
  groupIds: z.array(serialId()).max(200).default([]),
  countryIds: z.array(serialId()).max(200).default([]),
  roles: z.array(roleName).max(20).default([]),
});
export type AudienceBody = z.input<typeof audienceBody>;
export type Audience = z.output<typeof audienceBody>;

/** PUT …/publish */
export const publishBody = z.object({ published: z.boolean() });
export type PublishBody = z.infer<typeof publishBody>;
