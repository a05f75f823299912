import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction, AuditTargetType } from '@trilha/contracts/audit';
import type { App } from '../../context';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/users';

export interface AuditRecord {
  /** Who acted; null for the platform itself (a job) or an anonymous caller (registration). */
  actorId: number | null;
  /** The client the action belongs to; null for what spans clients (a superuser's block everywhere). */
  clientId: number | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: number | string | null };
  /** The state before and after, where a reader needs it to see what changed (roles, statuses). */
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping (a reason, a count); never a secret. */
  details?: unknown;
}

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Gives every audit row written while a request runs that request's id (X-Request-Id). */
export function registerAuditContext(app: App) {
  app.addHook('onRequest', (request, _reply, done) => {
    requestScope.run({ requestId: request.id }, done);
  });
}

/**
 * The one writer of the audit trail. Call it with the transaction of the change it records, so the row
 * exists exactly when the change does.
 */
export async function audit(db: DbOrTx, record: AuditRecord): Promise<void> {
  const { before, after, details } = record;
  const requestId = requestScope.getStore()?.requestId ?? null;
  const data =
    before === undefined && after === undefined && details === undefined && requestId === null
      ? null
      : JSON.stringify({ before, after, details, requestId });
  await db.insert(auditLog).values({
    clientId: record.clientId,
    actorId: record.actorId,
    action: record.action,
    entity: record.target.type,
    entityId: record.target.id === null ? null : String(record.target.id),
    data,
  });
}
