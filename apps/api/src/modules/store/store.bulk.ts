import {
  storeBulkLimits,
  type AdminOrderExportQuery,
  type BulkApproveResult,
  type ShipCsvResult,
  type ShipRowCode,
  type StoreOrder,
} from '@trilha/contracts/store';
import type { LanguageCode } from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createStoreRepo, type OrderRow } from './store.repo';
import type { Actor, StoreDeps, StoreService } from './store.service';

const EXPORT_CHUNK = 500;

/** One exported order: the queue's columns, in the order of `exportHeader`. */
export interface ExportedOrder {
  order: OrderRow;
  title: string;
  kind: 'physical' | 'digital';
  customer: { name: string; email: string | null } | null;
}

const textIn = (t: unknown, lang: LanguageCode) => {
  const texts = (t ?? {}) as Partial<Record<LanguageCode, string>>;
  return (texts[lang] || texts['pt-BR'] || '').trim();
};

/**
 * Splits one CSV line into its cells: comma or semicolon separated (the one the line uses), a cell may be
 * quoted with doubled quotes inside.
 */
export function csvCells(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** An order cell: its id, written as `123` or `#123`; null when it is not one. */
function orderIdOf(cell: string): number | null {
  const m = /^#?(\d{1,10})$/.exec(cell.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The orders queue's bulk work (docs/store.md): approving several orders, each in its own unit of work with
 * the one-by-one rules (audit row and notification included); shipping from a CSV, one unit per row; and
 * the export's rows in pages.
 */
export function createStoreBulk(deps: { db: Db; store: StoreService; customerOf: StoreDeps['customerOf'] }) {
  const { store } = deps;

  /** The code a refused move answers; anything that is not an expected refusal is thrown on. */
  const codeOf = (error: unknown) => {
    if (error instanceof AppError) return error.code;
    throw error;
  };

  return {
    /** Approves each order on its own: one failing leaves the others approved. */
    async approveMany(actor: Actor, ids: readonly number[], lang: LanguageCode): Promise<BulkApproveResult> {
      const approved: number[] = [];
      const failed: BulkApproveResult['failed'] = [];
      for (const id of ids) {
        try {
          await store.approve(actor, id, lang);
          approved.push(id);
        } catch (error) {
          failed.push({ id, code: codeOf(error) });
        }
      }
      return { approved, failed };
    },

    /**
     * Ships the orders a CSV names (`order,carrier,tracking`), one unit of work per row, so a refused row
     * leaves the others shipped; answers each row's result. More than the row limit refuses the file.
     */
    async shipFromCsv(actor: Actor, csv: string, lang: LanguageCode): Promise<ShipCsvResult> {
      const lines = csv
        .replace(/^\uFEFF/, '')
        .split(/\r\n|\n|\r/)
        .map((text, i) => ({ text, line: i + 1 }))
        .filter((l) => l.text.trim() !== '');
      const first = lines[0];
      const separator: ',' | ';' = first && first.text.includes(';') && !first.text.includes(',') ? ';' : ',';
      // A first row that starts with a word (`order,carrier,tracking`) is the header.
      if (first && /^\p{L}/u.test(csvCells(first.text, separator)[0] ?? '')) lines.shift();
      if (lines.length > storeBulkLimits.shipRows) {
        throw new AppError('STORE_CSV_TOO_MANY_ROWS', 422, { params: { max: storeBulkLimits.shipRows } });
      }
      if (lines.length === 0) throw new AppError('UPLOAD_EMPTY', 422);
      const seen = new Set<number>();
      const rows: ShipCsvResult['rows'] = [];
      for (const { text, line } of lines) {
        const cells = csvCells(text, separator);
        const fail = (orderId: number | null, code: ShipRowCode) =>
          rows.push({ line, orderId, ok: false, code });
        if (cells.length < 3 || cells.slice(3).some((c) => c !== '')) {
          fail(null, 'columns');
          continue;
        }
        const [orderCell, carrier, tracking] = cells as [string, string, string];
        const orderId = orderIdOf(orderCell);
        if (orderId === null) {
          fail(null, 'order_invalid');
          continue;
        }
        if (carrier === '' || carrier.length > 120) {
          fail(orderId, 'carrier_invalid');
          continue;
        }
        if (tracking === '' || tracking.length > 120) {
          fail(orderId, 'tracking_invalid');
          continue;
        }
        if (seen.has(orderId)) {
          fail(orderId, 'duplicate');
          continue;
        }
        seen.add(orderId);
        try {
          await store.ship(actor, orderId, carrier, tracking, lang);
          rows.push({ line, orderId, ok: true, code: null });
        } catch (error) {
          const code = codeOf(error);
          fail(orderId, code === 'NOT_FOUND' || code === 'STORE_ORDER_TRANSITION_INVALID' ? code : 'failed');
        }
      }
      const shipped = rows.filter((r) => r.ok).length;
      return { rows, shipped, failed: rows.length - shipped };
    },

    /**
     * The filtered queue for the CSV export, newest first, read in pages as the answer is written. Refused
     * before anything is sent when it has more rows than the export allows.
     */
    async exportRows(
      clientId: number,
      filter: AdminOrderExportQuery,
      lang: LanguageCode,
    ): Promise<AsyncIterable<ExportedOrder>> {
      const repo = createStoreRepo(deps.db, clientId);
      const { total } = await repo.ordersPage(filter, 1, 1);
      if (total > storeBulkLimits.exportRows) {
        throw new AppError('STORE_EXPORT_TOO_LARGE', 422, { params: { max: storeBulkLimits.exportRows } });
      }
      const customers = new Map<number, ExportedOrder['customer']>();
      return (async function* () {
        let before: number | null = null;
        for (;;) {
          const chunk = await repo.ordersBefore(filter, before, EXPORT_CHUNK);
          for (const r of chunk) {
            if (!customers.has(r.order.userId)) {
              customers.set(r.order.userId, await deps.customerOf(r.order.userId));
            }
            yield {
              order: r.order,
              title: textIn(r.title, lang),
              kind: r.kind,
              customer: customers.get(r.order.userId) ?? null,
            };
          }
          if (chunk.length < EXPORT_CHUNK) return;
          before = chunk[chunk.length - 1]!.order.id;
        }
      })();
    },
  };
}

export type StoreBulk = ReturnType<typeof createStoreBulk>;

/** The export's columns (stable names, so a sheet built on them keeps working in every language). */
export const exportHeader = [
  'order',
  'created_at',
  'status',
  'item',
  'kind',
  'price',
  'customer',
  'email',
  'address',
  'carrier',
  'tracking',
  'reason',
  'approved_at',
  'shipped_at',
  'delivered_at',
  'reproved_at',
] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : '');

function addressText(a: StoreOrder['address']) {
  if (!a) return '';
  return [
    [a.street, a.number].filter(Boolean).join(', '),
    a.complement,
    a.neighborhood,
    [a.city, a.state].filter(Boolean).join(' - '),
    a.zip,
    a.country,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One exported order's cells, in the order of `exportHeader`. */
export function exportCells(r: ExportedOrder): unknown[] {
  const o = r.order;
  return [
    o.id,
    o.createdAt.toISOString(),
    o.status,
    r.title,
    r.kind,
    o.price,
    r.customer?.name ?? '',
    r.customer?.email ?? '',
    addressText(o.address as StoreOrder['address']),
    o.carrier ?? '',
    o.trackingCode ?? '',
    o.reason ?? '',
    iso(o.approvedAt),
    iso(o.shippedAt),
    iso(o.deliveredAt),
    iso(o.reprovedAt),
  ];
}
