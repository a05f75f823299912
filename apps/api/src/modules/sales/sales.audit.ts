import {
  rejectSaleBody,
  saleAuditRules,
  saleFlags,
  type AuditSale,
  type AuditSaleQuery,
  type AuditSaleSummary,
  type BulkDecisionResult,
  type RelatedSale,
  type SaleFlag,
} from '@trilha/contracts/sales';
import { creditedPoints } from '@trilha/domain/points';
import { addDays, parseCalendarDate, startOfLocalDay } from '@trilha/domain/time-zone';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { LoyaltySalesPort } from '../loyalty/loyalty.port';
import type { NotificationService } from '../notifications/notifications.service';
import type { LedgerService } from '../rewards/ledger.service';
import { createSalesAuditRepo, type AuditRow, type RelatedRow } from './sales.audit.repo';
import type { Actor } from './sales.service';

/** The ledger's reference of what a campaign credits (the loyalty module's `CAMPAIGN_REF`). */
const CAMPAIGN_REF = 'loyalty_campaign';

export interface SalesAuditDeps {
  db: Db;
  now: () => Date;
  loyalty: LoyaltySalesPort;
  /**
   * The member's level in force at an instant, and the level-change check after an XP credit (the loyalty
   * module's levels service: `levelInForce`, `xpCredited`).
   */
  levels: {
    levelInForce(clientId: number, userId: number, at: Date): Promise<{ multiplier: number } | null>;
    xpCredited(input: { clientId: number; userId: number; campaignId: number }): Promise<number | null>;
  };
  ledger: Pick<LedgerService, 'credit' | 'debit' | 'moveXp' | 'balance'>;
  notifications: Pick<NotificationService, 'notify'>;
}

const dateText = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
const iso = (value: string | Date) => new Date(value).toISOString();
const nameOf = (r: { first_name: string | null; last_name: string | null; username: string | null }) =>
  `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username || '';

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

function summaryOf(row: AuditRow): AuditSaleSummary {
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    campaignName: row.campaign_name,
    storeId: Number(row.store_id),
    storeName: row.store_name,
    retailerId: Number(row.retailer_id),
    retailerName: row.retailer_name,
    userId: Number(row.user_id),
    userName: nameOf(row),
    userEmail: row.email,
    saleDate: dateText(row.sale_date),
    invoiceNumber: row.invoice_number,
    status: row.status,
    basePoints: Number(row.base_points),
    units: Number(row.units),
    hasPhoto: row.photo_key !== null,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
    flags: saleFlags.filter((f: SaleFlag) => Boolean(row[f])),
  };
}

const relatedOf = (r: RelatedRow): RelatedSale => ({
  id: Number(r.id),
  invoiceNumber: r.invoice_number,
  campaignName: r.campaign_name,
  storeName: r.store_name,
  userName: nameOf(r),
  status: r.status,
  distance: r.distance === null ? null : Number(r.distance),
});

/** The last instant of a local calendar day in a zone. */
function endOfLocalDay(day: string, timeZone: string): Date {
  const date = parseCalendarDate(day);
  if (!date) throw new Error(`not a date: ${day}`);
  return new Date(startOfLocalDay(addDays(date, 1), timeZone).getTime() - 1);
}

/**
 * The audit of sale reports (docs/sales.md, "Audit"): the queue with its filters and fraud signals, a
 * sale's detail, the private invoice photo, and the decisions. An approval credits, in one unit of work
 * with the sale's status, its decision row, its audit row and the user's notice, floor(base × the
 * multiplier of the level in force on the sale date) points as a lot expiring at the campaign's end and
 * base XP; a rejection after approval takes them back with reversing entries, as far as the balances go.
 */
export function createSalesAudit(deps: SalesAuditDeps) {
  const uow = unitOfWork(deps.db);
  const repoOf = (clientId: number) => createSalesAuditRepo(deps.db, clientId);

  async function detail(clientId: number, id: number): Promise<AuditSale> {
    if (!validId(id)) throw notFound();
    const repo = repoOf(clientId);
    const row = await repo.one(id);
    if (!row) throw notFound();
    const [more, lines, same, similar, invoices, store, decisions] = await Promise.all([
      repo.detail(id),
      repo.lines(id),
      repo.related(id, 'same_image'),
      repo.related(id, 'similar_image'),
      repo.related(id, 'invoice_elsewhere'),
      repo.storeUnits(id),
      repo.decisions(id),
    ]);
    const R = saleAuditRules;
    const threshold =
      store.n >= R.unusualMinSales && store.average !== null
        ? R.unusualFactor * store.average
        : R.unusualUnits;
    const summary = summaryOf(row);
    return {
      ...summary,
      observation: more!.observation,
      rejectionReason: more!.rejection_reason,
      creditedPoints: more!.credited_points === null ? null : Number(more!.credited_points),
      creditedXp: more!.credited_xp === null ? null : Number(more!.credited_xp),
      multiplier: more!.multiplier === null ? null : Number(more!.multiplier),
      photoWidth: more!.photo_width === null ? null : Number(more!.photo_width),
      photoHeight: more!.photo_height === null ? null : Number(more!.photo_height),
      lines: lines.map((l) => ({
        productId: Number(l.product_id),
        sku: l.sku,
        name: l.name,
        quantity: Number(l.quantity),
        points: Number(l.points),
        subtotal: Number(l.quantity) * Number(l.points),
      })),
      signals: {
        sameImage: same.map(relatedOf),
        similarImage: similar.map(relatedOf),
        invoiceElsewhere: invoices.map(relatedOf),
        unusualQuantity: {
          units: summary.units,
          otherSales: store.n,
          average: store.average === null ? null : Math.round(store.average * 100) / 100,
          threshold: Math.round(threshold * 100) / 100,
          unusual: summary.flags.includes('unusual_quantity'),
        },
      },
      decisions: decisions.map((d) => ({
        id: Number(d.id),
        decision: d.decision,
        fromStatus: d.from_status,
        reason: d.reason,
        points: Number(d.points),
        xp: Number(d.xp),
        pointsShortfall: Number(d.points_shortfall),
        xpShortfall: Number(d.xp_shortfall),
        actorName: d.username === null ? null : nameOf(d),
        createdAt: iso(d.created_at),
      })),
    };
  }

  /** Approves a pending sale; an approved one is left as it is (a second click credits nothing). */
  async function approveOne(actor: Actor, id: number): Promise<void> {
    if (!validId(id)) throw notFound();
    await uow.run(async (tx) => {
      const repo = repoOf(actor.clientId);
      const sale = await repo.lock(id);
      if (!sale) throw notFound();
      if (sale.status === 'approved') return;
      if (sale.status === 'rejected') throw new AppError('SALES_ALREADY_REJECTED', 409);
      const userId = Number(sale.user_id);
      const context = await deps.loyalty.saleContext(
        actor.clientId,
        userId,
        Number(sale.campaign_id),
        Number(sale.store_id),
      );
      if (!context) throw notFound();
      const saleDate = dateText(sale.sale_date);
      const level = await deps.levels.levelInForce(
        actor.clientId,
        userId,
        endOfLocalDay(saleDate, context.store?.timeZone ?? 'UTC'),
      );
      const multiplier = level?.multiplier ?? 1;
      const base = Number(sale.base_points);
      const points = creditedPoints(base, multiplier);
      await deps.ledger.credit({
        clientId: actor.clientId,
        userId,
        points,
        xp: base,
        source: 'sale',
        refType: CAMPAIGN_REF,
        refId: Number(sale.campaign_id),
        refLabel: sale.invoice_number,
        actorId: actor.userId,
        idempotencyKey: `sale:${id}`,
        expiresAt: context.campaign.endsAt,
      });
      await repo.decide(id, {
        status: 'approved',
        actorId: actor.userId,
        at: deps.now(),
        reason: null,
        creditedPoints: points,
        creditedXp: base,
        multiplier,
      });
      await repo.insertDecision({
        saleId: id,
        actorId: actor.userId,
        decision: 'approved',
        fromStatus: 'pending',
        reason: null,
        points,
        xp: base,
        pointsShortfall: 0,
        xpShortfall: 0,
      });
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'sales.approve',
        target: { type: 'loyalty_sale', id },
        before: { status: 'pending' },
        after: { status: 'approved', basePoints: base, multiplier, points, xp: base },
      });
      await deps.notifications.notify(
        {
          userId,
          clientId: actor.clientId,
          kind: 'sales.approved',
          data: { invoiceNumber: sale.invoice_number, points, xp: base },
        },
        { tx },
      );
      // The XP may have reached the next level: the level-change request opens in this same unit.
      await deps.levels.xpCredited({
        clientId: actor.clientId,
        userId,
        campaignId: Number(sale.campaign_id),
      });
    });
  }

  /**
   * Rejects a pending or approved sale with a reason. After an approval the credit is reversed with new
   * entries: the points as far as the user's spendable balance allows and the XP as far as the XP balance
   * allows; what could not be taken back is kept on the decision row (`pointsShortfall`, `xpShortfall`).
   */
  async function rejectOne(actor: Actor, id: number, reason: string): Promise<void> {
    if (!validId(id)) throw notFound();
    await uow.run(async (tx) => {
      const repo = repoOf(actor.clientId);
      const sale = await repo.lock(id);
      if (!sale) throw notFound();
      if (sale.status === 'rejected') throw new AppError('SALES_ALREADY_REJECTED', 409);
      const userId = Number(sale.user_id);
      const from = sale.status;
      let points = 0;
      let xp = 0;
      let pointsShortfall = 0;
      let xpShortfall = 0;
      if (from === 'approved') {
        const credited = Number(sale.credited_points ?? 0);
        const creditedXp = Number(sale.credited_xp ?? 0);
        const balance = await deps.ledger.balance(actor.clientId, userId);
        const pointsBack = Math.max(0, Math.min(credited, balance.points - balance.held));
        const xpBack = Math.max(0, Math.min(creditedXp, balance.xp));
        pointsShortfall = credited - pointsBack;
        xpShortfall = creditedXp - xpBack;
        const ref = {
          refType: CAMPAIGN_REF,
          refId: Number(sale.campaign_id),
          refLabel: sale.invoice_number,
          actorId: actor.userId,
          reason,
        };
        if (pointsBack > 0) {
          await deps.ledger.debit({
            clientId: actor.clientId,
            userId,
            points: pointsBack,
            source: 'sale',
            ...ref,
            idempotencyKey: `sale:${id}:reversal`,
          });
        }
        if (xpBack > 0) {
          await deps.ledger.moveXp({
            clientId: actor.clientId,
            userId,
            amount: -xpBack,
            source: 'sale',
            ...ref,
            idempotencyKey: `sale:${id}:reversal-xp`,
          });
        }
        points = -pointsBack;
        xp = -xpBack;
      }
      await repo.decide(id, { status: 'rejected', actorId: actor.userId, at: deps.now(), reason });
      await repo.insertDecision({
        saleId: id,
        actorId: actor.userId,
        decision: 'rejected',
        fromStatus: from,
        reason,
        points,
        xp,
        pointsShortfall,
        xpShortfall,
      });
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'sales.reject',
        target: { type: 'loyalty_sale', id },
        before: { status: from },
        after: { status: 'rejected', reason, points, xp, pointsShortfall, xpShortfall },
      });
      await deps.notifications.notify(
        from === 'approved'
          ? {
              userId,
              clientId: actor.clientId,
              kind: 'sales.reversed',
              data: { invoiceNumber: sale.invoice_number, reason, points: -points, xp: -xp },
            }
          : {
              userId,
              clientId: actor.clientId,
              kind: 'sales.rejected',
              data: { invoiceNumber: sale.invoice_number, reason },
            },
        { tx },
      );
    });
  }

  const reasonOf = (input: unknown) => {
    const parsed = rejectSaleBody.safeParse(input);
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', 400, { details: [{ path: 'reason', issue: 'required' }] });
    }
    return parsed.data.reason;
  };

  return {
    async queue(clientId: number, query: AuditSaleQuery) {
      const { rows, total } = await repoOf(clientId).page(
        {
          campaignId: query.campaign,
          storeId: query.store,
          retailerId: query.retailer,
          status: query.status,
          flags: query.flags,
          q: query.q,
        },
        query.page,
        query.pageSize,
      );
      return { items: rows.map(summaryOf), total, page: query.page, pageSize: query.pageSize };
    },

    detail,

    filterOptions(clientId: number) {
      return repoOf(clientId).filterOptions();
    },

    /** The invoice photo's storage key (a WebP); a sale without one, or of another client, is not found. */
    async photoKey(clientId: number, id: number): Promise<string> {
      if (!validId(id)) throw notFound();
      const key = await repoOf(clientId).photoKey(id);
      if (!key) throw notFound();
      return key;
    },

    async approve(actor: Actor, id: number): Promise<AuditSale> {
      await approveOne(actor, id);
      return detail(actor.clientId, id);
    },

    async reject(actor: Actor, id: number, input: unknown): Promise<AuditSale> {
      await rejectOne(actor, id, reasonOf(input));
      return detail(actor.clientId, id);
    },

    /** Decides each sale in its own unit of work, one after the other, and answers each one's result. */
    async bulk(
      actor: Actor,
      body: { action: 'approve' | 'reject'; ids: readonly number[]; reason?: string },
    ): Promise<BulkDecisionResult> {
      const results: BulkDecisionResult['results'] = [];
      for (const id of body.ids) {
        try {
          if (body.action === 'approve') await approveOne(actor, id);
          else await rejectOne(actor, id, reasonOf({ reason: body.reason }));
          results.push({
            id,
            ok: true,
            status: body.action === 'approve' ? 'approved' : 'rejected',
            code: null,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, ok: false, status: null, code: error.code });
        }
      }
      return { results };
    },

    /** Whether the user has sales waiting for the audit (the store's `approvalMayWait`). */
    awaitsAudit(userId: number, clientId: number): Promise<boolean> {
      return repoOf(clientId).hasPending(userId);
    },
  };
}

export type SalesAudit = ReturnType<typeof createSalesAudit>;
