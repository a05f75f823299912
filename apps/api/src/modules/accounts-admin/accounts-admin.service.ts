import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  AdminCapabilities,
  AdminUsersPage,
  DeletionRequestsPage,
  LoginConfigBody,
  OutboxPage,
} from '@trilha/contracts/accounts-admin';
import type { LoginConfig } from '@trilha/contracts/site';
import type { LanguageCode, RoleName } from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema/core';
import { accountDeletionRequests } from '../../db/schema/profile';
import { auditLog, userClients, users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { SessionService } from '../session/session.service';
import type { SiteService } from '../site/site.service';
import type { UsersService } from '../users/users.service';
import type { AccountsPort, MessagingPort } from '../profile/ports';
import type { ProfileService } from '../profile/profile.service';

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
  profile: () => ProfileService | undefined;
  accounts: () => AccountsPort | undefined;
  messaging: () => MessagingPort | undefined;
}

const has = (t: Tenant, ...roles: RoleName[]) => t.isSuperuser || t.roles.some((r) => roles.includes(r));
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const unavailable = () => new AppError('INTERNAL', 503);

/** Site assets (logos, login background): public, as the login screen shows them before anyone signs in. */
export const SITE_ASSET = /^[a-f0-9]{32}\.webp$/;

export function createAccountsAdminService(deps: AccountsAdminDeps) {
  const { db } = deps;

  async function clientOf(clientId: number) {
    const [row] = await db
      .select({ id: clients.id, name: clients.name, siteId: clients.siteId })
      .from(clients)
      .where(eq(clients.id, clientId));
    if (!row) throw new AppError('CLIENT_NOT_AVAILABLE', 403);
    return row;
  }

  /**
   * The target account as the admin may see it: a member of the admin's selected client (any account for
   * a superuser). Anything else is "not found", so ids of other clients' users reveal nothing.
   */
  async function target(tenant: Tenant, userId: number) {
    const [row] = await db
      .select({ user: users, roles: userClients.roles })
      .from(users)
      .leftJoin(userClients, and(eq(userClients.userId, users.id), eq(userClients.clientId, tenant.clientId)))
      .where(eq(users.id, userId));
    if (!row || (!tenant.isSuperuser && row.roles === null)) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  async function capabilities(tenant: Tenant): Promise<AdminCapabilities> {
    const client = await clientOf(tenant.clientId);
    return {
      clientId: client.id,
      clientName: client.name,
      canManageUsers: has(tenant, 'support', 'program_admin', 'manager'),
      canEditRoles: has(tenant, 'program_admin'),
      canEditLoginConfig: has(tenant, 'program_admin'),
      canEditPages: has(tenant, 'program_admin'),
      canEditSitePages: tenant.isSuperuser,
      canSeeOutbox: has(tenant, 'support', 'program_admin'),
      canSeeTickets: has(tenant, 'support', 'program_admin'),
    };
  }

  async function listUsers(
    tenant: Tenant,
    q: { search?: string; status?: string; role?: string; page: number; pageSize: number },
  ): Promise<AdminUsersPage> {
    const conditions: (SQL | undefined)[] = [];
    if (!tenant.isSuperuser) conditions.push(sql`${userClients.roles} is not null`);
    if (q.status) conditions.push(eq(users.status, q.status));
    if (q.role) conditions.push(sql`${q.role} = any(${userClients.roles})`);
    const search = q.search?.trim();
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
      const digits = search.replace(/\D/g, '');
      conditions.push(
        sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}
          or lower(coalesce(${users.email}, '')) like ${like}
          or lower(${users.username}) like ${like}
          ${digits.length >= 3 ? sql`or ${users.document} like ${`%${digits}%`}` : sql``})`,
      );
    }
    const where = and(...conditions);
    const base = () =>
      db
        .select({ user: users, roles: userClients.roles, n: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(users)
        .leftJoin(
          userClients,
          and(eq(userClients.userId, users.id), eq(userClients.clientId, tenant.clientId)),
        )
        .where(where);
    const rows = await base()
      .orderBy(users.firstName, users.lastName, users.id)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    let total = rows[0]?.n ?? 0;
    if (rows.length === 0 && q.page > 1) {
      const [c] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(
          userClients,
          and(eq(userClients.userId, users.id), eq(userClients.clientId, tenant.clientId)),
        )
        .where(where);
      total = c?.n ?? 0;
    }
    return {
      items: rows.map(({ user, roles }) => ({
        id: user.id,
        username: user.username,
        fullName: `${user.firstName} ${user.lastName}`.trim() || user.username,
        email: user.email,
        document: user.document,
        status: user.status as AdminUsersPage['items'][number]['status'],
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

  async function assertMayChangeStatus(tenant: Tenant, actorId: number, userId: number) {
    if (actorId === userId) throw new AppError('ADMIN_SELF_ACTION', 403);
    const { user } = await target(tenant, userId);
    if (user.isSuperuser && !tenant.isSuperuser) throw new AppError('FORBIDDEN', 403);
    return user;
  }

  async function block(tenant: Tenant, actorId: number, userId: number) {
    await assertMayChangeStatus(tenant, actorId, userId);
    await deps.users.block(actorId, userId);
  }

  async function unblock(tenant: Tenant, actorId: number, userId: number) {
    await assertMayChangeStatus(tenant, actorId, userId);
    await deps.users.unblock(actorId, userId);
  }

  async function approve(tenant: Tenant, actorId: number, userId: number) {
    const user = await assertMayChangeStatus(tenant, actorId, userId);
    if (user.status !== 'awaiting_approval') throw new AppError('ADMIN_NOT_AWAITING_APPROVAL', 409);
    const accounts = deps.accounts();
    if (!accounts) throw unavailable();
    await accounts.approve(userId, actorId);
    await deps.sessions.invalidate(userId);
  }

  async function setRoles(tenant: Tenant, actorId: number, userId: number, roles: RoleName[]) {
    if (!has(tenant, 'program_admin')) throw new AppError('ADMIN_ROLES_NOT_ALLOWED', 403);
    if (actorId === userId) throw new AppError('ADMIN_SELF_ACTION', 403);
    const { user, roles: before } = await target(tenant, userId);
    if (user.isSuperuser && !tenant.isSuperuser) throw new AppError('FORBIDDEN', 403);
    const unique = [...new Set(roles)];
    await db.transaction(async (tx) => {
      await tx
        .insert(userClients)
        .values({ userId, clientId: tenant.clientId, roles: unique })
        .onConflictDoUpdate({ target: [userClients.userId, userClients.clientId], set: { roles: unique } });
      await tx.insert(auditLog).values({
        clientId: tenant.clientId,
        actorId,
        action: 'user.roles',
        entity: 'user',
        entityId: String(userId),
        data: JSON.stringify({ before: before ?? [], after: unique }),
      });
    });
    await deps.sessions.invalidate(userId);
    return unique;
  }

  async function sendSetPasswordLink(tenant: Tenant, actorId: number, userId: number, lang: LanguageCode) {
    const { user } = await target(tenant, userId);
    if (!user.email) throw new AppError('BAD_REQUEST', 400);
    const accounts = deps.accounts();
    if (!accounts) throw unavailable();
    await accounts.sendSetPasswordLink(userId, lang);
    await db.insert(auditLog).values({
      clientId: tenant.clientId,
      actorId,
      action: 'user.set_password_link',
      entity: 'user',
      entityId: String(userId),
    });
  }

  const deletionScope = (tenant: Tenant) =>
    tenant.isSuperuser ? undefined : eq(accountDeletionRequests.clientId, tenant.clientId);

  async function listDeletionRequests(
    tenant: Tenant,
    q: { status?: string; page: number; pageSize: number },
  ): Promise<DeletionRequestsPage> {
    const where = and(
      deletionScope(tenant),
      q.status ? eq(accountDeletionRequests.status, q.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ r: accountDeletionRequests, user: users })
        .from(accountDeletionRequests)
        .innerJoin(users, eq(users.id, accountDeletionRequests.userId))
        .where(where)
        .orderBy(desc(accountDeletionRequests.requestedAt), desc(accountDeletionRequests.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db.select({ n: count() }).from(accountDeletionRequests).where(where),
    ]);
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
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function processDeletion(tenant: Tenant, actorId: number, requestId: number) {
    const [request] = await db
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.id, requestId), deletionScope(tenant)));
    if (!request) throw new AppError('NOT_FOUND', 404);
    if (request.userId === actorId) throw new AppError('ADMIN_SELF_ACTION', 403);
    const profile = deps.profile();
    if (!profile) throw unavailable();
    await profile.anonymize(requestId, actorId, tenant.clientId);
  }

  async function outbox(
    tenant: Tenant,
    q: { channel?: string; search?: string; page: number; pageSize: number },
  ): Promise<OutboxPage> {
    const messaging = deps.messaging();
    if (!messaging) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
    const result = (await messaging.listOutbox({
      ...q,
      ...(tenant.isSuperuser ? {} : { clientId: tenant.clientId }),
    })) as { items?: Record<string, unknown>[]; total?: number };
    return {
      items: (result.items ?? []).map((m) => ({
        id: Number(m.id),
        channel: String(m.channel ?? ''),
        to: String(m.to ?? m.recipient ?? ''),
        subject: typeof m.subject === 'string' ? m.subject : null,
        body: String(m.body ?? m.text ?? ''),
        template: typeof m.template === 'string' ? m.template : null,
        status: String(m.status ?? 'sent'),
        createdAt: iso((m.createdAt ?? m.created_at ?? new Date()) as string)!,
      })),
      total: Number(result.total ?? 0),
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
    if (!has(tenant, 'program_admin')) throw new AppError('FORBIDDEN', 403);
    const client = await clientOf(tenant.clientId);
    await deps.site.update(client.siteId, { ...body, siteId: client.siteId });
    await db.insert(auditLog).values({
      clientId: tenant.clientId,
      actorId,
      action: 'site.login_config',
      entity: 'site',
      entityId: String(client.siteId),
    });
    return loginConfig(tenant);
  }

  /** A logo or background: re-encoded (which drops anything but pixels) and stored under a random name. */
  async function saveSiteAsset(data: Buffer, kind: 'logo' | 'background') {
    const max = kind === 'logo' ? 800 : 2400;
    let webp: Buffer;
    try {
      webp = await sharp(data, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(max, max, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 86 })
        .toBuffer();
    } catch {
      throw new AppError('PROFILE_AVATAR_INVALID', 400, {
        details: [{ path: 'file', code: 'PROFILE_AVATAR_INVALID' }],
      });
    }
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await deps.storage.put(`site-assets/${name}`, webp);
    return `/api/site-assets/${name}`;
  }

  async function siteAsset(name: string) {
    if (!SITE_ASSET.test(name)) return undefined;
    const key = `site-assets/${name}`;
    return (await deps.storage.exists(key)) ? deps.storage.get(key) : undefined;
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
    siteAsset,
  };
}

export type AccountsAdminService = ReturnType<typeof createAccountsAdminService>;
