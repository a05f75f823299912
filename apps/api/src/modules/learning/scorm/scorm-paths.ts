import { ScormPackageError } from './scorm-package-error';

function unsafe(path: string, reason: string): ScormPackageError {
  return new ScormPackageError('SCORM_UNSAFE_PATH', `Unsafe path "${path}": ${reason}.`, { path });
}

/**
 * Turns a zip entry name into a relative path with forward slashes, or throws SCORM_UNSAFE_PATH for
 * anything that could land outside the folder it is extracted into (zip-slip): `..` segments, absolute
 * paths, drive letters, NUL bytes. Windows tools write backslashes, so they count as separators.
 */
export function normalizeEntryPath(name: string): string {
  if (name.includes('\0')) throw unsafe(name, 'contains a NUL byte');
  const slashed = name.replaceAll('\\', '/');
  if (slashed.startsWith('/')) throw unsafe(name, 'is absolute');
  if (/^[a-zA-Z]:/.test(slashed)) throw unsafe(name, 'starts with a drive letter');
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw unsafe(name, 'climbs out of the package');
  return segments.join('/');
}

/** Junk that archivers add and that no package refers to. */
export function isArchiverJunk(path: string): boolean {
  return path === '__MACOSX' || path.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(path);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Authoring tools often write raw `%` in file names; the literal name is then the right one.
    return segment;
  }
}

export interface ResolvedHref {
  /** The file inside the package, decoded, relative to the package base: `content/intro page.html`. */
  path: string;
  /** `?query` and/or `#fragment` of the href, kept as written. */
  suffix: string;
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/**
 * Resolves a manifest href against the `xml:base` values above it (manifest, resources, resource).
 * Returns null for an absolute URL (`https://…`): that is not a file of the package.
 */
export function resolveHref(bases: readonly string[], href: string): ResolvedHref | null {
  const trimmed = href.trim();
  if (SCHEME.test(trimmed)) return null;
  const cut = trimmed.search(/[?#]/);
  const pathPart = cut === -1 ? trimmed : trimmed.slice(0, cut);
  const suffix = cut === -1 ? '' : trimmed.slice(cut);

  const segments: string[] = [];
  // xml:base values are folders whether or not they end with a slash, so every piece is a segment.
  const push = (raw: string): void => {
    const part = decode(raw).replaceAll('\\', '/');
    if (part.startsWith('/')) throw unsafe(raw, 'is absolute');
    for (const piece of part.split('/')) {
      if (piece === '' || piece === '.') continue;
      if (piece === '..') {
        if (segments.length === 0) throw unsafe(raw, 'climbs out of the package');
        segments.pop();
        continue;
      }
      segments.push(piece);
    }
  };

  for (const base of bases) {
    const value = base.trim();
    if (value === '') continue;
    if (SCHEME.test(value)) return null;
    push(value);
  }
  push(pathPart);
  if (segments.length === 0) return null;
  const path = segments.join('/');
  if (path.includes('\0')) throw unsafe(path, 'contains a NUL byte');
  return { path, suffix };
}

/** Encodes a package path for use in a URL, keeping the slashes. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * Appends an item's `parameters` to its resource href, following SCORM CAM's rules: a leading `?` or `&`
 * joins the query, a leading `#` only applies when the href has no fragment yet.
 */
export function applyParameters(href: string, parameters: string | null): string {
  const value = parameters?.trim() ?? '';
  if (value === '') return href;
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  if (value.startsWith('#')) return hash === '' ? href + value : href;
  const paramHashAt = value.indexOf('#');
  const query = (paramHashAt === -1 ? value : value.slice(0, paramHashAt)).replace(/^[?&]+/, '');
  const paramHash = paramHashAt === -1 ? '' : value.slice(paramHashAt);
  const joined = query === '' ? beforeHash : `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${query}`;
  return joined + (hash || paramHash);
}
