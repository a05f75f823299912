import { randomBytes, createHash } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Db } from '../../db/client';
import { createAuthRepo } from './auth.repo';

export type SessionType = 'password' | 'webservice';

export interface AccessClaims {
  sub: string;
  sid: string;
  st: SessionType;
  typ: 'access';
}

export interface TokenKit {
  signAccess(userId: number, sessionId: string, sessionType: SessionType): string;
  signRealtime(userId: number, sessionId: string): string;
  verifyAccess(token: string): AccessClaims;
  /** The user and login of a realtime-channel token (`user_firebase_token`); throws when not one. */
  verifyRealtime(token: string): { userId: number; sessionId: string };
  accessTtlSeconds: number;
}

/** Opaque random refresh token and its stored hash. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The signing key comes from JWT_SECRET, or is generated once and kept in the database so that every
 * instance signs with the same key without a secret in the repository.
 */
export async function resolveSigningKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const key = 'jwt_secret';
  const value = await createAuthRepo(db).settingOrCreate(key, randomBytes(48).toString('base64url'));
  if (!value) throw new Error('signing key missing');
  return value;
}

export function createTokenKit(key: string, accessTtlSeconds: number, realtimeTtlSeconds: number): TokenKit {
  const accessSigner = createSigner({ key, algorithm: 'HS256', expiresIn: accessTtlSeconds * 1000 });
  const realtimeSigner = createSigner({ key, algorithm: 'HS256', expiresIn: realtimeTtlSeconds * 1000 });
  const verifier = createVerifier({ key, algorithms: ['HS256'], cache: 10_000 });
  return {
    accessTtlSeconds,
    signAccess: (userId, sid, st) => accessSigner({ sub: String(userId), sid, st, typ: 'access' }),
    signRealtime: (userId, sid) => realtimeSigner({ sub: String(userId), sid, typ: 'realtime' }),
    verifyAccess(token) {
      const claims = verifier(token) as Partial<AccessClaims>;
      if (claims.typ !== 'access' || !claims.sub || !claims.sid) throw new Error('not an access token');
      return claims as AccessClaims;
    },
    verifyRealtime(token) {
      const claims = verifier(token) as { typ?: string; sub?: string; sid?: string };
      if (claims.typ !== 'realtime' || !claims.sub || !claims.sid) throw new Error('not a realtime token');
      return { userId: Number(claims.sub), sessionId: claims.sid };
    },
  };
}
