import { z } from 'zod';
import { serialId, serialIdParam, text } from './primitives';

/**
 * Points transfer to and from the partner loyalty program (docs/transfers.md): a learner sends points to
 * a partner account named by its document; the partner sends points back, credited as a lot that
 * expires 12 months after receipt.
 */

export const transferLimits = {
  /** Points in one transfer, either way. */
  points: 1_000_000,
  /** A document as typed (with its separators). */
  documentInput: 40,
  /** The partner's id of an incoming transfer, and its reasons. */
  partnerId: 100,
  reason: 500,
  page: 100_000,
  pageSize: 100,
} as const;
const L = transferLimits;

export const transferStatuses = ['requested', 'sent', 'confirmed', 'refused', 'failed'] as const;
export const transferStatus = z.enum(transferStatuses);
export type TransferStatus = z.infer<typeof transferStatus>;

/** The roles that may send points to the partner (spec: seller, clerk, store owner). */
export const transferRoles = ['sales_agent', 'counter_clerk', 'store_owner'] as const;

export const transferBody = z.object({
  /** The partner account's document, any spelling: stored normalized. */
  document: text().min(1).max(L.documentInput),
  points: z.number().int().min(1).max(L.points),
});
export type TransferBody = z.infer<typeof transferBody>;

export const transfer = z.object({
  id: serialId(),
  /** The document, normalized, with all but its last four characters hidden. */
  document: z.string(),
  points: z.number().int(),
  status: transferStatus,
  attempts: z.number().int(),
  partnerReference: z.string().nullable(),
  /** The partner's reason for a refusal, or what went wrong on the last try. */
  error: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Transfer = z.infer<typeof transfer>;

export const transferListQuery = z.object({
  page: z.coerce.number().int().min(1).max(L.page).default(1),
  pageSize: z.coerce.number().int().min(1).max(L.pageSize).default(20),
});
export type TransferListQuery = z.infer<typeof transferListQuery>;

export const transferPage = z.object({
  items: z.array(transfer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TransferPage = z.infer<typeof transferPage>;

export const transferIdParams = z.object({ id: serialIdParam() });

/** What the partner posts when it sends points to one of our users. */
export const incomingTransferBody = z.object({
  clientId: serialId(),
  /** The partner's own id of this transfer: the same id credits once. */
  partnerId: text()
    .min(1)
    .max(L.partnerId)
    .regex(/^[\x21-\x7e]+$/),
  document: text().min(1).max(L.documentInput),
  points: z.number().int().min(1).max(L.points),
});
export type IncomingTransferBody = z.infer<typeof incomingTransferBody>;

export const incomingTransfer = z.object({
  id: serialId(),
  points: z.number().int(),
  expiresAt: z.string(),
  replayed: z.boolean(),
});
export type IncomingTransfer = z.infer<typeof incomingTransfer>;
