import { z } from 'zod';
import { text } from './primitives';
import { page } from './profile';
import { level } from './loyalty';

/**
 * The loyalty program's levels as a member lives them (docs/loyalty.md, "Levels").
 *
 *   Learner (any member of the selected client):
 *   GET  /api/loyalty/my-level                                  → myLevel
 *   Back office (campaigns.manage):
 *   GET  /api/admin/loyalty/level-requests?status=&page=        → levelRequestPage
 *   POST /api/admin/loyalty/level-requests/:id/approve          → levelRequest
 *   POST /api/admin/loyalty/level-requests/:id/reject  rejectLevelRequestBody → levelRequest
 */

export const levelRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export type LevelRequestStatus = z.infer<typeof levelRequestStatus>;

const levelRef = z.object({ id: z.number().int(), name: z.string(), position: z.number().int() });

export const myLevel = z.object({
  /** The program's levels in order (empty: the client runs no program). */
  levels: z.array(level),
  /** The level held now (null: the program has no levels). */
  current: level.nullable(),
  /** The level after it (null: the last). */
  next: level.nullable(),
  /** The running campaign the XP counts in (the one I am registered to that ends first), or null. */
  campaign: z.object({ id: z.number().int(), name: z.string(), endsAt: z.string() }).nullable(),
  /** My XP within that campaign (0 without one). */
  xp: z.number().int(),
  /** My latest level-change request of that campaign, if any. */
  request: z
    .object({ id: z.number().int(), toLevel: levelRef, status: levelRequestStatus, createdAt: z.string() })
    .nullable(),
});
export type MyLevel = z.infer<typeof myLevel>;

export const levelRequestQuery = z.object({
  status: levelRequestStatus.default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const levelRequest = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  fromLevel: levelRef,
  toLevel: levelRef,
  /** XP within the campaign when the request opened. */
  xp: z.number().int(),
  status: levelRequestStatus,
  reason: z.string().nullable(),
  /** The member's sales of the campaign still waiting for the audit (approval waits for 0). */
  pendingSales: z.number().int(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type LevelRequest = z.infer<typeof levelRequest>;
export const levelRequestPage = page(levelRequest);

export const rejectLevelRequestBody = z.object({ reason: text().trim().min(1).max(500) });
