import { z } from 'zod';
import { serialId, serialIdParam, text } from '../primitives';

/** Question files the bank reads and writes. */
export const questionFileFormat = z.enum(['gift', 'aiken']);
export type QuestionFileFormat = z.infer<typeof questionFileFormat>;

/** Largest file (or JSON `text`) an import reads, in bytes. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
/** Most questions one file may hold, refused ones included. */
export const IMPORT_MAX_QUESTIONS = 1_000;
/** Most questions one export writes. */
export const EXPORT_MAX_QUESTIONS = 5_000;

/**
 * POST /api/admin/question-bank/import as JSON. As multipart, the same `format` and `categoryId` are
 * form fields sent before the `file` part. Without a category, questions under a GIFT `$CATEGORY:` go to
 * the client's category of that name (created if missing), the others to none.
 */
export const questionImportBody = z.object({
  format: questionFileFormat,
  // Characters, not bytes: the byte limit is checked on the text (413 UPLOAD_TOO_LARGE).
  text: text().max(IMPORT_MAX_BYTES),
  categoryId: serialId().nullable().default(null),
});
export type QuestionImportBody = z.input<typeof questionImportBody>;

/** The multipart form's fields (text values). */
export const questionImportFields = z.object({
  format: questionFileFormat,
  categoryId: serialIdParam().nullable().default(null),
});

/** A question the import left out: the line it starts on, why (an error code) and its first characters. */
export const importRefusal = z.object({
  line: z.number().int(),
  reason: z.string(),
  excerpt: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusal>;

export const questionImportResponse = z.object({
  imported: z.number().int(),
  refused: z.array(importRefusal),
});
export type QuestionImportResponse = z.infer<typeof questionImportResponse>;

/** GET /api/admin/question-bank/export — a text/plain attachment; X-Skipped-Questions counts what the format cannot hold. */
export const questionExportQuery = z.object({
  format: questionFileFormat.default('gift'),
  categoryId: serialIdParam().optional(),
});
export type QuestionExportQuery = z.infer<typeof questionExportQuery>;
