import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBody } from '@trilha/contracts/errors';
import {
  adminOrderExportQuery,
  bulkApproveBody,
  bulkApproveResult,
  shipCsvBody,
  shipCsvResult,
  storeBulkLimits,
} from '@trilha/contracts/store';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { csvCell } from '../audit/audit.routes';
import { exportCells, exportHeader, type StoreBulk } from './store.bulk';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  422: errorBody,
};
const adminTags = ['admin: store'];

/**
 * The orders queue's bulk routes (docs/store.md), `rewards.manage` in the selected client: approve several
 * orders, ship from a CSV (both with an Idempotency-Key, as the store's other orders writes), and the
 * filtered queue as CSV.
 */
export function registerStoreBulkRoutes(app: App, deps: CoreDeps, bulk: StoreBulk) {
  const { requireCapability, idempotencyRequired } = deps.guards;
  const manage = requireCapability('rewards.manage');
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.post(
    '/api/admin/store/orders/bulk-approve',
    {
      preHandler: [manage, idempotencyRequired],
      schema: {
        tags: adminTags,
        summary: `Approves up to ${storeBulkLimits.approve} orders, each in its own transaction (Idempotency-Key required); answers which moved and why the others did not`,
        body: bulkApproveBody,
        response: { 200: bulkApproveResult, ...errors },
      },
    },
    async (request) => bulk.approveMany(actor(request), request.body.ids, request.lang),
  );

  app.post(
    '/api/admin/store/orders/ship-csv',
    {
      preHandler: [manage, idempotencyRequired],
      // The body is the file's text in JSON: room for the largest file the contract takes.
      bodyLimit: storeBulkLimits.shipCsvChars * 4 + 1024,
      schema: {
        tags: adminTags,
        summary: `Ships the approved orders a CSV names (order, carrier, tracking; at most ${storeBulkLimits.shipRows} rows), one transaction per row (Idempotency-Key required)`,
        body: shipCsvBody,
        response: { 200: shipCsvResult, ...errors },
      },
    },
    async (request) => bulk.shipFromCsv(actor(request), request.body.csv, request.lang),
  );

  app.get(
    '/api/admin/store/orders.csv',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: `The orders queue with its filters as CSV, newest first (at most ${storeBulkLimits.exportRows} rows)`,
        querystring: adminOrderExportQuery,
        // Streamed as text/csv; the schema documents the body's type (the stream is not serialized).
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await bulk.exportRows(request.tenant!.clientId, request.query, request.lang);
      const lines = (async function* () {
        yield `\uFEFF${exportHeader.map(csvCell).join(',')}\r\n`;
        for await (const row of rows) yield `${exportCells(row).map(csvCell).join(',')}\r\n`;
      })();
      const day = new Date().toISOString().slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="store-orders-${day}.csv"`);
      reply.type('text/csv; charset=utf-8');
      return reply.send(Readable.from(lines) as unknown as string);
    },
  );
}
