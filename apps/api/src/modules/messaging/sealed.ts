import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { createMessagingRepo } from './messaging.repo';

/** What a queued message carries in the clear only for the worker that sends it: its rendered texts. */
export interface SealedContent {
  subject: string;
  body: string;
}

/**
 * Seals and opens the texts a send job carries (AES-256-GCM): the job table then holds no readable link
 * or code, and a sealed text that was altered fails to open instead of being sent.
 */
export interface Sealer {
  seal(content: SealedContent): string;
  open(sealed: string): SealedContent;
}

const VERSION = 'v1';

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('the message key must be 32 bytes');
  return {
    seal(content) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), text]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, text] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || text === undefined) throw new Error('not a sealed message');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]);
      const parsed = JSON.parse(plain.toString('utf8')) as Partial<SealedContent>;
      return { subject: String(parsed.subject ?? ''), body: String(parsed.body ?? '') };
    },
  };
}

/**
 * The key that seals queued messages: MESSAGE_KEY hashed to 32 bytes when set (production: keeps the key
 * out of the database that holds the jobs); otherwise a random key made once and kept in app_settings, so
 * every instance and restart opens what another sealed.
 */
export async function resolveMessageKey(db: Db, configured: string | undefined): Promise<Buffer> {
  if (configured) return createHash('sha256').update(configured, 'utf8').digest();
  const key = 'messaging_payload_key';
  const repo = createMessagingRepo(db);
  const stored = await repo.setting(key);
  if (stored) return Buffer.from(stored, 'base64url');
  await repo.insertSettingIfAbsent(key, randomBytes(32).toString('base64url'));
  const again = await repo.setting(key);
  if (!again) throw new Error('message key missing');
  return Buffer.from(again, 'base64url');
}
