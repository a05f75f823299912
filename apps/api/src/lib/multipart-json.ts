import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * A multipart form of one JSON field and at most one file (a sale report and its invoice photo, a store
 * photo and its image), read into memory ahead of the idempotency guard.
 */
export interface JsonWithFileForm {
  /** The field that carries the JSON (also named in the refusals of a malformed form). */
  field: string;
  /** The file part's name. */
  file: string;
  maxFileBytes: number;
  /** The JSON field's size limit, far above what its schema accepts. */
  maxFieldBytes: number;
  /** The area's refusal of a file past `maxFileBytes`. */
  fileTooLarge: () => AppError;
  /** Whether a plain JSON body (no file) is also accepted; otherwise anything but multipart is a 415. */
  jsonAllowed: boolean;
}

/**
 * The pre-handler that reads such a form and its file. It leaves as the request's body
 * `{ [field]: json, [file + 'Sha256']: hex | null }`, so the Idempotency-Key covers the file too: a key
 * sent again with another file is refused (422) rather than answered with the first request's answer.
 * `fileOf(request)` gives the file afterwards (undefined when the request was not multipart).
 */
export function multipartJsonWithFile(form: JsonWithFileForm) {
  const files = new WeakMap<FastifyRequest, Buffer | null>();
  const badForm = (reason: string) =>
    new AppError('BAD_REQUEST', 400, { details: { field: form.field, reason } });

  async function read(request: FastifyRequest): Promise<{ json: unknown; file: Buffer | null }> {
    let json: unknown = undefined;
    let file: Buffer | null = null;
    try {
      const parts = request.parts({
        limits: { fileSize: form.maxFileBytes, files: 1, fields: 4, fieldSize: form.maxFieldBytes },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== form.file) throw badForm('unexpected_file');
          const chunks: Buffer[] = [];
          for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
          if (part.file.truncated) throw form.fileTooLarge();
          file = Buffer.concat(chunks);
        } else if (part.fieldname === form.field) {
          if (part.valueTruncated) throw badForm('too_long');
          try {
            json = JSON.parse(String(part.value));
          } catch {
            throw badForm('not_json');
          }
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw form.fileTooLarge();
      throw badForm('malformed');
    }
    if (json === undefined) throw badForm('missing');
    return { json, file };
  }

  return {
    async preHandler(request: FastifyRequest) {
      if (!request.isMultipart()) {
        if (form.jsonAllowed) return;
        throw new AppError('UNSUPPORTED_CONTENT_TYPE', 415);
      }
      const { json, file } = await read(request);
      files.set(request, file);
      (request as { body: unknown }).body = {
        [form.field]: json,
        [`${form.file}Sha256`]: file ? createHash('sha256').update(file).digest('hex') : null,
      };
    },
    fileOf: (request: FastifyRequest): Buffer | null | undefined => files.get(request),
  };
}
