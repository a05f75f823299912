import type { FileGroup } from '@trilha/contracts/learning';
import type { ScormInfo } from '../../db/schema/learning';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { checkUpload, type UploadKind } from '../../lib/uploads';
import { pdfPageCount } from './completion';
import { importScormPackage } from './scorm/scorm-import';
import { extractScormFiles } from './scorm/scorm-manifest';
import { ScormPackageError } from './scorm/scorm-package-error';

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

const libraryKinds: UploadKind[] = [
  'video',
  'audio',
  'pdf',
  'image',
  'compressed',
  'excel',
  'document',
  'powerpoint',
];

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

/** The extension group of spec section 3 for a file, by its sniffed type (and its name for OLE files). */
export function fileGroupOf(mime: string, fileName: string): FileGroup {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  if (mime.includes('spreadsheetml')) return 'excel';
  if (mime.includes('wordprocessingml') || mime === 'application/rtf') return 'document';
  if (mime.includes('presentationml')) return 'powerpoint';
  if (mime === 'application/x-cfb') {
    if (ext === 'xls') return 'excel';
    if (ext === 'ppt' || ext === 'pps') return 'powerpoint';
    return 'document';
  }
  return 'compressed';
}

function isHtml(data: Buffer): boolean {
  const head = data
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

/** Extracts a zip of a folder (HTML lesson, HLS stream) and finds the file to open in it. */
async function storeFolder(
  storage: Storage,
  data: Buffer,
  prefix: string,
  entry: (paths: string[]) => string | undefined,
  maxBytes: number,
): Promise<{ path: string; count: number }> {
  let files;
  try {
    files = extractScormFiles(data, '', { maxTotalBytes: maxBytes });
  } catch (error) {
    if (error instanceof ScormPackageError)
      throw new AppError('LEARNING_FILE_KIND_MISMATCH', 400, { details: { reason: error.message } });
    throw error;
  }
  // A zip made of one folder opens from inside it.
  const tops = new Set(files.map((f) => f.path.split('/')[0]));
  const strip = tops.size === 1 && files.every((f) => f.path.includes('/')) ? `${[...tops][0]}/` : '';
  const paths = files.map((f) => f.path.slice(strip.length));
  const open = entry(paths);
  if (!open) throw new AppError('LEARNING_FILE_KIND_MISMATCH', 400);
  for (const file of files) await storage.put(`${prefix}/${file.path.slice(strip.length)}`, file.bytes);
  return { path: open, count: files.length };
}

/**
 * Checks an upload for an activity kind by its content and size, and stores it under `prefix`: one file,
 * an extracted SCORM package, an HTML folder or an HLS stream.
 */
export async function storeActivityFile(
  storage: Storage,
  kind: string,
  data: Buffer,
  originalName: string | undefined,
  prefix: string,
  maxBytes: number,
): Promise<StoredContent> {
  const single = async (accept: UploadKind[], group: FileGroup | null) => {
    const checked = await checkUpload(data, accept, maxBytes);
    const fileName = safeFileName(originalName, checked.ext);
    await storage.put(`${prefix}/${fileName}`, data);
    return {
      contentPath: fileName,
      fileName,
      fileMime: checked.mime,
      fileSize: checked.size,
      fileGroup: group ?? fileGroupOf(checked.mime, originalName ?? fileName),
      scorm: null,
      settings: {},
    } satisfies StoredContent;
  };
  switch (kind) {
    case 'pdf': {
      const stored = await single(['pdf'], 'pdf');
      const pages = pdfPageCount(data);
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
      await checkUpload(data, ['zip'], maxBytes).catch(() => {
        throw new AppError('LEARNING_SCORM_NOT_A_ZIP', 400);
      });
      const scorm = await importScormPackage(storage, data, prefix, { maxTotalBytes: maxBytes * 4 });
      return {
        contentPath: scorm.launchHref,
        fileName: safeFileName(originalName, 'zip'),
        fileMime: 'application/zip',
        fileSize: data.length,
        fileGroup: null,
        scorm,
        settings: {},
      };
    }
    case 'html': {
      if (isHtml(data)) {
        if (data.length > maxBytes)
          throw new AppError('VALIDATION_FAILED', 400, {
            details: [{ path: 'file', issue: 'file_too_large' }],
          });
        await storage.put(`${prefix}/index.html`, data);
        return {
          contentPath: 'index.html',
          fileName: 'index.html',
          fileMime: 'text/html',
          fileSize: data.length,
          fileGroup: null,
          scorm: null,
          settings: {},
        };
      }
      await checkUpload(data, ['zip'], maxBytes).catch(() => {
        throw new AppError('LEARNING_FILE_KIND_MISMATCH', 400);
      });
      const { path } = await storeFolder(
        storage,
        data,
        prefix,
        (paths) =>
          paths.find((p) => p.toLowerCase() === 'index.html') ??
          paths.find((p) => !p.includes('/') && /\.html?$/i.test(p)),
        maxBytes * 4,
      );
      return {
        contentPath: path,
        fileName: safeFileName(originalName, 'zip'),
        fileMime: 'application/zip',
        fileSize: data.length,
        fileGroup: null,
        scorm: null,
        settings: {},
      };
    }
    case 'wowza': {
      await checkUpload(data, ['zip'], maxBytes).catch(() => {
        throw new AppError('LEARNING_FILE_KIND_MISMATCH', 400);
      });
      const { path } = await storeFolder(
        storage,
        data,
        prefix,
        (paths) => paths.find((p) => !p.includes('/') && p.toLowerCase().endsWith('.m3u8')),
        maxBytes * 4,
      );
      return {
        contentPath: path,
        fileName: safeFileName(originalName, 'zip'),
        fileMime: 'application/vnd.apple.mpegurl',
        fileSize: data.length,
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
