import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage } from '../storage';

const SECRET = 'a-secret-that-must-never-be-printed';

describe('storage configuration', () => {
  it('is local disk by default: nothing to set', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/trilha-config-test' });
    expect(config.STORAGE).toBe('local');
    expect(createStorage(config).backend).toBe('local');
  });

  it('builds the S3 adapter from the S3 settings', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'trilha-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(createStorage(config).backend).toBe('s3');
  });

  it('refuses incomplete or malformed S3 settings without printing a secret', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ STORAGE: 's3' })).toContain('S3_BUCKET: required when STORAGE=s3');
    expect(refusal({ STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toContain('S3_BUCKET');
    expect(refusal({ STORAGE: 'ftp' })).toContain('STORAGE');
    expect(refusal({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://host' })).toContain(
      'S3_ENDPOINT',
    );
    const lonely = refusal({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_SECRET_ACCESS_KEY: SECRET });
    expect(lonely).toContain('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
    expect(lonely).not.toContain(SECRET);
    const tooLong = refusal({
      S3_BUCKET: 'ok-bucket',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: SECRET.repeat(20),
    });
    expect(tooLong).toContain('S3_SECRET_ACCESS_KEY');
    expect(tooLong).not.toContain(SECRET);
  });
});
