import { z } from 'zod';
import { serialId, serialIdParam, text } from './primitives';
import { page } from './profile';

/**
 * Sale reports of the loyalty program (docs/sales.md).
 *
 *   POST /api/loyalty/sales       multipart: field `sale` (reportSaleBody as JSON) + optional file `photo`
 *                                 (Idempotency-Key required) → sale (201)
 *   GET  /api/loyalty/sales?campaign=&status=&page=&pageSize=   → salePage (mine, with pending points)
 *   GET  /api/loyalty/sales/:id                                 → sale (mine only)
 */

export const salesLimits = {
  lines: 50,
  quantity: 9_999,
  invoiceNumber: 40,
  observation: 1_000,
  photoBytes: 10 * 1024 * 1024,
  photoPixels: 40_000_000,
  photoSide: 2_000,
  reportDays: 15,
  page: 100_000,
} as const;
const L = salesLimits;

export const saleStatuses = ['pending', 'approved', 'rejected'] as const;
export const saleStatus = z.enum(saleStatuses);
export type SaleStatus = z.infer<typeof saleStatus>;

export const saleLineBody = z.object({
  productId: serialId(),
  quantity: z.number().int().min(1).max(L.quantity),
});

export const reportSaleBody = z.object({
  campaignId: serialId(),
  storeId: serialId(),
  /** The local date of the sale in the store's time zone, YYYY-MM-DD. */
  saleDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  invoiceNumber: text()
    .trim()
    .min(1)
    .max(L.invoiceNumber)
    .regex(/^[\p{L}\p{N}./-]+$/u),
  observation: text().trim().max(L.observation).default(''),
  lines: z.array(saleLineBody).min(1).max(L.lines),
});
export type ReportSaleBody = z.infer<typeof reportSaleBody>;

export const saleLine = z.object({
  productId: z.number().int(),
  quantity: z.number().int(),
  /** The product's points in the campaign, as frozen when the sale was reported. */
  points: z.number().int(),
});

export const sale = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  storeId: z.number().int(),
  retailerId: z.number().int(),
  saleDate: z.string(),
  invoiceNumber: z.string(),
  observation: z.string(),
  status: saleStatus,
  rejectionReason: z.string().nullable(),
  /** Sum of quantity × frozen product points. */
  basePoints: z.number().int(),
  hasPhoto: z.boolean(),
  photoSha256: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  lines: z.array(saleLine),
});
export type Sale = z.infer<typeof sale>;

export const saleSummary = sale.omit({ lines: true }).extend({ lineCount: z.number().int() });

export const saleListQuery = z.object({
  campaign: serialIdParam().optional(),
  status: saleStatus.optional(),
  page: z.coerce.number().int().min(1).max(L.page).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type SaleListQuery = z.infer<typeof saleListQuery>;

export const salePage = page(saleSummary).extend({
  /** Base points of my pending sales under the same filter (credited on approval). */
  pendingPoints: z.number().int(),
});

export const saleIdParams = z.object({ id: serialIdParam() });
