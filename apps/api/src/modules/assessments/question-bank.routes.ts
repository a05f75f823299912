import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import {
  IMPORT_MAX_BYTES,
  questionExportQuery,
  questionImportFields,
  questionImportResponse,
  type QuestionImportBody,
} from '@trilha/contracts/assessments/import';
import {
  questionBody,
  questionCategoryBody,
  questionCategoryList,
  questionCategoryResponse,
  questionImageResponse,
  questionList,
  questionListQuery,
  questionParams,
  questionResponse,
} from '@trilha/contracts/assessments/questions';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { validationFailed } from '../../lib/field-errors';
import { readSmallUpload } from '../../lib/image-upload';
import { mediaCache } from '../media/media';
import {
  QUESTION_IMAGE_MAX_BYTES,
  questionImageKey,
  type QuestionBankService,
} from './question-bank.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const importErrors = { ...errors, 413: errorBody, 415: errorBody };
const tags = ['admin: question bank'];
const base = '/api/admin/question-bank';

const fileRequired = () =>
  new AppError('UPLOAD_EMPTY', 400, { details: [{ path: 'file', issue: 'empty_file' }] });

/** A multipart field's text value, if the field was sent as text. */
const fieldValue = (field: unknown) => {
  const value = (field as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' ? value : undefined;
};

/** The import's input, from a multipart file and its fields or from a JSON body. */
async function importInput(request: FastifyRequest): Promise<QuestionImportBody> {
  if (!request.isMultipart()) return (request.body ?? {}) as QuestionImportBody;
  const { data, fields } = await readSmallUpload(request, IMPORT_MAX_BYTES, { missing: fileRequired });
  const parsed = questionImportFields.safeParse({
    format: fieldValue(fields.format),
    categoryId: fieldValue(fields.categoryId) || null,
  });
  if (!parsed.success) throw validationFailed(parsed.error.issues);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AppError('ASSESSMENT_IMPORT_NOT_TEXT', 400, { details: [{ path: 'file', issue: 'not_utf8' }] });
  }
  return { ...parsed.data, text };
}

/** The question bank's back office (`learning.author`): questions, categories, GIFT and Aiken files. */
export function registerQuestionBankRoutes(app: App, deps: CoreDeps, bank: QuestionBankService) {
  const preHandler = deps.guards.requireCapability('learning.author');
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  // Behind an unguessable name, like badge artwork: learners will see it inside an attempt, and a
  // question's image is no secret once the question is shown.
  deps.media.add({
    name: 'question-images',
    summary: "A question's image (WebP)",
    guards: [],
    resolve: async (_request, token) => {
      const key = questionImageKey(token);
      return key ? { key, mime: 'image/webp', cacheControl: mediaCache.publicImmutable } : undefined;
    },
  });

  app.post(
    `${base}/images`,
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Uploads a question's image (PNG, JPEG, WebP or GIF, ≤ 5 MB); answers the URL for `media.url`",
        consumes: ['multipart/form-data'],
        response: { 200: questionImageResponse, ...importErrors },
      },
    },
    async (request) => {
      const { data } = await readSmallUpload(request, QUESTION_IMAGE_MAX_BYTES, { missing: fileRequired });
      return bank.uploadImage(request.tenant!.clientId, data);
    },
  );

  app.get(
    `${base}/questions`,
    {
      preHandler,
      schema: {
        tags,
        summary: "The client's questions, paged (search on the stem, filters by kind, category and tag)",
        querystring: questionListQuery,
        response: { 200: questionList, ...errors },
      },
    },
    async (request) => bank.list(request.tenant!.clientId, request.query),
  );

  app.post(
    `${base}/questions`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Creates a question',
        body: questionBody,
        response: { 200: questionResponse, ...errors },
      },
    },
    async (request) => ({ question: await bank.create(actor(request), request.body) }),
  );

  app.get(
    `${base}/questions/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'A question',
        params: questionParams,
        response: { 200: questionResponse, ...errors },
      },
    },
    async (request) => ({ question: await bank.get(request.tenant!.clientId, request.params.id) }),
  );

  app.put(
    `${base}/questions/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Edits a question (its kind may change)',
        params: questionParams,
        body: questionBody,
        response: { 200: questionResponse, ...errors },
      },
    },
    async (request) => ({ question: await bank.update(actor(request), request.params.id, request.body) }),
  );

  app.delete(
    `${base}/questions/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Deletes a question',
        params: questionParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await bank.remove(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    `${base}/categories`,
    {
      preHandler,
      schema: {
        tags,
        summary: "The client's question categories, with how many questions each holds",
        response: { 200: questionCategoryList, ...errors },
      },
    },
    async (request) => ({ categories: await bank.categories(request.tenant!.clientId) }),
  );

  app.post(
    `${base}/categories`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Creates a category (ASSESSMENT_CATEGORY_NAME_TAKEN for a name the client has)',
        body: questionCategoryBody,
        response: { 200: questionCategoryResponse, ...errors },
      },
    },
    async (request) => ({ category: await bank.createCategory(actor(request), request.body) }),
  );

  app.get(
    `${base}/categories/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'A category',
        params: questionParams,
        response: { 200: questionCategoryResponse, ...errors },
      },
    },
    async (request) => ({ category: await bank.category(request.tenant!.clientId, request.params.id) }),
  );

  app.put(
    `${base}/categories/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Renames a category',
        params: questionParams,
        body: questionCategoryBody,
        response: { 200: questionCategoryResponse, ...errors },
      },
    },
    async (request) => ({
      category: await bank.renameCategory(actor(request), request.params.id, request.body),
    }),
  );

  app.delete(
    `${base}/categories/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Deletes an empty category (ASSESSMENT_CATEGORY_NOT_EMPTY otherwise)',
        params: questionParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await bank.removeCategory(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    `${base}/import`,
    {
      preHandler,
      // The JSON form carries up to 1 MiB of text, which escaping can grow; the text's own limit is
      // checked in bytes by the service (413 UPLOAD_TOO_LARGE).
      bodyLimit: 3 * IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Imports a GIFT or Aiken file (multipart: format, categoryId, then file; or JSON { format, text, categoryId }), at most 1 MiB',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: questionImportResponse, ...importErrors },
      },
    },
    async (request) => bank.importFile(actor(request), await importInput(request)),
  );

  app.get(
    `${base}/export`,
    {
      preHandler,
      schema: {
        tags,
        summary:
          'The questions (of a category, or all) as a GIFT or Aiken file; X-Skipped-Questions counts those the format cannot hold',
        querystring: questionExportQuery,
        response: { 200: z.string(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const file = await bank.exportFile(request.tenant!.clientId, request.query);
      const ext = request.query.format === 'gift' ? 'gift.txt' : 'aiken.txt';
      reply.header('Content-Disposition', `attachment; filename="questions.${ext}"`);
      reply.header('X-Skipped-Questions', String(file.skipped));
      reply.type('text/plain; charset=utf-8');
      return file.text;
    },
  );
}
