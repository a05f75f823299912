import { createHash } from 'node:crypto';
import type { MultipartFields, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
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

/** A photo as kept: a WebP within its side limit, without metadata, and the original's hash. */
export interface PreparedPhoto {
  webp: Buffer;
  /** SHA-256 (hex) of the bytes the user sent. */
  sha256: string;
  width: number;
  height: number;
}

/** A photo upload's bounds and the refusals its area answers with. */
export interface PhotoBounds {
  maxBytes: number;
  maxPixels: number;
  /** The longest side kept, in pixels. */
  side: number;
  /** A refusal of what is not a readable PNG, JPEG or WebP (`problem`: empty, type or unreadable). */
  invalid: (problem: 'empty' | 'type' | 'unreadable') => Error;
  /** A refusal of what passes the byte or pixel limit. */
  tooLarge: () => Error;
}

const PHOTO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * A photo judged by its content (PNG, JPEG or WebP by the magic bytes, decoded by sharp within the byte and
 * pixel limits), then turned upright, bounded to `side` pixels and re-encoded as WebP with no EXIF or GPS
 * data. The name and the declared type of the upload are never trusted. The invoice photos of sales and
 * the store photos of the loyalty program go through it.
 */
export async function preparePhotoUpload(data: Buffer, bounds: PhotoBounds): Promise<PreparedPhoto> {
  if (data.length === 0) throw bounds.invalid('empty');
  if (data.length > bounds.maxBytes) throw bounds.tooLarge();
  const type = await fileTypeFromBuffer(data);
  if (!type || !PHOTO_TYPES.has(type.mime)) throw bounds.invalid('type');
  let width: number;
  let height: number;
  try {
    const meta = await sharp(data, { failOn: 'error', limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw bounds.invalid('unreadable');
  }
  if (width < 1 || height < 1) throw bounds.invalid('unreadable');
  if (width * height > bounds.maxPixels) throw bounds.tooLarge();
  let webp: Buffer;
  try {
    webp = await renderWebp(data, {
      width: bounds.side,
      height: bounds.side,
      fit: 'inside',
      withoutEnlargement: true,
      quality: 82,
    });
  } catch {
    throw bounds.invalid('unreadable');
  }
  const out = await sharp(webp).metadata();
  return {
    webp,
    sha256: createHash('sha256').update(data).digest('hex'),
    width: out.width ?? 0,
    height: out.height ?? 0,
  };
}
