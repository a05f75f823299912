import type { FastifyReply, FastifyRequest } from 'fastify';
import { can } from '@trilha/contracts/permissions';
import { AppError } from '../lib/errors';
import type { AuthService } from '../modules/auth/auth.service';
import type { SessionType, TokenKit } from '../modules/auth/tokens';
import type { App } from '../context';
import { declaresAccess } from './permissions';

export interface AuthInfo {
  userId: number;
  sessionId: string;
  sessionType: SessionType;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Bearer authentication. `requireAuth` rejects a missing, invalid or expired token and a token whose
 * session was revoked (logout, refresh reuse, blocked user) with 401 UNAUTHENTICATED.
 */
export function createAuthGuards(app: App, tokens: TokenKit, auth: AuthService) {
  app.decorateRequest('auth', null);

  const requireAuth: PreHandler = async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new AppError('UNAUTHENTICATED', 401);
    let claims;
    try {
      claims = tokens.verifyAccess(token);
    } catch {
      throw new AppError('UNAUTHENTICATED', 401);
    }
    if (!(await auth.isSessionLive(claims.sid))) throw new AppError('UNAUTHENTICATED', 401);
    request.auth = { userId: Number(claims.sub), sessionId: claims.sid, sessionType: claims.st };
  };
  declaresAccess(requireAuth, 'signed-in');

  return { requireAuth };
}

/** Whether the back office under /admin opens for someone holding `roles` in the selected client. */
export function isBackOfficeUser(isSuperuser: boolean, roles: readonly string[]): boolean {
  return can({ roles, isSuperuser }, 'backoffice.enter');
}
