import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry, AuditTrailQuery } from '@trilha/contracts/audit';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema/users';

const actors = alias(users, 'actor');
const targets = alias(users, 'target_user');

export type AuditFilter = Omit<AuditTrailQuery, 'page' | 'pageSize'>;

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The client's trail; a superuser also sees what spans clients (client_id null). */
function conditions(clientId: number, withGlobal: boolean, f: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    withGlobal
      ? or(eq(auditLog.clientId, clientId), isNull(auditLog.clientId))
      : eq(auditLog.clientId, clientId),
  ];
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.targetType) parts.push(eq(auditLog.entity, f.targetType));
  if (f.targetId) parts.push(eq(auditLog.entityId, f.targetId));
  if (f.from) parts.push(gte(auditLog.createdAt, sql`${f.from}::date`));
  if (f.to) parts.push(lt(auditLog.createdAt, sql`${f.to}::date + 1`));
  if (f.actor) {
    const like = `%${escapeLike(f.actor)}%`;
    parts.push(
      or(ilike(sql`${actors.firstName} || ' ' || ${actors.lastName}`, like), ilike(actors.email, like)),
    );
  }
  return and(...parts);
}

function fullName(first: string | null, last: string | null) {
  return [first, last].filter(Boolean).join(' ').trim();
}

function toEntry(row: {
  id: number;
  createdAt: Date;
  actorId: number | null;
  actorFirst: string | null;
  actorLast: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  targetFirst: string | null;
  targetLast: string | null;
  data: string | null;
}): AuditEntry {
  let data: { before?: unknown; after?: unknown; details?: unknown; requestId?: unknown } = {};
  if (row.data) {
    try {
      const parsed: unknown = JSON.parse(row.data);
      // Rows written before the one writer kept `{ before, after }` or free data.
      const shaped =
        parsed !== null &&
        typeof parsed === 'object' &&
        !Array.isArray(parsed) &&
        ('before' in parsed || 'after' in parsed || 'requestId' in parsed);
      data = shaped ? (parsed as typeof data) : { details: parsed };
    } catch {
      data = { details: row.data };
    }
  }
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor:
      row.actorId === null
        ? null
        : {
            id: row.actorId,
            name: fullName(row.actorFirst, row.actorLast) || (row.actorEmail ?? ''),
            email: row.actorEmail,
          },
    action: row.action,
    targetType: row.entity,
    targetId: row.entityId,
    targetName: row.targetFirst === null ? null : fullName(row.targetFirst, row.targetLast) || null,
    ...(data.before === undefined ? {} : { before: data.before }),
    ...(data.after === undefined ? {} : { after: data.after }),
    ...(data.details === undefined ? {} : { details: data.details }),
    requestId: typeof data.requestId === 'string' ? data.requestId : null,
  };
}

function select(db: Db) {
  return (
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorFirst: actors.firstName,
        actorLast: actors.lastName,
        actorEmail: actors.email,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        targetFirst: targets.firstName,
        targetLast: targets.lastName,
        data: auditLog.data,
      })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      // The cast is on the audit row's side, so each row finds its user by primary key.
      .leftJoin(
        targets,
        eq(
          targets.id,
          sql`case when ${auditLog.entity} = 'user' and ${auditLog.entityId} ~ '^[0-9]{1,9}$' then ${auditLog.entityId}::int end`,
        ),
      )
  );
}

export const auditRepo = {
  async page(db: Db, clientId: number, withGlobal: boolean, q: AuditTrailQuery) {
    const where = conditions(clientId, withGlobal, q);
    const [rows, [total]] = await Promise.all([
      select(db)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db.select({ n: count() }).from(auditLog).leftJoin(actors, eq(actors.id, auditLog.actorId)).where(where),
    ]);
    return { items: rows.map(toEntry), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  },

  /** At most `limit` rows, newest first, for the CSV export. */
  async all(db: Db, clientId: number, withGlobal: boolean, f: AuditFilter, limit: number) {
    const rows = await select(db)
      .where(conditions(clientId, withGlobal, f))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
    return rows.map(toEntry);
  },
};
