import type { FileGroup } from '@trilha/contracts/learning';
import { fileGroupOfUpload, fileGroups } from '@trilha/domain/file-groups';
import type { ScormInfo } from '../../db/schema/learning';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import {
  DEFAULT_PACKAGE_LIMITS,
  sniffUpload,
  uploadRefused,
  type ImportSlots,
  type PackageLimits,
  type StoredUpload,
  type UploadKind,
} from '../../lib/uploads';
import { pdfPageCount } from './completion';
import { importScormPackage, packageAppError } from './scorm/scorm-import';
import { extractScormPackage, listPackageFiles } from './scorm/scorm-manifest';
import { ScormPackageError } from './scorm/scorm-package-error';
import { storageZipSource } from './scorm/zip-reader';

export interface StoredContent {
  contentPath: string;
  fileName: string;
  fileMime: string;
  fileSize: number;
  fileGroup: FileGroup | null;
  scorm: ScormInfo | null;
  /** Settings learned from the file (PDF page count). */
  settings: Record<string, unknown>;
}

// Every file group of the library is an upload kind of its own.
const libraryKinds: UploadKind[] = [...fileGroups];

/** A file name safe to keep as the last part of a storage key and a download name. */
export function safeFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base || 'arquivo'}.${ext}`;
}

function isHtml(head: Buffer): boolean {
  const text = head
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return text.startsWith('<!doctype html') || text.startsWith('<html');
}

/** A PDF's page count is read from its bytes; past this size only its first and last parts are read. */
const PDF_WHOLE_READ_BYTES = 16 * 1024 * 1024;
const PDF_TAIL_BYTES = 4 * 1024 * 1024;

async function storedPdfPageCount(storage: Storage, key: string, size: number): Promise<number | null> {
  if (size <= PDF_WHOLE_READ_BYTES) return pdfPageCount(await storage.get(key));
  const head = await storage.readRange(key, 0, PDF_WHOLE_READ_BYTES - PDF_TAIL_BYTES);
  const tail = await storage.readRange(key, size - PDF_TAIL_BYTES, PDF_TAIL_BYTES);
  return pdfPageCount(Buffer.concat([head, tail]));
}

/**
 * Extracts a zip of a folder (HTML lesson, HLS stream) from storage into `prefix`, streaming each file,
 * and answers the file to open in it. A zip made of one folder opens from inside it.
 */
async function storeFolder(
  storage: Storage,
  upload: StoredUpload,
  prefix: string,
  entry: (paths: string[]) => string | undefined,
  limits: PackageLimits,
): Promise<{ path: string; count: number }> {
  try {
    const source = await storageZipSource(storage, upload.key);
    const files = await listPackageFiles(source, limits);
    const tops = new Set(files.map((f) => f.split('/')[0]));
    const strip = tops.size === 1 && files.every((f) => f.includes('/')) ? `${[...tops][0]}/` : '';
    const open = entry(files.map((f) => f.slice(strip.length)));
    if (!open) throw new AppError('LEARNING_FILE_KIND_MISMATCH', 400);
    const written = await extractScormPackage(source, strip, limits, async (path, data) => {
      await storage.putStream(`${prefix}/${path}`, data);
    });
    return { path: open, count: written.length };
  } catch (error) {
    if (error instanceof ScormPackageError) throw packageAppError(error, limits, 'folder');
    throw error;
  }
}

export interface StoreOptions {
  limits?: PackageLimits;
  /** Package imports wait for (or are refused by) these slots; none when omitted (seed, tests). */
  slots?: ImportSlots;
}

/**
 * Checks an upload already streamed into storage (`upload.key`, size limit enforced on the way) for an
 * activity kind by its content, and stores it under `prefix`: the file itself (moved, not copied), an
 * extracted SCORM package, an HTML folder or an HLS stream. Packages are unpacked by streaming, within
 * `limits`, one import slot at a time.
 */
export async function storeActivityFile(
  storage: Storage,
  kind: string,
  upload: StoredUpload,
  originalName: string | undefined,
  prefix: string,
  options: StoreOptions = {},
): Promise<StoredContent> {
  const limits = options.limits ?? DEFAULT_PACKAGE_LIMITS;
  const inSlot = <T>(job: () => Promise<T>) => (options.slots ? options.slots.run(job) : job());
  const single = async (accept: UploadKind[], group: FileGroup | null) => {
    const checked = await sniffUpload(upload.head, accept);
    const fileName = safeFileName(originalName, checked.ext);
    await storage.move(upload.key, `${prefix}/${fileName}`);
    return {
      contentPath: fileName,
      fileName,
      fileMime: checked.mime,
      fileSize: upload.size,
      fileGroup: group ?? fileGroupOfUpload(checked.mime, originalName ?? fileName),
      scorm: null,
      settings: {},
    } satisfies StoredContent;
  };
  const zipOf = async (notZip: () => AppError) => {
    await sniffUpload(upload.head, ['zip']).catch(() => {
      throw notZip();
    });
  };
  switch (kind) {
    case 'pdf': {
      const stored = await single(['pdf'], 'pdf');
      const pages = await storedPdfPageCount(storage, `${prefix}/${stored.fileName}`, upload.size);
      return { ...stored, settings: pages ? { pageCount: pages } : {} };
    }
    case 'video':
      return single(['video'], 'video');
    case 'audio':
      return single(['audio'], 'audio');
    case 'flash':
      return single(['flash'], null);
    case 'ppt':
      return single(['powerpoint'], 'powerpoint');
    case 'file':
      return single(libraryKinds, null);
    case 'scorm': {
      await zipOf(() => new AppError('LEARNING_SCORM_NOT_A_ZIP', 400));
      const scorm = await inSlot(async () =>
        importScormPackage(storage, await storageZipSource(storage, upload.key), prefix, limits),
      );
      return {
        contentPath: scorm.launchHref,
        fileName: safeFileName(originalName, 'zip'),
        fileMime: 'application/zip',
        fileSize: upload.size,
        fileGroup: null,
        scorm,
        settings: {},
      };
    }
    case 'html': {
      if (isHtml(upload.head)) {
        await storage.move(upload.key, `${prefix}/index.html`);
        return {
          contentPath: 'index.html',
          fileName: 'index.html',
          fileMime: 'text/html',
          fileSize: upload.size,
          fileGroup: null,
          scorm: null,
          settings: {},
        };
      }
      await zipOf(() => uploadRefused('UPLOAD_TYPE_NOT_ACCEPTED', 415));
      const { path } = await inSlot(() =>
        storeFolder(
          storage,
          upload,
          prefix,
          (paths) =>
            paths.find((p) => p.toLowerCase() === 'index.html') ??
            paths.find((p) => !p.includes('/') && /\.html?$/i.test(p)),
          limits,
        ),
      );
      return {
        contentPath: path,
        fileName: safeFileName(originalName, 'zip'),
        fileMime: 'application/zip',
        fileSize: upload.size,
        fileGroup: null,
        scorm: null,
        settings: {},
      };
    }
    case 'wowza': {
      await zipOf(() => uploadRefused('UPLOAD_TYPE_NOT_ACCEPTED', 415));
      const { path } = await inSlot(() =>
        storeFolder(
          storage,
          upload,
          prefix,
          (paths) => paths.find((p) => !p.includes('/') && p.toLowerCase().endsWith('.m3u8')),
          limits,
        ),
      );
      return {
        contentPath: path,
        fileName: safeFileName(originalName, 'zip'),
        fileMime: 'application/vnd.apple.mpegurl',
        fileSize: upload.size,
        fileGroup: null,
        scorm: null,
        settings: {},
      };
    }
    default:
      throw new AppError('LEARNING_FILE_KIND_MISMATCH', 400);
  }
}

/** YouTube video id from an id or a watch / youtu.be / embed / shorts URL. */
export function youtubeId(input: string): string | null {
  const v = input.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(v)) return v;
  try {
    const url = new URL(v);
    const host = url.hostname.replace(/^www\.|^m\./, '');
    if (host === 'youtu.be') return youtubeId(url.pathname.slice(1));
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      const id = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1];
      return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
    }
  } catch {
    return null;
  }
  return null;
}

/** Vimeo video id from an id or a vimeo.com / player.vimeo.com URL. */
export function vimeoId(input: string): string | null {
  const v = input.trim();
  if (/^\d{6,12}$/.test(v)) return v;
  try {
    const url = new URL(v);
    if (!/(^|\.)vimeo\.com$/.test(url.hostname)) return null;
    return url.pathname.match(/(?:^|\/)(\d{6,12})(?:\/|$)/)?.[1] ?? null;
  } catch {
    return null;
  }
}

export function isHlsUrl(input: string): boolean {
  try {
    const url = new URL(input.trim());
    return url.protocol === 'https:' && /\.m3u8$/i.test(url.pathname);
  } catch {
    return false;
  }
}

/** A SlideShare embed URL (the embed form is kept; a presentation page URL is accepted as given). */
export function slideshareUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if (url.protocol !== 'https:' || !/(^|\.)slideshare\.net$/.test(url.hostname)) return null;
    return url.toString();
  } catch {
    return null;
  }
}
