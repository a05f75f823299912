import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import { sale, saleIdParams, saleListQuery, salePage, salesLimits } from '@trilha/contracts/sales';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
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

/** The sale's text fields (as JSON) may be this long, far above what its zod limits accept. */
const SALE_FIELD_BYTES = 64 * 1024;

const badForm = (reason: string) => new AppError('BAD_REQUEST', 400, { details: { field: 'sale', reason } });
const photoTooLarge = () =>
  new AppError('SALES_PHOTO_TOO_LARGE', 413, {
    details: { field: 'photo', maxBytes: salesLimits.photoBytes },
    params: { megabytes: salesLimits.photoBytes / 1024 / 1024 },
  });

/**
 * A multipart report's parts: the field `sale` (the report as JSON) and an optional file `photo`, read
 * into memory up to its limit. (A report without a photo may also come as a JSON body.)
 */
async function reportParts(request: FastifyRequest): Promise<{ body: unknown; photo: Buffer | null }> {
  let body: unknown = undefined;
  let photo: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: salesLimits.photoBytes, files: 1, fields: 4, fieldSize: SALE_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') throw badForm('unexpected_file');
        const chunks: Buffer[] = [];
        for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
        if (part.file.truncated) throw photoTooLarge();
        photo = Buffer.concat(chunks);
      } else if (part.fieldname === 'sale') {
        if (part.valueTruncated) throw badForm('too_long');
        try {
          body = JSON.parse(String(part.value));
        } catch {
          throw badForm('not_json');
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    throw badForm('malformed');
  }
  if (body === undefined) throw badForm('missing');
  return { body, photo };
}

/** The photo of a multipart report, read before the Idempotency-Key is claimed. */
const photos = new WeakMap<FastifyRequest, Buffer | null>();

/**
 * Reads a multipart report ahead of the idempotency guard and leaves as the request's body the sale and
 * the photo's SHA-256, so a key sent again with another sale or another photo is refused (422) rather
 * than answered with the first report.
 */
async function readMultipartReport(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const { body, photo } = await reportParts(request);
  photos.set(request, photo);
  (request as { body: unknown }).body = {
    sale: body,
    photoSha256: photo ? createHash('sha256').update(photo).digest('hex') : null,
  };
}

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
      preHandler: [requireClient, readMultipartReport, idempotencyRequired],
      schema: {
        tags,
        summary:
          'Reports a sale (JSON, or multipart: field `sale` as JSON and file `photo`; Idempotency-Key required)',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: sale, ...errors },
      },
    },
    async (request, reply) => {
      const multipart = photos.has(request);
      const body = multipart ? (request.body as { sale: unknown }).sale : request.body;
      const result = await sales.report(actor(request), body, photos.get(request) ?? null);
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
