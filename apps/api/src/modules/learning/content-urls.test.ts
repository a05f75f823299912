import { describe, expect, it } from 'vitest';
import { createContentSigner } from './content-urls';

const key = Buffer.alloc(32, 7);
const tokenOf = (url: string) => url.split('/api/learning/content/')[1]!.split('/')[0]!;
const cover = { prefix: 'covers/12', userId: 0, mode: 'file' as const };
// 10:00:00 UTC: an expiry bucket (five minutes) starts here.
const t0 = Date.UTC(2026, 10, 24, 10, 0, 0);

describe('signed content URLs', () => {
  it('reuses a public URL within one expiry and signs it exactly as `sign` does', () => {
    const signer = createContentSigner(key, 3600, 'https://files.example');
    const a = signer.url(cover, 'a b.png', t0 + 1_000);
    const b = signer.url(cover, 'a b.png', t0 + 200_000);
    expect(b).toBe(a);
    expect(a).toBe(`https://files.example/api/learning/content/${signer.sign(cover, t0 + 1_000)}/a%20b.png`);
    const grant = signer.verify(tokenOf(a), t0 + 1_000);
    expect(grant).toEqual({ ...cover, expires: (t0 + 3600_000 + 300_000) / 1000 });
  });

  it('issues a new public URL once the expiry moves on, still valid for the whole TTL', () => {
    const signer = createContentSigner(key, 3600);
    const first = signer.url(cover, 'a.png', t0 + 1_000);
    const later = t0 + 301_000;
    const next = signer.url(cover, 'a.png', later);
    expect(next).not.toBe(first);
    const grant = signer.verify(tokenOf(next), later);
    expect(grant).not.toBe('invalid');
    expect((grant as { expires: number }).expires * 1000).toBeGreaterThanOrEqual(later + 3600_000);
    // The first URL keeps its own expiry.
    expect(signer.verify(tokenOf(first), t0 + 3600_000 + 299_000)).not.toBe('expired');
    expect(signer.verify(tokenOf(first), t0 + 3600_000 + 301_000)).toBe('expired');
  });

  it('keeps files, folders and modes apart', () => {
    const signer = createContentSigner(key, 3600);
    const urls = [
      signer.url(cover, 'a.png', t0),
      signer.url(cover, 'b.png', t0),
      signer.url({ ...cover, prefix: 'covers/1' }, '2/a.png', t0),
      signer.url({ ...cover, prefix: 'covers/12/a.png' }, '', t0),
      signer.url({ ...cover, mode: 'sandbox' }, 'a.png', t0),
    ];
    expect(new Set(urls).size).toBe(urls.length);
    const modes = urls.map((u) => signer.verify(tokenOf(u), t0));
    expect(modes.map((g) => (g as { mode: string }).mode)).toEqual([
      'file',
      'file',
      'file',
      'file',
      'sandbox',
    ]);
  });

  it('signs the URLs of a login for that login and user only', () => {
    const signer = createContentSigner(key, 3600);
    const mine = { prefix: 'learning/3', userId: 7, mode: 'scorm' as const, sessionId: 's1', courseId: 3 };
    const a = signer.url(mine, 'index.html', t0 + 1_000);
    const b = signer.url({ ...mine, userId: 8, sessionId: 's2' }, 'index.html', t0 + 1_000);
    expect(a).not.toBe(b);
    expect(signer.verify(tokenOf(a), t0)).toEqual({ ...mine, expires: (t0 + 3600_000 + 300_000) / 1000 });
    expect(signer.verify(tokenOf(b), t0)).toMatchObject({ userId: 8, sessionId: 's2' });
  });

  it('rejects a token whose payload or signature was changed', () => {
    const signer = createContentSigner(key, 3600);
    const token = tokenOf(signer.url(cover, 'a.png', t0));
    const [payload, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['covers/12', 7, 9_999_999_999, 0])).toString('base64url');
    expect(signer.verify(`${forged}.${sig}`, t0)).toBe('invalid');
    expect(signer.verify(`${payload}.${sig.slice(1)}x`, t0)).toBe('invalid');
    expect(createContentSigner(Buffer.alloc(32, 8), 3600).verify(token, t0)).toBe('invalid');
  });
});
