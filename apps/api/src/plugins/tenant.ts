import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@trilha/contracts/errors';
import { can, isSuperuserCapability, type Capability } from '@trilha/contracts/permissions';
import type { RoleName } from '@trilha/contracts/session';
import type { App } from '../context';
import { AppError } from '../lib/errors';
import type { SessionService } from '../modules/session/session.service';
import type { PreHandler } from './auth';
import { declaresAccess } from './permissions';

export interface TenantInfo {
  clientId: number;
  roles: RoleName[];
  isSuperuser: boolean;
  flags: Record<string, boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantInfo | null;
  }
}

/**
 * The caller's selected client and roles there, for every tenant-owned route. Runs after requireAuth;
 * reads the cached session state, so it costs no query on the hot path. Each guard declares what the
 * route using it needs (plugins/permissions.ts).
 */
export function createTenantGuards(
  app: Pick<App, 'decorateRequest'>,
  sessions: SessionService,
  requireAuth: PreHandler,
) {
  app.decorateRequest('tenant', null);

  const requireClient: PreHandler = async (request, reply) => {
    if (!request.auth) await requireAuth(request, reply);
    const state = await sessions.get(request.auth!.userId, request.auth!.sessionType);
    const client = state.clients.find((c) => c.id === state.selectedClientId);
    if (!client) throw new AppError('CLIENT_NOT_AVAILABLE', 403);
    request.tenant = {
      clientId: client.id,
      roles: client.roles,
      isSuperuser: state.user.isSuperuser,
      flags: client.flags,
    };
  };

  declaresAccess(requireClient, 'client');

  /**
   * Requires a capability of the permission matrix (contracts/permissions.ts) in the selected client:
   * one of the caller's roles there has it, or the caller is a superuser. A capability only superusers
   * have needs no selected client (a superuser belongs to no client in particular). The route declares
   * its need by this guard; `refusal` is the error code of the 403 (FORBIDDEN unless a screen needs to
   * tell the refusal apart).
   */
  const requireCapability = (capability: Capability, refusal: ErrorCode = 'FORBIDDEN'): PreHandler =>
    declaresAccess(
      async (request, reply) => {
        if (isSuperuserCapability(capability)) {
          if (!request.auth) await requireAuth(request, reply);
          const state = await sessions.get(request.auth!.userId, request.auth!.sessionType);
          if (!state.user.isSuperuser) throw new AppError(refusal, 403);
          return;
        }
        await requireClient(request, reply);
        if (!can(request.tenant!, capability)) throw new AppError(refusal, 403);
      },
      { capability },
    );

  /**
   * Requires a module of the selected client (spec section 6): one of the feature flags given (has_courses
   * …) must be on, else the module does not exist there (404), whatever a screen showed.
   */
  const requireFlag = (...flags: string[]): PreHandler =>
    declaresAccess(async (request, reply) => {
      await requireClient(request, reply);
      if (!flags.some((flag) => request.tenant!.flags[flag])) throw new AppError('NOT_FOUND', 404);
    }, 'client');

  return { requireClient, requireCapability, requireFlag };
}

export type RequireCapability = ReturnType<typeof createTenantGuards>['requireCapability'];

export const tenantOf = (request: FastifyRequest): TenantInfo => {
  if (!request.tenant) throw new AppError('CLIENT_NOT_AVAILABLE', 403);
  return request.tenant;
};
