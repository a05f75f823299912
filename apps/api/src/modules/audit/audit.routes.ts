import { auditTrailPage, auditTrailQuery, type AuditEntry } from '@trilha/contracts/audit';
import { errorBody } from '@trilha/contracts/errors';
import { z } from 'zod';
import type { App } from '../../context';
import type { Db } from '../../db/client';
import type { RequireCapability } from '../../plugins/tenant';
import { auditRepo } from './audit.repo';

/** The CSV export stops here; a longer trail is narrowed by its filters. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/**
 * A CSV cell: quoted, quotes doubled, and a leading = + - @ (or tab, return) defused with an apostrophe,
 * so a spreadsheet never runs a name someone typed as a formula.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const csvHeader = [
  'at',
  'actor',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'target_name',
  'before',
  'after',
  'details',
  'request_id',
];

function csvRow(e: AuditEntry) {
  return [
    e.at,
    e.actor?.name,
    e.actor?.email,
    e.action,
    e.targetType,
    e.targetId,
    e.targetName,
    e.before,
    e.after,
    e.details,
    e.requestId,
  ]
    .map(csvCell)
    .join(',');
}

/** The audit trail of the selected client, for its program administrators (and superusers). */
export function registerAuditRoutes(app: App, deps: { db: Db; requireCapability: RequireCapability }) {
  // The trail is a screen of the settings area, with a capability of its own (contracts/permissions.ts).
  const guard = deps.requireCapability('audit.trail');

  app.get(
    '/api/admin/audit-trail',
    {
      preHandler: guard,
      schema: {
        tags: ['admin: audit trail'],
        summary: 'Who did what, when, in the selected client (program administrators)',
        querystring: auditTrailQuery,
        response: { 200: auditTrailPage, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const t = request.tenant!;
      return auditRepo.page(deps.db, t.clientId, t.isSuperuser, request.query);
    },
  );

  app.get(
    '/api/admin/audit-trail.csv',
    {
      preHandler: guard,
      schema: {
        tags: ['admin: audit trail'],
        summary: `The filtered audit trail as CSV, newest first, at most ${AUDIT_CSV_MAX_ROWS} rows`,
        querystring: auditTrailQuery.omit({ page: true, pageSize: true }),
        response: { 200: z.string(), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const t = request.tenant!;
      const rows = await auditRepo.all(deps.db, t.clientId, t.isSuperuser, request.query, AUDIT_CSV_MAX_ROWS);
      const day = new Date().toISOString().slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="audit-trail-${day}.csv"`);
      reply.type('text/csv; charset=utf-8');
      return `\uFEFF${[csvHeader.join(','), ...rows.map(csvRow)].join('\r\n')}\r\n`;
    },
  );
}
