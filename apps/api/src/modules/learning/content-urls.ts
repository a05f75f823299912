import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/core';

/**
 * Signed content URLs. Media elements, iframes (HTML lessons, SCORM packages) and pdf.js cannot send the
 * bearer token, so the player gets URLs that carry a signature in the PATH:
 * `<content origin>/api/learning/content/<token>/<file>`. The token names a storage folder, the login
 * (session) and user it was issued to, the course it was opened from and an expiry; it is issued only
 * after the user was checked to be allowed to see the activity, and it is served only while that login is
 * live and the user may still open the course (content-gate.ts). Files the content loads by relative URL
 * (SCORM assets, HLS segments) resolve under the same token. Public images (covers, portfolio photos)
 * carry no session: user 0.
 */
export interface ContentGrant {
  /** Storage folder the token opens. */
  prefix: string;
  userId: number;
  /** Unix seconds. */
  expires: number;
  /**
   * How to serve: `sandbox` adds the CSP sandbox header (HTML lessons); `scorm` also injects the runtime
   * bridge into the package's pages.
   */
  mode: 'file' | 'sandbox' | 'scorm';
  /** The login the URL belongs to; empty for public images. */
  sessionId?: string;
  /** The course (and trail) it was opened from: access is checked again while it is served. */
  courseId?: number;
  trailId?: number;
}

const modeCode = { file: 0, sandbox: 1, scorm: 2 } as const;
const modeOfCode = ['file', 'sandbox', 'scorm'] as const;

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

/**
 * `origin` is the content origin the URLs point at (absolute URLs); without it they stay relative (the
 * demo seed, which only needs them well formed).
 */
export function createContentSigner(key: Buffer, ttlSeconds: number, origin = '') {
  // One key object for every signature (a raw Buffer key is imported again on each createHmac).
  const secret = createSecretKey(key);
  const mac = (payload: string) => b64(createHmac('sha256', secret).update(payload).digest().subarray(0, 18));

  /**
   * Expiry rounded up to five minutes: the same file keeps the same URL for a while, so browsers cache it,
   * and a URL is valid for at least `ttlSeconds` from when it was handed out.
   */
  const expiryOf = (now: number) => Math.ceil((now / 1000 + ttlSeconds) / 300) * 300;

  function sign(grant: Omit<ContentGrant, 'expires'>, now = Date.now()): string {
    return signUntil(grant, expiryOf(now));
  }

  function signUntil(grant: Omit<ContentGrant, 'expires'>, expires: number): string {
    const fields: unknown[] = [grant.prefix, grant.userId, expires, modeCode[grant.mode]];
    if (grant.sessionId) fields.push(grant.sessionId, grant.courseId ?? 0, grant.trailId ?? 0);
    const payload = b64(Buffer.from(JSON.stringify(fields)));
    return `${payload}.${mac(payload)}`;
  }

  function verify(token: string, now = Date.now()): ContentGrant | 'invalid' | 'expired' {
    const [payload, sig] = token.split('.');
    if (!payload || !sig) return 'invalid';
    const expected = Buffer.from(mac(payload));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    try {
      const [prefix, userId, expires, mode, sessionId, courseId, trailId] = JSON.parse(
        Buffer.from(payload, 'base64url').toString(),
      ) as [string, number, number, number, string?, number?, number?];
      if (expires * 1000 < now) return 'expired';
      const grant: ContentGrant = { prefix, userId, expires, mode: modeOfCode[mode] ?? 'file' };
      if (sessionId) {
        grant.sessionId = sessionId;
        if (courseId) grant.courseId = courseId;
        if (trailId) grant.trailId = trailId;
      }
      return grant;
    } catch {
      return 'invalid';
    }
  }

  function build(grant: Omit<ContentGrant, 'expires'>, path: string, expires: number): string {
    const encoded = path
      .split('/')
      .map((p) => encodeURIComponent(p))
      .join('/');
    return `${origin}/api/learning/content/${signUntil(grant, expires)}/${encoded}`;
  }

  // A public URL (covers, portfolio photos: no login, user 0) is the same text for every viewer until the
  // rounded expiry moves on, so it is signed once per file and expiry and reused: the URLs of one expiry
  // are kept together and dropped when the next expiry starts. URLs tied to a login are signed each time.
  let sharedExpires = 0;
  let shared = new Map<string, string>();
  const maxShared = 20_000;

  /** `<origin>/api/learning/content/<token>/<path>` with each path segment encoded. */
  function url(grant: Omit<ContentGrant, 'expires'>, path: string, now = Date.now()): string {
    const expires = expiryOf(now);
    if (grant.userId !== 0 || grant.sessionId) return build(grant, path, expires);
    if (expires !== sharedExpires || shared.size >= maxShared) {
      sharedExpires = expires;
      shared = new Map();
    }
    const cacheKey = `${modeCode[grant.mode]}:${grant.prefix.length}:${grant.prefix}/${path}`;
    let hit = shared.get(cacheKey);
    if (hit === undefined) {
      hit = build(grant, path, expires);
      shared.set(cacheKey, hit);
    }
    return hit;
  }

  return { sign, verify, url, origin };
}
export type ContentSigner = ReturnType<typeof createContentSigner>;
