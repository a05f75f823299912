import path from 'node:path';
import type { Config } from '../config';
import { createDiskStorage } from './storage/disk';
import type { Storage } from './storage/port';
import { createS3Storage } from './storage/s3';

export { createDiskStorage } from './storage/disk';
export { createS3Storage, type S3StorageOptions } from './storage/s3';
export {
  safeKey,
  StorageNotFoundError,
  type ByteRange,
  type SignedUrlOptions,
  type Storage,
  type StoredFile,
} from './storage/port';

/**
 * The storage the configuration names (docs/storage.md): local disk under DATA_DIR/files by default,
 * or the S3-compatible bucket of `STORAGE=s3`.
 */
export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') {
    return createS3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return createDiskStorage(path.resolve(config.DATA_DIR, 'files'));
}
