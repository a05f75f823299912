import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'set' | 'recover';

/** The three path parts of a password link: `/{set|recover}-password/{username}/{uidb64}/{token}`. */
export interface PasswordLinkParts {
  username: string;
  uidb64: string;
  token: string;
}

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export function decodeUid(uidb64: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  return /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/** SHA-256 of a token, the form in which spent links are remembered. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Password links are signed, not stored: the HMAC covers the user id, the current password hash, the
 * purpose and the time of issue. Setting a password changes the hash, so every earlier link dies with it;
 * the time makes them expire.
 */
export function createLinkSigner(secret: string) {
  const sign = (userId: number, passwordHash: string | null, purpose: LinkPurpose, issuedAt: number) =>
    createHmac('sha256', secret)
      .update(`password-link:${purpose}:${userId}:${passwordHash ?? ''}:${issuedAt}`)
      .digest('base64url')
      .slice(0, 32);

  return {
    make(
      user: { id: number; username: string; passwordHash: string | null },
      purpose: LinkPurpose,
      now = Date.now(),
    ): PasswordLinkParts {
      const issuedAt = Math.floor(now / 1000);
      return {
        username: user.username,
        uidb64: b64url(String(user.id)),
        token: `${issuedAt.toString(36)}-${sign(user.id, user.passwordHash, purpose, issuedAt)}`,
      };
    },

    /** Whether the token was signed for this user as it is now, and when it was issued (epoch seconds). */
    verify(
      user: { id: number; passwordHash: string | null },
      purpose: LinkPurpose,
      token: string,
    ): { valid: boolean; issuedAt: number } {
      const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
      if (!match) return { valid: false, issuedAt: 0 };
      const issuedAt = parseInt(match[1]!, 36);
      const expected = Buffer.from(sign(user.id, user.passwordHash, purpose, issuedAt));
      const given = Buffer.from(match[2]!);
      return { valid: expected.length === given.length && timingSafeEqual(expected, given), issuedAt };
    },

    /** HMAC of a short code, so a leaked table does not give codes away to a quick brute force. */
    codeHash(userId: number, purpose: string, code: string) {
      return createHmac('sha256', secret).update(`code:${purpose}:${userId}:${code}`).digest('hex');
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;

/** 'joana.silva@example.com' → 'jo*******@example.com'. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const keep = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${keep}${'*'.repeat(Math.max(3, local.length - keep.length))}@${domain}`;
}

/** '+5511987654321' → '+55 *******4321': only the country code and the last four digits show. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const last = digits.slice(-4);
  const country = phone.startsWith('+') ? `+${digits.slice(0, digits.length > 11 ? 2 : 1)} ` : '';
  const hidden = digits.length - last.length - (country ? country.length - 2 : 0);
  return `${country}${'*'.repeat(Math.max(4, hidden))}${last}`;
}
