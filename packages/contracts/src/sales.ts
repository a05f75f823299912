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

// ---------------------------------------------------------------------------------------------------
// The audit of sale reports (docs/sales.md, "Audit"), for auditors and program administrators
// (`audit.review`):
//
//   GET  /api/admin/sales?campaign=&store=&retailer=&status=&flags=&q=&page=&pageSize=  → auditSalePage
//   GET  /api/admin/sales/:id          → auditSale (lines, signals, decisions)
//   GET  /api/admin/sales/:id/photo    → the invoice photo (image/webp, private, never cached)
//   POST /api/admin/sales/:id/approve  → auditSale
//   POST /api/admin/sales/:id/reject   { reason } → auditSale
//   POST /api/admin/sales/bulk         { action, ids, reason? } → bulkDecisionResult

/** The audit's rules, shared by the API, the web app and the docs. */
export const saleAuditRules = {
  /** Two photos whose dHashes differ in at most this many of their 64 bits look alike. */
  similarImageMaxDistance: 10,
  /** A sale's units above this many times the store's average in the campaign are unusual… */
  unusualFactor: 3,
  /** …counted when the store has at least this many other (not rejected) sales in the campaign… */
  unusualMinSales: 5,
  /** …and, with fewer, a sale of more units than this is unusual. */
  unusualUnits: 20,
  reason: 500,
  bulk: 100,
  search: 40,
} as const;

/** The fraud signals shown on each sale. */
export const saleFlags = ['same_image', 'similar_image', 'invoice_elsewhere', 'unusual_quantity'] as const;
export const saleFlag = z.enum(saleFlags);
export type SaleFlag = z.infer<typeof saleFlag>;

export const auditSaleQuery = z.object({
  campaign: serialIdParam().optional(),
  store: serialIdParam().optional(),
  retailer: serialIdParam().optional(),
  status: saleStatus.optional(),
  /** Comma-separated flags: sales showing any of them. */
  flags: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const list = [
        ...new Set(
          v
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean),
        ),
      ];
      for (const f of list) {
        if (!(saleFlags as readonly string[]).includes(f)) {
          ctx.addIssue({ code: 'custom', message: 'unknown flag' });
          return z.NEVER;
        }
      }
      return list.length > 0 ? (list as SaleFlag[]) : undefined;
    }),
  /** Part of the invoice number (compared upper case). */
  q: z.string().trim().max(saleAuditRules.search).optional(),
  page: z.coerce.number().int().min(1).max(L.page).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditSaleQuery = z.infer<typeof auditSaleQuery>;

export const auditSaleSummary = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  retailerId: z.number().int(),
  retailerName: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  saleDate: z.string(),
  invoiceNumber: z.string(),
  status: saleStatus,
  basePoints: z.number().int(),
  units: z.number().int(),
  hasPhoto: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  flags: z.array(saleFlag),
});
export type AuditSaleSummary = z.infer<typeof auditSaleSummary>;

export const auditSalePage = page(auditSaleSummary);
export type AuditSalePage = z.infer<typeof auditSalePage>;

/** Another sale a signal points at. */
export const relatedSale = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  campaignName: z.string(),
  storeName: z.string(),
  userName: z.string(),
  status: saleStatus,
  /** Bits the two photos' dHashes differ in (similar_image only). */
  distance: z.number().int().nullable(),
});
export type RelatedSale = z.infer<typeof relatedSale>;

export const saleDecision = z.object({
  id: z.number().int(),
  decision: z.enum(['approved', 'rejected']),
  fromStatus: z.enum(['pending', 'approved']),
  reason: z.string().nullable(),
  points: z.number().int(),
  xp: z.number().int(),
  pointsShortfall: z.number().int(),
  xpShortfall: z.number().int(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type SaleDecision = z.infer<typeof saleDecision>;

export const auditSale = auditSaleSummary.extend({
  observation: z.string(),
  rejectionReason: z.string().nullable(),
  creditedPoints: z.number().int().nullable(),
  creditedXp: z.number().int().nullable(),
  multiplier: z.number().nullable(),
  photoWidth: z.number().int().nullable(),
  photoHeight: z.number().int().nullable(),
  lines: z.array(saleLine.extend({ sku: z.string(), name: z.string(), subtotal: z.number().int() })),
  signals: z.object({
    sameImage: z.array(relatedSale),
    similarImage: z.array(relatedSale),
    invoiceElsewhere: z.array(relatedSale),
    unusualQuantity: z.object({
      units: z.number().int(),
      /** Other (not rejected) sales of the store in the campaign and their average units. */
      otherSales: z.number().int(),
      average: z.number().nullable(),
      threshold: z.number(),
      unusual: z.boolean(),
    }),
  }),
  decisions: z.array(saleDecision),
});
export type AuditSale = z.infer<typeof auditSale>;

export const rejectSaleBody = z.object({
  reason: text().trim().min(1).max(saleAuditRules.reason),
});
export type RejectSaleBody = z.infer<typeof rejectSaleBody>;

export const bulkDecisionBody = z
  .object({
    action: z.enum(['approve', 'reject']),
    ids: z
      .array(serialId())
      .min(1)
      .max(saleAuditRules.bulk)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'ids must not repeat' }),
    reason: text().trim().min(1).max(saleAuditRules.reason).optional(),
  })
  .refine((b) => b.action === 'approve' || b.reason !== undefined, {
    path: ['reason'],
    message: 'a rejection needs a reason',
  });
export type BulkDecisionBody = z.infer<typeof bulkDecisionBody>;

/** Each sale decided in its own transaction: its new status, or the code of why it was not. */
export const bulkDecisionResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      status: saleStatus.nullable(),
      code: z.string().nullable(),
    }),
  ),
});
export type BulkDecisionResult = z.infer<typeof bulkDecisionResult>;

/** GET /api/admin/sales/filters: what the queue's filters offer (at most 500 of each, by name). */
export const auditFilterOptions = z.object({
  campaigns: z.array(z.object({ id: z.number().int(), name: z.string() })),
  retailers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  stores: z.array(z.object({ id: z.number().int(), name: z.string(), retailerId: z.number().int() })),
});
export type AuditFilterOptions = z.infer<typeof auditFilterOptions>;
