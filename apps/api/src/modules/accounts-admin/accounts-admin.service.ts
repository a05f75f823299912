import { randomBytes } from 'node:crypto';
import type {
  AdminCapabilities,
  AdminUsersPage,
  DeletionRequestsPage,
  LoginConfigBody,
  OutboxPage,
} from '@trilha/contracts/accounts-admin';
import type { LoginConfig } from '@trilha/contracts/site';
import type { LanguageCode, RoleName } from '@trilha/contracts/session';
import { can } from '@trilha/contracts/permissions';
import { outranks, rankOf } from '@trilha/contracts/staff';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import { renderWebp } from '../../lib/image-upload';
import { audit } from '../audit/audit';
import type { Storage } from '../../lib/storage';
import type { SessionService } from '../session/session.service';
import type { SiteService } from '../site/site.service';
import type { UsersService } from '../users/users.service';
import type { AccountsPort, MessagingPort } from '../profile/ports';
import type { ProfileService } from '../profile/profile.service';
import { createAccountsAdminRepo } from './accounts-admin.repo';

export interface Tenant {
  clientId: number;
  roles: RoleName[];
  isSuperuser: boolean;
}

export interface AccountsAdminDeps {
  db: Db;
  storage: Storage;
  users: UsersService;
  sessions: SessionService;
  site: SiteService;
  profile: Pick<ProfileService, 'anonymize'>;
  accounts: AccountsPort;
  messaging: MessagingPort;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Site assets (logos, login background): public, as the login screen shows them before anyone signs in. */
export const SITE_ASSET = /^[a-f0-9]{32}\.webp$/;

export function createAccountsAdminService(deps: AccountsAdminDeps) {
  const { db } = deps;
  const repo = createAccountsAdminRepo(db);

  async function clientOf(clientId: number) {
    const row = await repo.client(clientId);
    if (!row) throw new AppError('CLIENT_NOT_AVAILABLE', 403);
    return row;
  }

  /**
   * The target account as the admin may see it: a member of the admin's selected client (for a superuser
   * too: a superuser works in one selected client like anyone else). Anything else is "not found", so ids
   * of other clients' users reveal nothing.
   */
  async function target(tenant: Tenant, userId: number) {
    const row = await repo.member(tenant.clientId, userId);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /**
   * Every act on an account (block, unblock, roles, links, approval, deletion) needs the account's roles in
   * this client to be strictly below the actor's: support and managers act on learners, a program
   * administrator on staff and learners, a superuser on anyone but another superuser.
   */
  async function actOn(tenant: Tenant, actorId: number, userId: number) {
    if (actorId === userId) throw new AppError('ADMIN_SELF_ACTION', 403);
    const row = await target(tenant, userId);
    if (!outranks(tenant, { roles: row.roles, isSuperuser: row.user.isSuperuser })) {
      throw new AppError('ADMIN_TARGET_NOT_BELOW', 403);
    }
    return row;
  }

  /** How many clients share the client's site (its login configuration). */
  async function clientsOnSite(siteId: number) {
    return repo.clientsOnSite(siteId);
  }

  async function capabilities(tenant: Tenant): Promise<AdminCapabilities> {
    const client = await clientOf(tenant.clientId);
    const sharedSite = (await clientsOnSite(client.siteId)) > 1;
    return {
      clientId: client.id,
      clientName: client.name,
      canManageUsers: can(tenant, 'users.manage'),
      canEditRoles: can(tenant, 'users.roles'),
      // A site several clients share is edited by a superuser; a client's own site by its administrator.
      canEditLoginConfig:
        can(tenant, 'settings.shared-site') || (can(tenant, 'settings.manage') && !sharedSite),
      canEditPages: can(tenant, 'pages.manage'),
      canEditSitePages: can(tenant, 'site-pages.manage'),
      canSeeOutbox: can(tenant, 'communications.manage'),
      canSeeTickets: can(tenant, 'communications.manage'),
    };
  }

  async function listUsers(
    tenant: Tenant,
    q: { search?: string; status?: string; role?: string; page: number; pageSize: number },
  ): Promise<AdminUsersPage> {
    const search = q.search?.trim();
    const filters = {
      ...(q.status ? { status: q.status } : {}),
      ...(q.role ? { role: q.role } : {}),
      ...(search ? { search } : {}),
    };
    const rows = await repo.listMembers(tenant.clientId, filters, q.pageSize, (q.page - 1) * q.pageSize);
    let total = rows[0]?.n ?? 0;
    if (rows.length === 0 && q.page > 1) total = await repo.countMembers(tenant.clientId, filters);
    return {
      items: rows.map(({ user, roles, blockedAt }) => ({
        id: user.id,
        username: user.username,
        fullName: `${user.firstName} ${user.lastName}`.trim() || user.username,
        email: user.email,
        document: user.document,
        // Blocked here (or everywhere) shows as blocked in this client's list.
        status: (blockedAt ? 'blocked' : user.status) as AdminUsersPage['items'][number]['status'],
        roles: (roles ?? []) as RoleName[],
        isSuperuser: user.isSuperuser,
        createdAt: user.createdAt.toISOString(),
        anonymized: user.username === `deleted-${user.id}`,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Blocks the account in the selected client only; the user keeps their other clients. */
  async function block(tenant: Tenant, actorId: number, userId: number) {
    await actOn(tenant, actorId, userId);
    await deps.users.blockInClient(actorId, userId, tenant.clientId);
  }

  async function unblock(tenant: Tenant, actorId: number, userId: number) {
    await actOn(tenant, actorId, userId);
    await deps.users.unblockInClient(actorId, userId, tenant.clientId);
  }

  async function approve(tenant: Tenant, actorId: number, userId: number) {
    const { user } = await actOn(tenant, actorId, userId);
    if (user.status !== 'awaiting_approval') throw new AppError('ADMIN_NOT_AWAITING_APPROVAL', 409);
    await deps.accounts.approve(userId, actorId, tenant.clientId);
    await deps.sessions.invalidate(userId);
  }

  async function setRoles(tenant: Tenant, actorId: number, userId: number, roles: RoleName[]) {
    if (!can(tenant, 'users.roles')) throw new AppError('ADMIN_ROLES_NOT_ALLOWED', 403);
    const { roles: before } = await actOn(tenant, actorId, userId);
    const unique = [...new Set(roles)];
    // Only roles below one's own are given: a program administrator grants staff roles, a superuser
    // also program administrators.
    if (rankOf(unique, false) >= rankOf(tenant.roles, tenant.isSuperuser)) {
      throw new AppError('ADMIN_ROLES_NOT_ALLOWED', 403);
    }
    await unitOfWork(db).run(async (tx) => {
      await createAccountsAdminRepo(tx).setRoles(userId, tenant.clientId, unique);
      await audit(tx, {
        actorId,
        clientId: tenant.clientId,
        action: 'user.roles',
        target: { type: 'user', id: userId },
        before: before ?? [],
        after: unique,
      });
    });
    await deps.sessions.invalidate(userId);
    return unique;
  }

  /**
   * E-mails the user a set-password link. Staff send it, never see it: the outbox keeps the message with
   * the link hidden, filed under this client.
   */
  async function sendSetPasswordLink(tenant: Tenant, actorId: number, userId: number, lang: LanguageCode) {
    const { user } = await actOn(tenant, actorId, userId);
    if (!user.email) throw new AppError('BAD_REQUEST', 400);
    await deps.accounts.sendSetPasswordLink(userId, lang, tenant.clientId);
    await audit(db, {
      actorId,
      clientId: tenant.clientId,
      action: 'user.set_password_link',
      target: { type: 'user', id: userId },
    });
  }

  /** The client whose deletion requests the tenant sees; null for a superuser, who sees every client's. */
  const deletionClient = (tenant: Tenant) => (tenant.isSuperuser ? null : tenant.clientId);

  async function listDeletionRequests(
    tenant: Tenant,
    q: { status?: string; page: number; pageSize: number },
  ): Promise<DeletionRequestsPage> {
    const { rows, total } = await repo.listDeletionRequests(
      deletionClient(tenant),
      q.status,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    );
    return {
      items: rows.map(({ r, user }) => ({
        id: r.id,
        userId: r.userId,
        fullName: `${user.firstName} ${user.lastName}`.trim() || user.username,
        email: user.email,
        reason: r.reason,
        status: r.status as 'pending' | 'processed',
        requestedAt: r.requestedAt.toISOString(),
        processedAt: iso(r.processedAt),
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function processDeletion(tenant: Tenant, actorId: number, requestId: number) {
    const request = await repo.deletionRequest(deletionClient(tenant), requestId);
    if (!request) throw new AppError('NOT_FOUND', 404);
    if (request.userId === actorId) throw new AppError('ADMIN_SELF_ACTION', 403);
    // The account's rank in the client it asked in; one that has left it since counts as a learner there.
    const member = await repo.rankIn(request.clientId ?? tenant.clientId, request.userId);
    if (member && !outranks(tenant, { roles: member.roles ?? [], isSuperuser: member.isSuperuser })) {
      throw new AppError('ADMIN_TARGET_NOT_BELOW', 403);
    }
    await deps.profile.anonymize(requestId, actorId, tenant.clientId);
  }

  async function outbox(
    tenant: Tenant,
    q: { channel?: string; search?: string; page: number; pageSize: number },
  ): Promise<OutboxPage> {
    const result = await deps.messaging.listOutbox({
      ...q,
      ...(tenant.isSuperuser ? {} : { clientId: tenant.clientId }),
    });
    return {
      items: result.items.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        body: m.body,
        template: m.template,
        status: m.status,
        createdAt: m.createdAt,
      })),
      total: result.total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function loginConfig(tenant: Tenant): Promise<LoginConfig> {
    const client = await clientOf(tenant.clientId);
    const config = await deps.site.byId(client.siteId);
    if (!config) throw new AppError('NOT_FOUND', 404);
    return config;
  }

  async function saveLoginConfig(tenant: Tenant, actorId: number, body: LoginConfigBody) {
    if (!can(tenant, 'settings.manage')) throw new AppError('FORBIDDEN', 403);
    const client = await clientOf(tenant.clientId);
    // A site several clients share is not one client's to change: a superuser edits it.
    if (!can(tenant, 'settings.shared-site') && (await clientsOnSite(client.siteId)) > 1) {
      throw new AppError('ADMIN_SUPERUSER_REQUIRED', 403);
    }
    await deps.site.update(client.siteId, { ...body, siteId: client.siteId });
    await audit(db, {
      actorId,
      clientId: tenant.clientId,
      action: 'site.login_config',
      target: { type: 'site', id: client.siteId },
    });
    return loginConfig(tenant);
  }

  /** A logo or background: re-encoded (which drops anything but pixels) and stored under a random name. */
  async function saveSiteAsset(data: Buffer, kind: 'logo' | 'background') {
    const max = kind === 'logo' ? 800 : 2400;
    let webp: Buffer;
    try {
      webp = await renderWebp(data, {
        width: max,
        height: max,
        fit: 'inside',
        withoutEnlargement: true,
        quality: 86,
      });
    } catch {
      throw new AppError('PROFILE_AVATAR_INVALID', 400, {
        details: [{ path: 'file', code: 'PROFILE_AVATAR_INVALID' }],
      });
    }
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await deps.storage.put(`site-assets/${name}`, webp);
    return `/api/site-assets/${name}`;
  }

  /** The storage key of a login logo or background by its public name; undefined for a malformed one. */
  function siteAssetKey(name: string): string | undefined {
    return SITE_ASSET.test(name) ? `site-assets/${name}` : undefined;
  }

  return {
    capabilities,
    listUsers,
    block,
    unblock,
    approve,
    setRoles,
    sendSetPasswordLink,
    listDeletionRequests,
    processDeletion,
    outbox,
    loginConfig,
    saveLoginConfig,
    saveSiteAsset,
    siteAssetKey,
  };
}

export type AccountsAdminService = ReturnType<typeof createAccountsAdminService>;
