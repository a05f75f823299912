import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import { sale, saleIdParams, saleListQuery, salePage, salesLimits } from '@trilha/contracts/sales';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { multipartJsonWithFile } from '../../lib/multipart-json';
import type { SalesService } from './sales.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  422: errorBody,
};
const tags = ['loyalty: sales'];

/**
 * A multipart report: the field `sale` (the report as JSON, up to 64 kB, far above what its zod limits
 * accept) and an optional file `photo`, read ahead of the idempotency guard so the key covers the photo.
 * A report without a photo may also come as a JSON body.
 */
const reportForm = multipartJsonWithFile({
  field: 'sale',
  file: 'photo',
  maxFileBytes: salesLimits.photoBytes,
  maxFieldBytes: 64 * 1024,
  fileTooLarge: () =>
    new AppError('SALES_PHOTO_TOO_LARGE', 413, {
      details: { field: 'photo', maxBytes: salesLimits.photoBytes },
      params: { megabytes: salesLimits.photoBytes / 1024 / 1024 },
    }),
  jsonAllowed: true,
});

/** The learner's sale reports (docs/sales.md): report one, list mine, read one of mine. */
export function registerSalesRoutes(app: App, deps: CoreDeps, sales: SalesService) {
  const { requireClient, idempotencyRequired } = deps.guards;
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.post(
    '/api/loyalty/sales',
    {
      preHandler: [requireClient, reportForm.preHandler, idempotencyRequired],
      schema: {
        tags,
        summary:
          'Reports a sale (JSON, or multipart: field `sale` as JSON and file `photo`; Idempotency-Key required)',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: sale, ...errors },
      },
    },
    async (request, reply) => {
      const photo = reportForm.fileOf(request);
      // undefined: a JSON report, whose body is the sale itself.
      const body = photo === undefined ? request.body : (request.body as { sale: unknown }).sale;
      const result = await sales.report(actor(request), body, photo ?? null);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/loyalty/sales',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'My sales, newest first, filtered by campaign and status, with my pending points',
        querystring: saleListQuery,
        response: { 200: salePage, ...errors },
      },
    },
    async (request) => sales.mySales(actor(request), request.query),
  );

  app.get(
    '/api/loyalty/sales/:id',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'One of my sales with its lines',
        params: saleIdParams,
        response: { 200: sale, ...errors },
      },
    },
    async (request) => sales.mySale(actor(request), request.params.id),
  );
}
