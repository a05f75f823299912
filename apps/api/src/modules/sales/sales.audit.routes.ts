import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import {
  auditFilterOptions,
  auditSale,
  auditSalePage,
  auditSaleQuery,
  bulkDecisionBody,
  bulkDecisionResult,
  rejectSaleBody,
  saleAuditRules,
  saleIdParams,
} from '@trilha/contracts/sales';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { SalesAudit } from './sales.audit';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
const tags = ['admin: sales audit'];

/**
 * The audit of sale reports (docs/sales.md, "Audit"): `audit.review` (auditors and program
 * administrators) in the selected client. A sale of another client is not found.
 */
export function registerSalesAuditRoutes(app: App, deps: CoreDeps, audit: SalesAudit) {
  const { requireCapability, idempotent } = deps.guards;
  const review = requireCapability('audit.review');
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    '/api/admin/sales',
    {
      preHandler: review,
      schema: {
        tags,
        summary:
          'The audit queue: the client’s sales filtered by campaign, store, retailer, status, flags and invoice number, pending first',
        querystring: auditSaleQuery,
        response: { 200: auditSalePage, ...errors },
      },
    },
    async (request) => audit.queue(request.tenant!.clientId, request.query),
  );

  app.get(
    '/api/admin/sales/filters',
    {
      preHandler: review,
      schema: {
        tags,
        summary: 'The campaigns, retailers and stores the queue can be filtered by',
        response: { 200: auditFilterOptions, ...errors },
      },
    },
    async (request) => audit.filterOptions(request.tenant!.clientId),
  );

  app.get(
    '/api/admin/sales/:id',
    {
      preHandler: review,
      schema: {
        tags,
        summary: 'A sale with its lines, its fraud signals and the history of its decisions',
        params: saleIdParams,
        response: { 200: auditSale, ...errors },
      },
    },
    async (request) => audit.detail(request.tenant!.clientId, request.params.id),
  );

  // The invoice photo is served by the media route (/api/media/sale-photos/<id>), to the sale's auditors
  // only and never kept; the audit's URL is an alias of it.
  deps.media.add({
    name: 'sale-photos',
    summary: 'A sale’s invoice photo (WebP), for the auditor only: never public, never cached',
    guards: [review],
    resolve: async (request, ref) => {
      if (!/^\d{1,10}$/.test(ref)) return undefined;
      const key = await audit.photoKey(request.tenant!.clientId, Number(ref));
      return { key, mime: 'image/webp', cacheControl: 'private, no-store' };
    },
  });
  app.get(
    '/api/admin/sales/:id/photo',
    {
      preHandler: review,
      schema: {
        tags,
        summary:
          'The sale’s invoice photo (WebP), for the auditor only: never public, never cached (alias of /api/media/sale-photos/:id)',
        params: saleIdParams,
      },
    },
    async (request, reply) => deps.media.send('sale-photos', String(request.params.id), request, reply),
  );

  app.post(
    '/api/admin/sales/:id/approve',
    {
      preHandler: [review, idempotent],
      schema: {
        tags,
        summary:
          'Approves a pending sale: credits floor(base × the level’s multiplier) points, expiring at the campaign’s end, and base XP (an approved sale stays as it is)',
        params: saleIdParams,
        response: { 200: auditSale, ...errors },
      },
    },
    async (request) => audit.approve(actor(request), request.params.id),
  );

  app.post(
    '/api/admin/sales/:id/reject',
    {
      preHandler: [review, idempotent],
      schema: {
        tags,
        summary:
          'Rejects a pending or approved sale with a reason; after an approval its points and XP are taken back as far as the balances allow',
        params: saleIdParams,
        body: rejectSaleBody,
        response: { 200: auditSale, ...errors },
      },
    },
    async (request) => audit.reject(actor(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/sales/bulk',
    {
      preHandler: [review, idempotent],
      schema: {
        tags,
        summary: `Approves or rejects up to ${saleAuditRules.bulk} sales, each in its own transaction; answers each one’s result`,
        body: bulkDecisionBody,
        response: { 200: bulkDecisionResult, ...errors },
      },
    },
    async (request) => audit.bulk(actor(request), request.body),
  );
}
