import {
  EXPORT_MAX_QUESTIONS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_QUESTIONS,
  questionImportBody,
  type ImportRefusal,
  type QuestionExportQuery,
  type QuestionImportBody,
  type QuestionImportResponse,
} from '@trilha/contracts/assessments/import';
import {
  questionBody,
  questionCategoryBody,
  type Question,
  type QuestionBody,
  type QuestionCategory,
  type QuestionCategoryBody,
  type QuestionList,
  type QuestionListQuery,
  type QuestionValues,
} from '@trilha/contracts/assessments/questions';
import { errorCodes } from '@trilha/contracts/errors';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import { fieldError, validationFailed } from '../../lib/field-errors';
import { renderWebp } from '../../lib/image-upload';
import type { Storage } from '../../lib/storage';
import { imageRefusal, sniffUpload, tooLarge, uploadRefused } from '../../lib/uploads';
import { audit } from '../audit/audit';
import { parseAiken, writeAiken } from './aiken';
import { parseGift, writeGift } from './gift';
import {
  createQuestionBankRepo,
  type QuestionBankRepo,
  type QuestionRow,
  type QuestionValues as RowValues,
} from './question-bank.repo';

export interface Actor {
  userId: number;
  clientId: number;
}

const known = new Set<string>(errorCodes);

/** Largest image upload for a question; it is stored as a WebP of at most 1600 px on its longer side. */
export const QUESTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const IMAGE_TOKEN = /^(\d{1,10})-([0-9a-f]{24})$/;

/** The storage key behind a question image's token; undefined for a malformed one. */
export function questionImageKey(token: string): string | undefined {
  const m = IMAGE_TOKEN.exec(token);
  return m ? `question-images/c${m[1]}/${m[2]}.webp` : undefined;
}
const COMMON = new Set([
  'categoryId',
  'title',
  'stem',
  'generalFeedback',
  'points',
  'tags',
  'media',
  'translations',
  'kind',
]);

/** A checked body as a row: the common fields as columns, what the kind needs as `body`. */
function rowValuesOf(v: QuestionValues): RowValues {
  const body = Object.fromEntries(Object.entries(v).filter(([key]) => !COMMON.has(key)));
  return {
    categoryId: v.categoryId,
    kind: v.kind,
    title: v.title,
    stem: v.stem,
    generalFeedback: v.generalFeedback,
    points: v.points,
    tags: v.tags,
    body,
    media: v.media,
    translations: v.translations,
  };
}

function questionOf(row: QuestionRow): Question {
  return {
    ...(row.body as object),
    id: row.id,
    kind: row.kind,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    title: row.title,
    stem: row.stem,
    generalFeedback: row.generalFeedback,
    points: row.points,
    tags: row.tags,
    media: (row.media as Question['media']) ?? null,
    translations: (row.translations as Record<string, unknown> | null) ?? {},
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as Question;
}

function parseQuestion(input: QuestionBody): QuestionValues {
  const parsed = questionBody.safeParse(input);
  if (!parsed.success) throw validationFailed(parsed.error.issues);
  return parsed.data;
}

/** The code a refused import question is reported with: its first known one. */
function reasonOf(issues: readonly { message: string }[]): string {
  return issues.find((i) => known.has(i.message))?.message ?? 'ASSESSMENT_IMPORT_INVALID_QUESTION';
}

/**
 * The question bank (docs/assessments.md): a client's questions and categories, edited by whoever authors
 * learning content, and GIFT and Aiken files read into it and written from it. Every write runs in one
 * unit of work with its audit row.
 */
export function createQuestionBankService(deps: { db: Db; storage: Storage }) {
  const { db } = deps;

  async function checkCategory(repo: QuestionBankRepo, categoryId: number | null) {
    if (categoryId !== null && !(await repo.findCategory(categoryId))) {
      throw fieldError('categoryId', 'ASSESSMENT_CATEGORY_NOT_FOUND');
    }
  }

  async function list(clientId: number, query: QuestionListQuery): Promise<QuestionList> {
    const { page, pageSize, ...filter } = query;
    const { rows, total } = await createQuestionBankRepo(db, clientId).page(filter, page, pageSize);
    return { questions: rows.map(questionOf), total, page, pageSize };
  }

  async function get(clientId: number, id: number): Promise<Question> {
    return questionOf(await createQuestionBankRepo(db, clientId).findOr404(id));
  }

  async function create(actor: Actor, input: QuestionBody): Promise<Question> {
    const values = parseQuestion(input);
    const id = await unitOfWork(db).run(async (tx) => {
      const repo = createQuestionBankRepo(tx, actor.clientId);
      await checkCategory(repo, values.categoryId);
      const created = await repo.create(rowValuesOf(values), actor.userId);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'question.create',
        target: { type: 'question', id: created },
        after: values,
      });
      return created;
    });
    return get(actor.clientId, id);
  }

  async function update(actor: Actor, id: number, input: QuestionBody): Promise<Question> {
    const values = parseQuestion(input);
    await unitOfWork(db).run(async (tx) => {
      const repo = createQuestionBankRepo(tx, actor.clientId);
      const before = await repo.findOr404(id);
      await checkCategory(repo, values.categoryId);
      await repo.update(id, rowValuesOf(values));
      const { createdAt: _c, updatedAt: _u, id: _i, categoryName: _n, ...was } = questionOf(before);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'question.update',
        target: { type: 'question', id },
        before: was,
        after: values,
      });
    });
    return get(actor.clientId, id);
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    await unitOfWork(db).run(async (tx) => {
      const repo = createQuestionBankRepo(tx, actor.clientId);
      const before = await repo.findOr404(id);
      await repo.remove(id);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'question.delete',
        target: { type: 'question', id },
        before: { kind: before.kind, title: before.title, stem: before.stem, categoryId: before.categoryId },
      });
    });
  }

  async function categories(clientId: number): Promise<QuestionCategory[]> {
    return (await createQuestionBankRepo(db, clientId).categories()).map((c) => ({
      id: c.id,
      name: c.name,
      questions: c.questions,
    }));
  }

  async function category(clientId: number, id: number): Promise<QuestionCategory> {
    const repo = createQuestionBankRepo(db, clientId);
    const row = await repo.findCategoryOr404(id);
    return { id: row.id, name: row.name, questions: await repo.categoryQuestions(id) };
  }

  const nameTaken = () => fieldError('name', 'ASSESSMENT_CATEGORY_NAME_TAKEN', 409);

  async function createCategory(actor: Actor, input: QuestionCategoryBody): Promise<QuestionCategory> {
    const { name } = questionCategoryBody.parse(input);
    const id = await unitOfWork(db).run(async (tx) => {
      const row = await createQuestionBankRepo(tx, actor.clientId).createCategory(name);
      if (!row) throw nameTaken();
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'question_category.create',
        target: { type: 'question_category', id: row.id },
        after: { name },
      });
      return row.id;
    });
    return category(actor.clientId, id);
  }

  async function renameCategory(actor: Actor, id: number, input: QuestionCategoryBody) {
    const { name } = questionCategoryBody.parse(input);
    await unitOfWork(db).run(async (tx) => {
      const repo = createQuestionBankRepo(tx, actor.clientId);
      const before = await repo.findCategoryOr404(id);
      if (!(await repo.renameCategory(id, name))) throw nameTaken();
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'question_category.update',
        target: { type: 'question_category', id },
        before: { name: before.name },
        after: { name },
      });
    });
    return category(actor.clientId, id);
  }

  /** A category that still has questions is kept (409): its questions would lose their place silently. */
  async function removeCategory(actor: Actor, id: number): Promise<void> {
    await unitOfWork(db).run(async (tx) => {
      const repo = createQuestionBankRepo(tx, actor.clientId);
      const before = await repo.findCategoryOr404(id);
      if ((await repo.categoryQuestions(id)) > 0) throw new AppError('ASSESSMENT_CATEGORY_NOT_EMPTY', 409);
      await repo.removeCategory(id);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'question_category.delete',
        target: { type: 'question_category', id },
        before: { name: before.name },
      });
    });
  }

  /**
   * Reads a GIFT or Aiken file into the bank: every question that passes the same checks as the editor is
   * written, the others are reported with their line and reason, so one bad question never sinks the rest.
   */
  async function importFile(actor: Actor, input: QuestionImportBody): Promise<QuestionImportResponse> {
    const checked = questionImportBody.safeParse(input);
    if (!checked.success) throw validationFailed(checked.error.issues);
    const { format, text, categoryId } = checked.data;
    if (Buffer.byteLength(text, 'utf8') > IMPORT_MAX_BYTES) throw tooLarge(IMPORT_MAX_BYTES);
    if (text.trim() === '') throw new AppError('ASSESSMENT_IMPORT_EMPTY', 400);
    const parsed = format === 'gift' ? parseGift(text) : parseAiken(text);
    if (parsed.questions.length + parsed.refused.length === 0) {
      throw new AppError('ASSESSMENT_IMPORT_EMPTY', 400);
    }
    // Refused items count too: a file of a million broken lines would otherwise answer a million refusals.
    if (parsed.questions.length + parsed.refused.length > IMPORT_MAX_QUESTIONS) {
      throw new AppError('ASSESSMENT_IMPORT_TOO_MANY_QUESTIONS', 400, {
        params: { max: IMPORT_MAX_QUESTIONS },
      });
    }
    const refused: ImportRefusal[] = [...parsed.refused];
    const accepted: { values: QuestionValues; category: string | null }[] = [];
    for (const q of parsed.questions) {
      const checked = questionBody.safeParse({ ...q.body, categoryId: null });
      if (checked.success) accepted.push({ values: checked.data, category: q.category });
      else refused.push({ line: q.line, reason: reasonOf(checked.error.issues), excerpt: q.excerpt });
    }
    refused.sort((x, y) => x.line - y.line);

    await unitOfWork(db).run(async (tx) => {
      const repo = createQuestionBankRepo(tx, actor.clientId);
      if (categoryId !== null) await checkCategory(repo, categoryId);
      // Without a chosen category, GIFT's $CATEGORY names one of the client's, made on first use.
      const named = new Map<string, number>();
      for (const name of new Set(accepted.map((a) => a.category?.trim().slice(0, 100)))) {
        if (categoryId !== null || !name) continue;
        const found =
          (await repo.categoryByName(name)) ??
          (await repo.createCategory(name)) ??
          (await repo.categoryByName(name));
        if (found) named.set(name, found.id);
      }
      const rows = accepted.map(({ values, category: name }) =>
        rowValuesOf({
          ...values,
          categoryId: categoryId ?? named.get(name?.trim().slice(0, 100) ?? '') ?? null,
        }),
      );
      await repo.createMany(rows, actor.userId);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'question.import',
        target: { type: 'question', id: null },
        details: { format, categoryId, imported: rows.length, refused: refused.length },
      });
    });
    return { imported: accepted.length, refused };
  }

  /** The questions of a category (or all) as a file, and how many its format could not hold. */
  async function exportFile(clientId: number, query: QuestionExportQuery) {
    const repo = createQuestionBankRepo(db, clientId);
    if (query.categoryId !== undefined) await repo.findCategoryOr404(query.categoryId);
    const rows = await repo.forExport(query.categoryId, EXPORT_MAX_QUESTIONS + 1);
    if (rows.length > EXPORT_MAX_QUESTIONS) {
      throw new AppError('ASSESSMENT_EXPORT_TOO_LARGE', 400, { params: { max: EXPORT_MAX_QUESTIONS } });
    }
    const all = rows.map(questionOf);
    return query.format === 'gift' ? writeGift(all) : writeAiken(all);
  }

  /**
   * Stores an image for a question (PNG, JPEG, WebP or GIF by content) re-encoded as WebP without its
   * metadata, behind an unguessable address the question's `media.url` then names.
   */
  async function uploadImage(clientId: number, data: Buffer): Promise<{ url: string }> {
    if (data.length === 0) throw uploadRefused('UPLOAD_EMPTY', 400);
    if (data.length > QUESTION_IMAGE_MAX_BYTES) throw tooLarge(QUESTION_IMAGE_MAX_BYTES);
    const { mime } = await sniffUpload(data, ['image']);
    if (!IMAGE_MIMES.has(mime)) throw uploadRefused('UPLOAD_TYPE_NOT_ACCEPTED', 415);
    let webp: Buffer;
    try {
      webp = await renderWebp(data, {
        width: 1600,
        height: 1600,
        fit: 'inside',
        withoutEnlargement: true,
        quality: 85,
      });
    } catch (error) {
      throw imageRefusal(error);
    }
    const name = randomBytes(12).toString('hex');
    await deps.storage.put(`question-images/c${clientId}/${name}.webp`, webp);
    return { url: `/api/media/question-images/${clientId}-${name}` };
  }

  return {
    uploadImage,
    list,
    get,
    create,
    update,
    remove,
    categories,
    category,
    createCategory,
    renameCategory,
    removeCategory,
    importFile,
    exportFile,
  };
}
export type QuestionBankService = ReturnType<typeof createQuestionBankService>;
