import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ScormPackageError } from './scorm-package-error';
import { applyParameters, encodePath, isArchiverJunk, normalizeEntryPath, resolveHref } from './scorm-paths';
import type { Readable } from 'node:stream';
import {
  listZipEntries,
  openZipEntry,
  readZipEntry,
  toZipSource,
  type ZipEntry,
  type ZipSource,
} from './zip-reader';

export type ScormVersion = '1.2' | '2004';
export type ScormType = 'sco' | 'asset';

export interface ScormResource {
  identifier: string;
  type: string;
  scormType: ScormType;
  /** URL of the resource relative to the package base (encoded, query kept), or an absolute URL. */
  href: string | null;
  /** The file `href` points to, decoded and relative to the package base; null for absolute URLs. */
  path: string | null;
  files: string[];
  dependencies: string[];
}

export interface ScormItem {
  identifier: string;
  title: string;
  resourceIdentifier: string | null;
  /** The referenced resource's `href`, without the item's parameters. */
  resourceHref: string | null;
  parameters: string | null;
  isVisible: boolean;
  /** SCORM 1.2 `adlcp:masteryscore` (0–100). */
  masteryScore: number | null;
  /**
   * SCORM 2004: the primary objective's `minNormalizedMeasure` (-1..1, default 1) when it is satisfied by
   * measure, the scaled passing score the LMS hands to the SCO and rules success with; else null.
   */
  scaledPassingScore: number | null;
  /** SCORM 2004 `adlcp:completionThreshold` (0..1) when completion is by measure; else null. */
  completionThreshold: number | null;
  /** `adlcp:datafromlms` / `adlcp:dataFromLMS`, handed to the SCO as `cmi.launch_data`. */
  dataFromLms: string | null;
  children: ScormItem[];
}

export interface ScormOrganization {
  identifier: string;
  title: string;
  items: ScormItem[];
}

export interface ScormPackage {
  version: ScormVersion;
  title: string;
  identifier: string;
  /** '' when the manifest is at the root of the zip, otherwise the single top-level folder: 'course/'. */
  basePath: string;
  organizations: ScormOrganization[];
  defaultOrganization: string;
  /** What to load first, relative to the package base: the first launchable item's href and parameters. */
  launchHref: string;
  /** The file `launchHref` points to, as listed in `files`. */
  launchPath: string;
  launchItem: string;
  resources: ScormResource[];
  /** Every file of the package, relative to `basePath`, sorted. */
  files: string[];
  /** Unpacked size of the package's files, in bytes. */
  totalBytes: number;
  /** Items of the default organization that launch a SCO. */
  scoCount: number;
  /** The manifest declares IMS Simple Sequencing (`imsss:sequencing` or a sequencing collection). */
  sequencing: boolean;
}

export interface ScormZipLimits {
  /** Sum of the uncompressed sizes of all entries. */
  maxTotalBytes: number;
  maxEntries: number;
  maxManifestBytes: number;
  /**
   * Largest unpacked / packed size of an entry bigger than RATIO_FLOOR_BYTES. Real content (HTML, scripts,
   * media) stays well below 100:1; deflate's ceiling is about 1,032:1, what a run of zeros gives.
   */
  maxRatio: number;
}

/** Entries smaller than this are never refused for their ratio: a tiny file can compress very well. */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

export const DEFAULT_SCORM_ZIP_LIMITS: ScormZipLimits = {
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntries: 10_000,
  maxManifestBytes: 8 * 1024 * 1024,
  maxRatio: 100,
};

export interface ScormFile {
  /** Relative to the package base, forward slashes, safe to join to a storage prefix. */
  path: string;
  bytes: Uint8Array;
}

interface CheckedEntry {
  entry: ZipEntry;
  path: string;
}

function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/**
 * Lists the zip and refuses unsafe names, symlinks, too many entries, oversized archives and entries
 * compressed beyond real content, all before inflating a single byte.
 */
async function inspectZip(source: ZipSource, limits: ScormZipLimits): Promise<CheckedEntry[]> {
  const entries = await listZipEntries(source, limits.maxEntries);
  const seen = new Set<string>();
  let total = 0;
  const checked = entries.map((entry) => {
    const path = normalizeEntryPath(entry.name);
    if (entry.isSymlink) {
      throw new ScormPackageError('SCORM_UNSAFE_PATH', `The zip entry "${path}" is a symbolic link.`, {
        path,
      });
    }
    if (!entry.isDirectory) {
      if (seen.has(path)) {
        throw new ScormPackageError('SCORM_UNSAFE_PATH', `The zip holds "${path}" more than once.`, { path });
      }
      seen.add(path);
      total += entry.size;
      if (entry.size > RATIO_FLOOR_BYTES && entry.size > entry.compressedSize * limits.maxRatio) {
        throw new ScormPackageError(
          'SCORM_RATIO_TOO_HIGH',
          `The zip entry "${path}" is compressed more than ${limits.maxRatio}:1.`,
          { path, maxRatio: limits.maxRatio },
        );
      }
    }
    return { entry, path };
  });
  if (total > limits.maxTotalBytes) {
    throw new ScormPackageError(
      'SCORM_TOO_LARGE',
      `The package unpacks to ${mib(total)}, more than the ${mib(limits.maxTotalBytes)} allowed.`,
      { totalBytes: total, maxTotalBytes: limits.maxTotalBytes },
    );
  }
  return checked;
}

function packageFiles(checked: CheckedEntry[]): CheckedEntry[] {
  return checked.filter(({ entry, path }) => !entry.isDirectory && path !== '' && !isArchiverJunk(path));
}

function findManifest(files: CheckedEntry[]): { manifest: CheckedEntry; basePath: string } {
  const atRoot = files.find(({ path }) => path.toLowerCase() === 'imsmanifest.xml');
  if (atRoot) return { manifest: atRoot, basePath: '' };
  const topLevel = new Set(files.map(({ path }) => path.split('/')[0]));
  const [folder] = topLevel;
  if (topLevel.size === 1 && folder !== undefined) {
    const nested = files.find(({ path }) => path.toLowerCase() === `${folder.toLowerCase()}/imsmanifest.xml`);
    if (nested) return { manifest: nested, basePath: `${folder}/` };
  }
  throw new ScormPackageError('SCORM_NO_MANIFEST', 'The package has no imsmanifest.xml at its root.');
}

function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^(?:\uFEFF|ï»¿)?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
  let decoder = new TextDecoder('utf-8');
  if (declared) {
    try {
      decoder = new TextDecoder(declared);
    } catch {
      // An unknown label: UTF-8 is the XML default and what nearly every tool writes.
    }
  }
  return decoder.decode(bytes);
}

type XmlNode = Record<string, unknown>;

const ARRAY_TAGS = new Set(['organization', 'item', 'resource', 'file', 'dependency']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // SCORM 1.2 and 2004 put the same elements in different namespaces, and packages do not always use
  // the conventional prefixes; matching local names reads both.
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name, _path, _isLeaf, isAttribute) => !isAttribute && ARRAY_TAGS.has(name),
});

function parseManifest(xml: string): XmlNode {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new ScormPackageError('SCORM_INVALID_MANIFEST', `imsmanifest.xml is not well-formed XML: ${msg}`, {
      line,
      column: col,
    });
  }
  let document: XmlNode;
  try {
    document = parser.parse(xml) as XmlNode;
  } catch (error) {
    throw new ScormPackageError('SCORM_INVALID_MANIFEST', `imsmanifest.xml cannot be read: ${String(error)}`);
  }
  const manifest = node(document['manifest']);
  if (!manifest) {
    throw new ScormPackageError(
      'SCORM_INVALID_MANIFEST',
      'The root element of imsmanifest.xml is not <manifest>.',
    );
  }
  return manifest;
}

function node(value: unknown): XmlNode | undefined {
  const single: unknown = Array.isArray(value) ? value[0] : value;
  // An empty element (`<organizations/>`) parses as ''.
  if (single === '') return {};
  return typeof single === 'object' && single !== null ? (single as XmlNode) : undefined;
}

function nodes(parent: XmlNode | undefined, tag: string): XmlNode[] {
  const value = parent?.[tag];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((item) => (typeof item === 'object' && item !== null ? (item as XmlNode) : {}));
}

function text(parent: XmlNode | undefined, tag: string): string {
  const value = parent?.[tag];
  const single: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof single === 'string') return single.trim();
  if (typeof single === 'object' && single !== null) {
    const inner = (single as XmlNode)['#text'];
    return typeof inner === 'string' ? inner.trim() : '';
  }
  return '';
}

function attr(element: XmlNode | undefined, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = element?.[`@_${name}`];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * The SCORM version the manifest declares (or, without a declaration, its namespaces tell). A declared
 * schema that is neither SCORM 1.2 nor 2004 (an IMS Common Cartridge, SCORM 1.1, AICC) is refused.
 */
function detectVersion(manifest: XmlNode, xml: string): ScormVersion {
  const metadata = node(manifest['metadata']);
  const declared = text(metadata, 'schemaversion');
  const schema = text(metadata, 'schema');
  if (/^1\.2$/.test(declared)) return '1.2';
  if (/2004|CAM\s*1\.3|^1\.3$/i.test(declared)) return '2004';
  const named = `${schema} ${declared}`.trim();
  if (declared !== '' || /imsccv1p|imscc_v1|common\s*cartridge/i.test(`${named} ${xml.slice(0, 2000)}`)) {
    throw new ScormPackageError(
      'SCORM_UNSUPPORTED_SCHEMA',
      `The manifest declares "${named || 'IMS Common Cartridge'}", which is not SCORM 1.2 or SCORM 2004.`,
      { schema: named || 'IMS Common Cartridge' },
    );
  }
  // Many 1.2 packages omit the schema version; the namespaces then tell.
  if (/adlcp_v1p3|imsglobal\.org\/xsd\/imsss|adlseq_v1p3/.test(xml)) return '2004';
  return '1.2';
}

function readResources(manifest: XmlNode): ScormResource[] {
  const resourcesNode = node(manifest['resources']);
  const outerBases = [attr(manifest, 'base') ?? '', attr(resourcesNode, 'base') ?? ''];
  return nodes(resourcesNode, 'resource').map((resource, index) => {
    const bases = [...outerBases, attr(resource, 'base') ?? ''];
    const rawHref = attr(resource, 'href')?.trim() || null;
    const resolved = rawHref === null ? null : resolveHref(bases, rawHref);
    const scormType = (attr(resource, 'scormType', 'scormtype', 'SCORMType') ?? '').trim().toLowerCase();
    return {
      identifier: attr(resource, 'identifier') ?? `resource-${index + 1}`,
      type: attr(resource, 'type') ?? 'webcontent',
      scormType: scormType === 'sco' ? 'sco' : 'asset',
      href: resolved ? encodePath(resolved.path) + resolved.suffix : rawHref,
      path: resolved?.path ?? null,
      files: nodes(resource, 'file').flatMap((file) => {
        const href = attr(file, 'href');
        const path = href === undefined ? null : resolveHref(bases, href)?.path;
        return path ? [path] : [];
      }),
      dependencies: nodes(resource, 'dependency').flatMap((dependency) => {
        const ref = attr(dependency, 'identifierref');
        return ref ? [ref] : [];
      }),
    } satisfies ScormResource;
  });
}

/** A number in [low, high] read from a manifest's text or attribute, or `fallback`. */
function measure(value: string | undefined, fallback: number | null, low: number, high = 1): number | null {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  return Number.isFinite(n) && n >= low && n <= high ? n : fallback;
}

function truthy(value: string | undefined): boolean {
  return (value ?? '').trim().toLowerCase() === 'true';
}

/** IMS SS: the primary objective's passing measure, when the objective is satisfied by measure. */
function passingMeasure(item: XmlNode): number | null {
  const primary = node(node(node(item['sequencing'])?.['objectives'])?.['primaryObjective']);
  if (!primary || !truthy(attr(primary, 'satisfiedByMeasure'))) return null;
  return measure(text(primary, 'minNormalizedMeasure'), 1, -1);
}

/**
 * `adlcp:completionThreshold`: 4th edition attributes (`completedByMeasure`, `minProgressMeasure`,
 * default 1) or the 3rd edition's text value.
 */
function completionThreshold(item: XmlNode): number | null {
  const raw = item['completionThreshold'];
  const element: unknown = Array.isArray(raw) ? raw[0] : raw;
  if (typeof element === 'string') return measure(element, null, 0);
  if (typeof element !== 'object' || element === null) return null;
  const el = element as XmlNode;
  if (attr(el, 'completedByMeasure') !== undefined || attr(el, 'minProgressMeasure') !== undefined) {
    return truthy(attr(el, 'completedByMeasure')) ? measure(attr(el, 'minProgressMeasure'), 1, 0) : null;
  }
  const inner = el['#text'];
  return typeof inner === 'string' ? measure(inner, null, 0) : null;
}

function readItems(parent: XmlNode, resources: Map<string, ScormResource>): ScormItem[] {
  return nodes(parent, 'item').map((item, index) => {
    const identifier = attr(item, 'identifier') ?? `item-${index + 1}`;
    const resourceIdentifier = attr(item, 'identifierref')?.trim() || null;
    const mastery = Number.parseFloat(text(item, 'masteryscore'));
    const dataFromLms = text(item, 'dataFromLMS') || text(item, 'datafromlms');
    return {
      identifier,
      title: text(item, 'title') || identifier,
      resourceIdentifier,
      resourceHref: resourceIdentifier ? (resources.get(resourceIdentifier)?.href ?? null) : null,
      parameters: attr(item, 'parameters') ?? null,
      isVisible: (attr(item, 'isvisible') ?? 'true').trim().toLowerCase() !== 'false',
      masteryScore: Number.isFinite(mastery) ? mastery : null,
      scaledPassingScore: passingMeasure(item),
      completionThreshold: completionThreshold(item),
      dataFromLms: dataFromLms || null,
      children: readItems(item, resources),
    };
  });
}

/** Items (at any depth) whose resource is a SCO with a file to launch. */
function countScos(items: readonly ScormItem[], resources: Map<string, ScormResource>): number {
  return items.reduce((sum, item) => {
    const resource = item.resourceIdentifier ? resources.get(item.resourceIdentifier) : undefined;
    const own = resource?.scormType === 'sco' && resource.path ? 1 : 0;
    return sum + own + countScos(item.children, resources);
  }, 0);
}

/** Whether any element of the tree is a sequencing definition. */
function declaresSequencing(value: unknown, depth = 0): boolean {
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => declaresSequencing(item, depth + 1));
  return Object.entries(value as XmlNode).some(
    ([key, inner]) =>
      key === 'sequencing' || key === 'sequencingCollection' || declaresSequencing(inner, depth + 1),
  );
}

function firstLaunchable(
  items: ScormItem[],
  resources: Map<string, ScormResource>,
): { item: ScormItem; resource: ScormResource & { path: string; href: string } } | null {
  for (const item of items) {
    const resource = item.resourceIdentifier ? resources.get(item.resourceIdentifier) : undefined;
    if (resource?.path && resource.href)
      return { item, resource: { ...resource, path: resource.path, href: resource.href } };
    const inChildren = firstLaunchable(item.children, resources);
    if (inChildren) return inChildren;
  }
  return null;
}

/**
 * Reads and checks a SCORM 1.2 or 2004 package: the zip, the manifest, and that what it launches is in
 * the zip. Throws ScormPackageError with a code the API can answer with.
 */
export async function readScormPackage(
  zip: Uint8Array | ZipSource,
  limits: Partial<ScormZipLimits> = {},
): Promise<ScormPackage> {
  const effective = { ...DEFAULT_SCORM_ZIP_LIMITS, ...limits };
  const source = toZipSource(zip);
  const files = packageFiles(await inspectZip(source, effective));
  const { manifest: manifestEntry, basePath } = findManifest(files);
  if (manifestEntry.entry.size > effective.maxManifestBytes) {
    throw new ScormPackageError(
      'SCORM_TOO_LARGE',
      `imsmanifest.xml is larger than ${mib(effective.maxManifestBytes)}.`,
    );
  }
  const xml = decodeXml(await readZipEntry(source, manifestEntry.entry));
  const manifest = parseManifest(xml);
  const version = detectVersion(manifest, xml);

  const resources = readResources(manifest);
  const byIdentifier = new Map(resources.map((resource) => [resource.identifier, resource]));
  const organizationsNode = node(manifest['organizations']);
  const organizations = nodes(organizationsNode, 'organization').map((organization, index) => {
    const identifier = attr(organization, 'identifier') ?? `organization-${index + 1}`;
    return { identifier, title: text(organization, 'title'), items: readItems(organization, byIdentifier) };
  });
  if (organizations.length === 0) {
    throw new ScormPackageError('SCORM_NO_ORGANIZATION', 'imsmanifest.xml declares no <organization>.');
  }
  const requested = attr(organizationsNode, 'default')?.trim();
  const organization =
    organizations.find((candidate) => candidate.identifier === requested) ?? organizations[0]!;

  const launch = firstLaunchable(organization.items, byIdentifier);
  if (!launch) {
    throw new ScormPackageError(
      'SCORM_NO_LAUNCHABLE_RESOURCE',
      `No item of organization "${organization.identifier}" refers to a resource with a file to launch.`,
    );
  }
  const relativeFiles = files
    .filter(({ path }) => path.startsWith(basePath))
    .map(({ path }) => path.slice(basePath.length))
    .sort();
  if (!relativeFiles.includes(launch.resource.path)) {
    throw new ScormPackageError(
      'SCORM_MISSING_FILE',
      `The launch file "${launch.resource.path}" is not in the package.`,
      { path: launch.resource.path },
    );
  }

  return {
    version,
    title: organization.title || launch.item.title || attr(manifest, 'identifier') || 'SCORM',
    identifier: attr(manifest, 'identifier') ?? '',
    basePath,
    organizations,
    defaultOrganization: organization.identifier,
    launchHref: applyParameters(launch.resource.href, launch.item.parameters),
    launchPath: launch.resource.path,
    launchItem: launch.item.identifier,
    resources,
    files: relativeFiles,
    totalBytes: files.reduce((sum, { entry }) => sum + entry.size, 0),
    scoCount: countScos(organization.items, byIdentifier),
    sequencing:
      declaresSequencing(node(manifest['organizations'])) || manifest['sequencingCollection'] !== undefined,
  };
}

/** The files of a package (no directories or archiver junk), checked against the limits, unsorted. */
export async function listPackageFiles(
  zip: Uint8Array | ZipSource,
  limits: Partial<ScormZipLimits> = {},
): Promise<string[]> {
  const effective = { ...DEFAULT_SCORM_ZIP_LIMITS, ...limits };
  return packageFiles(await inspectZip(toZipSource(zip), effective)).map(({ path }) => path);
}

/**
 * Writes every file of a package (relative to `basePath`, from readScormPackage) through `write`, one
 * inflating stream at a time. Unsafe names, symlinks, too many entries, too high a ratio or more than
 * `maxTotalBytes` uncompressed throw before anything is inflated; an entry that inflates past its
 * declared size throws as soon as it does. Answers the paths written, sorted.
 */
export async function extractScormPackage(
  zip: Uint8Array | ZipSource,
  basePath: string,
  limits: Partial<ScormZipLimits>,
  write: (path: string, data: Readable) => Promise<void>,
): Promise<string[]> {
  const effective = { ...DEFAULT_SCORM_ZIP_LIMITS, ...limits };
  const source = toZipSource(zip);
  const base = basePath === '' ? '' : `${normalizeEntryPath(basePath)}/`;
  if (base !== '' && base !== `${basePath.replace(/\/+$/, '')}/`) {
    throw new ScormPackageError('SCORM_UNSAFE_PATH', `Unsafe base path "${basePath}".`, { path: basePath });
  }
  const files = packageFiles(await inspectZip(source, effective)).filter(({ path }) => path.startsWith(base));
  for (const { entry, path } of files) await write(path.slice(base.length), openZipEntry(source, entry));
  return files.map(({ path }) => path.slice(base.length)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The files of a package with their bytes, for small packages (tests, listings). */
export async function extractScormFiles(
  zip: Uint8Array | ZipSource,
  basePath: string,
  limits: Partial<ScormZipLimits> = {},
): Promise<ScormFile[]> {
  const bytes = new Map<string, Uint8Array>();
  const paths = await extractScormPackage(zip, basePath, limits, async (path, data) => {
    const chunks: Buffer[] = [];
    for await (const chunk of data) chunks.push(chunk as Buffer);
    bytes.set(path, Buffer.concat(chunks));
  });
  return paths.map((path) => ({ path, bytes: bytes.get(path)! }));
}
