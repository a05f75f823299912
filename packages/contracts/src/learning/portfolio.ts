import { z } from 'zod';
import { text } from '../primitives';
import { id } from './ids';
import { activityKind, pageOf } from './kinds';

// ---------------------------------------------------------------------------------------------------
// Public portfolio

export const portfolioQuery = z.object({
  search: text().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});
export const portfolioCourseItem = z.object({
  id,
  /** `<title-slug>-id-<id>`: the page is portfolio-course/{slug}. */
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  coverUrl: z.string().nullable(),
  workloadMinutes: z.number().int().nullable(),
  category: z.string().nullable(),
  clientName: z.string(),
});
export type PortfolioCourseItem = z.infer<typeof portfolioCourseItem>;
/** GET /api/public/portfolio */
export const portfolioPage = pageOf(portfolioCourseItem);
export type PortfolioPage = z.infer<typeof portfolioPage>;
export const portfolioSlugParams = z.object({ slug: text().max(300) });
/** GET /api/public/portfolio/courses/:slug */
export const portfolioCourse = portfolioCourseItem.extend({
  modules: z.array(
    z.object({
      title: z.string(),
      activities: z.array(z.object({ hierarchyOrder: z.string(), title: z.string(), kind: activityKind })),
    }),
  ),
});
export type PortfolioCourse = z.infer<typeof portfolioCourse>;
/** GET /api/public/about-team */
export const aboutTeam = z.object({
  members: z.array(
    z.object({ name: z.string(), role: z.string(), bio: z.string(), photoUrl: z.string().nullable() }),
  ),
});
export type AboutTeam = z.infer<typeof aboutTeam>;
