import type { FastifyRequest } from 'fastify';
import type { RoleName } from '@trilha/contracts/session';
import { mayUseArea, type AdminAreaName } from '@trilha/contracts/staff';
import { AppError } from '../lib/errors';
import type { SessionService } from '../modules/session/session.service';
import type { PreHandler } from './auth';

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
 * reads the cached session state, so it costs no query on the hot path.
 */
export function createTenantGuards(
  app: { decorateRequest(name: string, value: null): unknown },
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

  /** Requires one of the roles in the selected client (superusers always pass). */
  const requireRole =
    (...roles: RoleName[]): PreHandler =>
    async (request, reply) => {
      await requireClient(request, reply);
      const t = request.tenant!;
      if (!t.isSuperuser && !t.roles.some((r) => roles.includes(r))) throw new AppError('FORBIDDEN', 403);
    };

  /**
   * Requires a back-office area in the selected client: the roles of `adminAreaRoles`
   * (contracts/staff.ts), the same table the web app's navigation shows.
   */
  const requireArea =
    (area: AdminAreaName): PreHandler =>
    async (request, reply) => {
      await requireClient(request, reply);
      const t = request.tenant!;
      if (!mayUseArea(area, t.roles, t.isSuperuser)) throw new AppError('FORBIDDEN', 403);
    };

  /**
   * Requires a module of the selected client (spec section 6): one of the feature flags given (has_courses
   * …) must be on, else the module does not exist there (404), whatever a screen showed.
   */
  const requireFlag =
    (...flags: string[]): PreHandler =>
    async (request, reply) => {
      await requireClient(request, reply);
      if (!flags.some((flag) => request.tenant!.flags[flag])) throw new AppError('NOT_FOUND', 404);
    };

  return { requireClient, requireRole, requireArea, requireFlag };
}

export const tenantOf = (request: FastifyRequest): TenantInfo => {
  if (!request.tenant) throw new AppError('CLIENT_NOT_AVAILABLE', 403);
  return request.tenant;
};
