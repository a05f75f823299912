import type { MultipartFields, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AppError } from './errors';
import { readImage, sourceFailure, tooLarge } from './uploads';

/**
 * Reading a multipart upload and re-encoding a picture, the one way the routes that take a file do it
 * (avatars, login logos and backgrounds, course and trail covers, activity files). Each route keeps its
 * own answers for a missing file or one past its limit.
 */

export interface FilePartRefusals {
  /** No file part in the request. */
  missing: () => AppError;
  /** Reading the bytes failed; by default too large past the limit, else an interrupted request. */
  failed?: (error: unknown) => AppError;
  /** The file passed the limit; by default UPLOAD_TOO_LARGE. */
  tooLarge?: () => AppError;
}

/** The request's file part; its bytes are still to be read, as a stream. */
export async function filePart(
  request: FastifyRequest,
  maxBytes: number,
  missing: () => AppError,
): Promise<MultipartFile> {
  // One byte over the limit reaches the reader, which refuses it with the limit in the answer.
  const part = await request.file({ limits: { fileSize: maxBytes + 1 } }).catch(() => undefined);
  if (!part) throw missing();
  return part;
}

/** A small upload (a picture) read into memory, refused as soon as it passes `maxBytes`; with its fields. */
export async function readSmallUpload(
  request: FastifyRequest,
  maxBytes: number,
  refusals: FilePartRefusals,
): Promise<{ data: Buffer; fields: MultipartFields }> {
  const part = await filePart(request, maxBytes, refusals.missing);
  const refuseSize = refusals.tooLarge ?? (() => tooLarge(maxBytes));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) break;
      chunks.push(chunk);
    }
  } catch (error) {
    throw refusals.failed ? refusals.failed(error) : sourceFailure(error, maxBytes);
  }
  if (size > maxBytes || part.file.truncated) {
    part.file.destroy();
    throw refuseSize();
  }
  return { data: Buffer.concat(chunks), fields: part.fields };
}

/** A square or rectangle of a picture, in the upright picture's pixels. */
export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WebpRendering {
  width: number;
  height: number;
  /** `cover` crops to fill the box; `inside` fits in it. */
  fit: 'cover' | 'inside';
  position?: 'centre' | 'attention';
  withoutEnlargement?: boolean;
  quality: number;
  /** Cut out first (clamped to the picture). */
  crop?: CropBox;
}

/**
 * An uploaded picture as stored: opened by `readImage` (its pixel limit, a corrupt file refused), turned
 * upright, cropped when asked, resized and encoded as WebP without its metadata (no GPS or camera data of
 * the original survives). Throws sharp's error: callers answer with their own refusal.
 */
export async function renderWebp(input: Buffer, rendering: WebpRendering): Promise<Buffer> {
  let image = readImage(input).rotate();
  const { crop } = rendering;
  if (crop) {
    const meta = await readImage(await image.toBuffer()).metadata();
    const W = meta.width ?? 0;
    const H = meta.height ?? 0;
    const left = Math.max(0, Math.min(W - 1, Math.round(crop.x)));
    const top = Math.max(0, Math.min(H - 1, Math.round(crop.y)));
    const width = Math.max(1, Math.min(W - left, Math.round(crop.width)));
    const height = Math.max(1, Math.min(H - top, Math.round(crop.height)));
    image = readImage(await image.toBuffer()).extract({ left, top, width, height });
  }
  return image
    .resize(rendering.width, rendering.height, {
      fit: rendering.fit,
      ...(rendering.position ? { position: rendering.position } : {}),
      ...(rendering.withoutEnlargement ? { withoutEnlargement: true } : {}),
    })
    .webp({ quality: rendering.quality })
    .toBuffer();
}
