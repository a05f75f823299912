import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, type Zippable } from 'fflate';

// A fixed date keeps the bytes of a zipped folder the same from one run to the next.
const FIXED_MTIME = new Date('2025-01-01T00:00:00Z');

function collect(dir: string, prefix: string, into: Zippable): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    // Dotfiles (.DS_Store, editor swap files) are never part of a package.
    if (entry.name.startsWith('.')) continue;
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) collect(join(dir, entry.name), `${path}/`, into);
    else if (entry.isFile()) into[path] = readFileSync(join(dir, entry.name));
  }
}

/**
 * Zips a SCORM source folder (the one holding imsmanifest.xml) with the manifest at the root of the zip,
 * as an LMS expects an upload. Used to turn the demo packages into uploads at seed time.
 */
export function zipScormFolder(dir: string): Uint8Array {
  const files: Zippable = {};
  collect(dir, '', files);
  return zipSync(files, { level: 9, mtime: FIXED_MTIME });
}
