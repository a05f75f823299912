import type { ScormInfo } from '../../../db/schema/learning';
import { AppError } from '../../../lib/errors';
import type { Storage } from '../../../lib/storage';
import { extractScormFiles, readScormPackage, type ScormItem, type ScormZipLimits } from './scorm-manifest';
import { ScormPackageError } from './scorm-package-error';

/** The reader's refusal as the API's translated error (`SCORM_NO_MANIFEST` → `LEARNING_SCORM_NO_MANIFEST`). */
export function scormAppError(error: ScormPackageError): AppError {
  return new AppError(`LEARNING_${error.code}`, 400, {
    details: { reason: error.message, ...(error.details ?? {}) },
    params: { path: typeof error.details?.['path'] === 'string' ? (error.details['path'] as string) : '' },
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
 * Imports a SCORM zip: reads and checks the manifest, extracts every file under `prefix` in storage and
 * answers what the player needs to launch it. The same path serves uploads and the demo seed.
 */
export async function importScormPackage(
  storage: Storage,
  zip: Uint8Array,
  prefix: string,
  limits: Partial<ScormZipLimits> = {},
): Promise<ScormInfo> {
  try {
    const pkg = readScormPackage(zip, limits);
    const files = extractScormFiles(zip, pkg.basePath, limits);
    for (const file of files) await storage.put(`${prefix}/${file.path}`, file.bytes);
    const organization = pkg.organizations.find((o) => o.identifier === pkg.defaultOrganization);
    const launch = organization ? findItem(organization.items, pkg.launchItem) : undefined;
    return {
      version: pkg.version,
      title: pkg.title,
      identifier: pkg.identifier,
      launchHref: pkg.launchHref,
      fileCount: files.length,
      masteryScore: launch?.masteryScore ?? null,
      launchData: launch?.dataFromLms ?? null,
    };
  } catch (error) {
    if (error instanceof ScormPackageError) throw scormAppError(error);
    throw error;
  }
}
