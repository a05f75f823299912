import { loadConfig } from '../../config';
import { createStorage, type Storage } from '../../lib/storage';
import type { Db } from '../client';
import type { Seeder } from './run-seeders';

/** Where a demo seeder's files go; by default the configured storage (as the app builds it: docs/storage.md). */
export interface FileSeederOptions {
  storage?: Storage;
  maxUploadBytes?: number;
}

/**
 * A seeder that stores files through the same storage and upload limit as the app: the options given (a
 * test's storage), or else the configuration's, read when the seeder runs.
 */
export function fileSeeder(
  name: string,
  opts: FileSeederOptions,
  seed: (db: Db, storage: Storage, maxUploadBytes: number) => Promise<void>,
): Seeder {
  return {
    name,
    async run(db) {
      let { storage, maxUploadBytes } = opts;
      if (!storage || !maxUploadBytes) {
        const config = loadConfig();
        storage ??= createStorage(config);
        maxUploadBytes ??= config.MAX_UPLOAD_MB * 1024 * 1024;
      }
      await seed(db, storage, maxUploadBytes);
    },
  };
}
