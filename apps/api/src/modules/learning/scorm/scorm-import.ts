import type { ScormInfo } from '../../../db/schema/learning';
import { AppError } from '../../../lib/errors';
import type { Storage } from '../../../lib/storage';
import { DEFAULT_PACKAGE_LIMITS, type PackageLimits, uploadRefused } from '../../../lib/uploads';
import { extractScormPackage, readScormPackage, type ScormItem } from './scorm-manifest';
import { ScormPackageError } from './scorm-package-error';
import type { ZipSource } from './zip-reader';

const MIB = 1024 * 1024;

/**
 * The reader's refusal as the API's translated error. The limits (unpacked size, file count, ratio,
 * unsafe paths, a damaged zip) answer the upload codes that say the limit; what only a SCORM package can
 * get wrong keeps its own code (`SCORM_NO_MANIFEST` → `LEARNING_SCORM_NO_MANIFEST`).
 */
export function packageAppError(
  error: ScormPackageError,
  limits: PackageLimits,
  kind: 'scorm' | 'folder',
): AppError {
  switch (error.code) {
    case 'SCORM_TOO_LARGE':
      return uploadRefused('UPLOAD_UNPACKED_TOO_LARGE', 413, {
        megabytes: Math.floor(limits.maxTotalBytes / MIB),
      });
    case 'SCORM_TOO_MANY_FILES':
      return uploadRefused('UPLOAD_TOO_MANY_FILES', 413, { count: limits.maxEntries });
    case 'SCORM_RATIO_TOO_HIGH':
      return uploadRefused('UPLOAD_COMPRESSION_TOO_HIGH', 413, { ratio: limits.maxRatio });
    case 'SCORM_UNSAFE_PATH':
      if (kind === 'folder') return uploadRefused('UPLOAD_UNSAFE_PATH', 400);
      break;
    case 'SCORM_NOT_A_ZIP':
      if (kind === 'folder') return uploadRefused('UPLOAD_INVALID_CONTENT', 400);
      break;
    default:
      break;
  }
  return scormAppError(error);
}

/** The reader's refusal as the API's translated error (`SCORM_NO_MANIFEST` → `LEARNING_SCORM_NO_MANIFEST`). */
export function scormAppError(error: ScormPackageError): AppError {
  return new AppError(`LEARNING_${error.code}` as 'LEARNING_SCORM_NOT_A_ZIP', 400, {
    details: { reason: error.message, ...(error.details ?? {}) },
    params: {
      path: typeof error.details?.['path'] === 'string' ? (error.details['path'] as string) : '',
      schema: typeof error.details?.['schema'] === 'string' ? (error.details['schema'] as string) : '',
    },
  });
}

function findItem(items: readonly ScormItem[], identifier: string): ScormItem | undefined {
  for (const item of items) {
    if (item.identifier === identifier) return item;
    const inner = findItem(item.children, identifier);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Imports a SCORM zip: reads and checks the manifest, streams every file under `prefix` in storage and
 * answers what the player needs to launch it. The same path serves uploads and the demo seed.
 */
export async function importScormPackage(
  storage: Storage,
  zip: Uint8Array | ZipSource,
  prefix: string,
  limits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): Promise<ScormInfo> {
  try {
    const pkg = await readScormPackage(zip, limits);
    const paths = await extractScormPackage(zip, pkg.basePath, limits, async (path, data) => {
      await storage.putStream(`${prefix}/${path}`, data);
    });
    const organization = pkg.organizations.find((o) => o.identifier === pkg.defaultOrganization);
    const launch = organization ? findItem(organization.items, pkg.launchItem) : undefined;
    return {
      version: pkg.version,
      title: pkg.title,
      identifier: pkg.identifier,
      launchHref: pkg.launchHref,
      fileCount: paths.length,
      // SCORM 1.2's mastery score, or SCORM 2004's scaled passing score as a percentage.
      masteryScore:
        pkg.version === '1.2'
          ? (launch?.masteryScore ?? null)
          : launch?.scaledPassingScore != null
            ? Math.round(launch.scaledPassingScore * 1000) / 10
            : null,
      completionThreshold: pkg.version === '2004' ? (launch?.completionThreshold ?? null) : null,
      launchData: launch?.dataFromLms ?? null,
      scoCount: pkg.scoCount,
      sequencing: pkg.sequencing,
      size: pkg.totalBytes,
    };
  } catch (error) {
    if (error instanceof ScormPackageError) throw packageAppError(error, limits, 'scorm');
    throw error;
  }
}
