import { z } from 'zod';
import { serialId, serialIdParam, text } from './primitives';
import { page } from './profile';

/**
 * Store photos of the loyalty program (docs/photos.md).
 *
 *   Learner (a member of the selected client):
 *   GET  /api/loyalty/photo-types                                  → photoTypeList (active types)
 *   GET  /api/loyalty/photos/week?campaign=&store=                 → photoWeek (this week, per type)
 *   POST /api/loyalty/photos   multipart: field `photo` (sendPhotoBody as JSON) + file `image`
 *                              (Idempotency-Key required)          → storePhoto (201)
 *   GET  /api/loyalty/photos?page=&pageSize=&status=               → storePhotoPage (mine)
 *   Back office:
 *   GET/POST /api/admin/loyalty/photo-types, PUT …/:id (campaigns.manage) photoTypeBody → photoType
 *   GET  /api/admin/photos?status=&page=     (audit.review)        → auditPhotoPage
 *   GET  /api/admin/photos/:id/image         (audit.review)        → image/webp
 *   POST /api/admin/photos/:id/approve | /reject {reason} (audit.review, Idempotency-Key) → auditPhoto
 *   GET/PUT /api/admin/loyalty/photo-settings (campaigns.manage) photoSettingsBody → photoSettings
 */

export const photoLimits = {
  code: 40,
  name: 80,
  points: 1_000_000,
  reason: 500,
  imageBytes: 10 * 1024 * 1024,
  imagePixels: 40_000_000,
  imageSide: 2_000,
  page: 100_000,
  /** Consecutive weeks with an approved photo that earn the weekly streak badge. */
  streakWeeks: 4,
} as const;
const L = photoLimits;

export const photoStatuses = ['pending', 'approved', 'rejected'] as const;
export const photoStatus = z.enum(photoStatuses);
export type PhotoStatus = z.infer<typeof photoStatus>;

export const photoIdParams = z.object({ id: serialIdParam() });

export const photoType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  points: z.number().int(),
  active: z.boolean(),
});
export type PhotoType = z.infer<typeof photoType>;
export const photoTypeList = z.object({ items: z.array(photoType) });

export const photoTypeBody = z.object({
  code: text()
    .trim()
    .min(1)
    .max(L.code)
    .regex(/^[a-z0-9_-]+$/i),
  name: text().trim().min(1).max(L.name),
  points: z.number().int().min(1).max(L.points),
  active: z.boolean().default(true),
});
export type PhotoTypeBody = z.infer<typeof photoTypeBody>;

export const sendPhotoBody = z.object({
  campaignId: serialId(),
  storeId: serialId(),
  photoTypeId: serialId(),
});
export type SendPhotoBody = z.infer<typeof sendPhotoBody>;

export const storePhoto = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  photoTypeId: z.number().int(),
  photoTypeName: z.string(),
  /** The Monday (store's local date) of the photo's week, and its Sunday. */
  weekStart: z.string(),
  weekEnd: z.string(),
  status: photoStatus,
  rejectionReason: z.string().nullable(),
  /** What the type earns (pending) or what the approval credited. */
  points: z.number().int(),
  imageSha256: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type StorePhoto = z.infer<typeof storePhoto>;

export const storePhotoQuery = z.object({
  status: photoStatus.optional(),
  page: z.coerce.number().int().min(1).max(L.page).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const storePhotoPage = page(storePhoto).extend({
  /** Points of my pending photos (credited on approval). */
  pendingPoints: z.number().int(),
});

export const photoWeekQuery = z.object({ campaign: serialIdParam(), store: serialIdParam() });
export const photoWeek = z.object({
  storeId: z.number().int(),
  timeZone: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  items: z.array(
    z.object({
      photoType,
      /** This week's photo of this type at this store (by anyone), not counting a rejected one. */
      photo: storePhoto.nullable(),
    }),
  ),
});

export const auditPhoto = storePhoto.extend({
  userId: z.number().int(),
  userName: z.string(),
  /** Other photos (anyone's, any store) sent with the same image bytes. */
  sameImage: z.number().int(),
});
export type AuditPhoto = z.infer<typeof auditPhoto>;
export const auditPhotoQuery = storePhotoQuery;
export const auditPhotoPage = page(auditPhoto);
export const rejectPhotoBody = z.object({ reason: text().trim().min(1).max(L.reason) });

/** The weekly streak badge: given once for `streakWeeks` weeks in a row with an approved photo. */
export const photoSettings = z.object({
  streakBadgeId: z.number().int().nullable(),
  streakWeeks: z.number().int(),
});
export const photoSettingsBody = z.object({
  streakBadgeId: serialId().nullable(),
  streakWeeks: z.number().int().min(2).max(52),
});
