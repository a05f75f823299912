import { randomBytes } from 'node:crypto';
import { reportSaleBody, type Sale, type SaleListQuery } from '@trilha/contracts/sales';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { audit } from '../audit/audit';
import type { LoyaltySalesPort } from '../loyalty/loyalty.port';
import { preparePhoto, type SalePhoto } from './sales.photo';
import { createSalesRepo, type SaleLineRow, type SaleRow } from './sales.repo';
import { invoiceKey, saleDateRefusal } from './sales.rules';

export interface SalesDeps {
  db: Db;
  now: () => Date;
  storage: Storage;
  /** The loyalty program's reads a report is checked against. */
  loyalty: LoyaltySalesPort;
}

export interface Actor {
  userId: number;
  clientId: number;
}

/** The storage key of an invoice photo (a WebP under a random name). */
export const salePhotoKey = (clientId: number, name: string) => `sales/c${clientId}/${name}.webp`;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

const duplicateInvoice = () => new AppError('SALES_INVOICE_DUPLICATE', 409);

function saleOf(row: SaleRow, lines: readonly SaleLineRow[]): Sale {
  return {
    id: row.id,
    campaignId: row.campaignId,
    storeId: row.storeId,
    retailerId: row.retailerId,
    saleDate: row.saleDate,
    invoiceNumber: row.invoiceNumber,
    observation: row.observation,
    status: row.status,
    rejectionReason: row.rejectionReason,
    basePoints: row.basePoints,
    hasPhoto: row.photoKey !== null,
    photoSha256: row.photoSha256,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, points: l.points })),
  };
}

/**
 * Sale reports of the loyalty program (docs/sales.md): the report, checked against the campaign, the
 * user's registration and the store in one unit of work with its audit row, and the user's own sales.
 */
export function createSalesService(deps: SalesDeps) {
  const uow = unitOfWork(deps.db);
  const repoOf = (clientId: number) => createSalesRepo(deps.db, clientId);

  return {
    /** Reports a sale; the photo's bytes as sent (optional where the store forbids phones and cameras). */
    async report(actor: Actor, input: unknown, photoBytes: Buffer | null): Promise<Sale> {
      const parsed = reportSaleBody.safeParse(input);
      if (!parsed.success) {
        const details = parsed.error.issues.slice(0, 20).map((i) => ({
          path: i.path.join('.'),
          issue: i.message,
        }));
        const nul = details.every((d) => d.issue === 'TEXT_INVALID_CHARACTER');
        throw new AppError(nul ? 'TEXT_INVALID_CHARACTER' : 'VALIDATION_FAILED', 400, { details });
      }
      const body = parsed.data;
      const productIds = body.lines.map((l) => l.productId);
      if (new Set(productIds).size !== productIds.length) {
        throw new AppError('VALIDATION_FAILED', 400, {
          details: [{ path: 'lines', issue: 'repeated_product' }],
        });
      }
      const photo: SalePhoto | null = photoBytes ? await preparePhoto(photoBytes) : null;
      const photoKey = photo ? salePhotoKey(actor.clientId, randomBytes(12).toString('hex')) : null;
      if (photo && photoKey) await deps.storage.put(photoKey, photo.webp);
      try {
        return await uow.run(async (tx) => {
          const context = await deps.loyalty.saleContext(
            actor.clientId,
            actor.userId,
            body.campaignId,
            body.storeId,
          );
          if (!context) throw notFound();
          if (context.registration?.status !== 'active') throw new AppError('SALES_NOT_REGISTERED', 403);
          const { store } = context;
          if (!store || !store.active || !store.eligible) throw new AppError('SALES_STORE_NOT_ELIGIBLE', 422);
          const refusal = saleDateRefusal(body.saleDate, context.campaign, store.timeZone, deps.now());
          if (refusal === 'VALIDATION_FAILED') {
            throw new AppError('VALIDATION_FAILED', 400, {
              details: [{ path: 'saleDate', issue: 'invalid' }],
            });
          }
          if (refusal) throw new AppError(refusal, refusal === 'SALES_CAMPAIGN_NOT_ACTIVE' ? 409 : 422);
          if (store.phonesAndCamerasAllowed && !photo) throw new AppError('SALES_PHOTO_REQUIRED', 422);

          const points = await deps.loyalty.campaignProductPoints(
            actor.clientId,
            body.campaignId,
            productIds,
          );
          const missing = productIds.filter((id) => !points.has(id));
          if (missing.length > 0) {
            throw new AppError('SALES_PRODUCT_NOT_IN_CAMPAIGN', 422, { details: { productIds: missing } });
          }
          const lines = body.lines.map((l) => ({ ...l, points: points.get(l.productId)! }));
          const basePoints = lines.reduce((total, l) => total + l.quantity * l.points, 0);

          const repo = repoOf(actor.clientId);
          const row = await repo.insertSale({
            campaignId: body.campaignId,
            userId: actor.userId,
            storeId: store.id,
            retailerId: store.retailerId,
            saleDate: body.saleDate,
            invoiceNumber: body.invoiceNumber,
            invoiceKey: invoiceKey(body.invoiceNumber),
            observation: body.observation,
            photoKey,
            photoSha256: photo?.sha256 ?? null,
            photoWidth: photo?.width ?? null,
            photoHeight: photo?.height ?? null,
            photoDhash: photo?.dhash ?? null,
            units: lines.reduce((total, l) => total + l.quantity, 0),
            basePoints,
          });
          if (!row) throw duplicateInvoice();
          const saved = await repo.insertLines(row.id, lines);
          await audit(tx, {
            actorId: actor.userId,
            clientId: actor.clientId,
            action: 'sales.report',
            target: { type: 'loyalty_sale', id: row.id },
            after: {
              campaignId: row.campaignId,
              storeId: row.storeId,
              saleDate: row.saleDate,
              invoiceKey: row.invoiceKey,
              basePoints,
              photoSha256: row.photoSha256,
              lines,
            },
          });
          return saleOf(row, saved);
        });
      } catch (error) {
        if (photoKey) await deps.storage.remove(photoKey).catch(() => undefined);
        if (isUniqueViolation(error)) throw duplicateInvoice();
        throw error;
      }
    },

    /** My sales, newest first, with the base points still pending audit under the same filter. */
    async mySales(actor: Actor, query: SaleListQuery) {
      const repo = repoOf(actor.clientId);
      const { rows, total, pendingPoints } = await repo.mySales(
        actor.userId,
        { campaignId: query.campaign, status: query.status },
        query.page,
        query.pageSize,
      );
      return {
        items: rows.map((r) => {
          const { lines: _lines, ...rest } = saleOf(r.sale, []);
          void _lines;
          return { ...rest, lineCount: Number(r.lineCount) };
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
        pendingPoints,
      };
    },

    /** One of my sales with its lines; another user's or client's is not found. */
    async mySale(actor: Actor, id: number): Promise<Sale> {
      const repo = repoOf(actor.clientId);
      const row = await repo.mySale(actor.userId, id);
      if (!row) throw notFound();
      return saleOf(row, await repo.linesOf([row.id]));
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
