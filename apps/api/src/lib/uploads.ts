import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors';

/** Groups of accepted content, decided by the bytes of the file, never by its name. */
export const uploadKinds = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  pdf: ['application/pdf'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  audio: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/wav', 'audio/x-wav', 'audio/webm'],
  zip: ['application/zip'],
  compressed: [
    'application/zip',
    'application/x-7z-compressed',
    'application/x-rar-compressed',
    'application/gzip',
  ],
  excel: [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/x-cfb',
    'application/zip',
  ],
  document: [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/x-cfb',
    'application/zip',
    'application/rtf',
  ],
  powerpoint: [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/x-cfb',
    'application/zip',
  ],
  flash: ['application/x-shockwave-flash'],
} as const;
export type UploadKind = keyof typeof uploadKinds;

export interface CheckedUpload {
  mime: string;
  ext: string;
  size: number;
  sha256: string;
}

/**
 * Checks an upload by its content: the sniffed type must be one of the accepted kinds and the size
 * within the limit. Answers VALIDATION_FAILED with details the web shows next to the field.
 */
export async function checkUpload(
  data: Buffer,
  accept: readonly UploadKind[],
  maxBytes: number,
  field = 'file',
): Promise<CheckedUpload> {
  if (data.length === 0) {
    throw new AppError('VALIDATION_FAILED', 400, { details: [{ path: field, issue: 'empty_file' }] });
  }
  if (data.length > maxBytes) {
    throw new AppError('VALIDATION_FAILED', 400, {
      details: [{ path: field, issue: 'file_too_large', maxBytes }],
    });
  }
  const type = await fileTypeFromBuffer(data);
  const allowed = new Set<string>(accept.flatMap((k) => uploadKinds[k]));
  if (!type || !allowed.has(type.mime)) {
    throw new AppError('VALIDATION_FAILED', 400, {
      details: [{ path: field, issue: 'file_type_not_allowed', detected: type?.mime ?? 'unknown' }],
    });
  }
  return {
    mime: type.mime,
    ext: type.ext,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}
