import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/core';

/**
 * Signed content URLs. Media elements, iframes (HTML lessons, SCORM packages) and pdf.js cannot send the
 * bearer token, so the player gets URLs that carry a signature in the PATH:
 * `/api/learning/content/<token>/<file>`. The token names a storage folder, the user it was issued to and
 * an expiry; it is issued only after the user was checked to be allowed to see the activity. Files the
 * content loads by relative URL (SCORM assets, HLS segments) resolve under the same token.
 */
export interface ContentGrant {
  /** Storage folder the token opens. */
  prefix: string;
  userId: number;
  /** Unix seconds. */
  expires: number;
  /** How to serve: `sandbox` adds the CSP sandbox header (HTML and SCORM). */
  mode: 'file' | 'sandbox';
}

const b64 = (buf: Buffer) => buf.toString('base64url');

export async function resolveContentKey(db: Db): Promise<Buffer> {
  const key = 'learning_content_url_key';
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (row) return Buffer.from(row.value, 'base64url');
  const value = b64(randomBytes(32));
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
  const [again] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return Buffer.from(again!.value, 'base64url');
}

export function createContentSigner(key: Buffer, ttlSeconds: number) {
  const mac = (payload: string) => b64(createHmac('sha256', key).update(payload).digest().subarray(0, 18));

  function sign(grant: Omit<ContentGrant, 'expires'>, now = Date.now()): string {
    // Expiry rounded up to the hour: the same file keeps the same URL for a while, so browsers cache it.
    const expires = Math.ceil((now / 1000 + ttlSeconds) / 3600) * 3600;
    const payload = b64(
      Buffer.from(JSON.stringify([grant.prefix, grant.userId, expires, grant.mode === 'sandbox' ? 1 : 0])),
    );
    return `${payload}.${mac(payload)}`;
  }

  function verify(token: string, now = Date.now()): ContentGrant | 'invalid' | 'expired' {
    const [payload, sig] = token.split('.');
    if (!payload || !sig) return 'invalid';
    const expected = Buffer.from(mac(payload));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    try {
      const [prefix, userId, expires, sandbox] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [
        string,
        number,
        number,
        number,
      ];
      if (expires * 1000 < now) return 'expired';
      return { prefix, userId, expires, mode: sandbox ? 'sandbox' : 'file' };
    } catch {
      return 'invalid';
    }
  }

  /** `/api/learning/content/<token>/<path>` with each path segment encoded. */
  function url(grant: Omit<ContentGrant, 'expires'>, path: string): string {
    const encoded = path
      .split('/')
      .map((p) => encodeURIComponent(p))
      .join('/');
    return `/api/learning/content/${sign(grant)}/${encoded}`;
  }

  return { sign, verify, url };
}
export type ContentSigner = ReturnType<typeof createContentSigner>;
