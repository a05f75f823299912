import { z } from 'zod';
import { Readable } from 'node:stream';
import { errorBody } from '@trilha/contracts/errors';
import {
  adjustmentBody,
  adjustmentResult,
  historyQuery,
  reconciliationOverview,
  reconciliationRunResult,
  rewardAccountParams,
  rewardAccountsPage,
  rewardAccountsQuery,
  rewardsHistory,
  rewardsSummary,
  statementFilters,
  statementPage,
  statementQuery,
} from '@trilha/contracts/rewards/ledger';
import type { LanguageCode } from '@trilha/contracts/session';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { compiledResponses } from '../../lib/response-serializer';
import type { LedgerAdmin } from './ledger.admin';
import type { LedgerReads } from './ledger.reads';
import type { StatementRow } from './ledger.reads.repo';
import type { Reconciliation } from './ledger.reconcile';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
const tags = ['rewards'];

/** The CSV statement's header row in each language (the web's own labels live in its catalogs). */
const csvHeaders: Record<LanguageCode, string[]> = {
  'pt-BR': ['Data', 'Saldo', 'Valor', 'Saldo após', 'Origem', 'Referência', 'Motivo', 'Expira em'],
  'en-US': ['Date', 'Ledger', 'Amount', 'Balance after', 'Source', 'Reference', 'Reason', 'Expires at'],
  es: ['Fecha', 'Saldo', 'Valor', 'Saldo después', 'Origen', 'Referencia', 'Motivo', 'Vence el'],
  fr: ['Date', 'Compte', 'Montant', 'Solde après', 'Origine', 'Référence', 'Motif', 'Expire le'],
};

/** A CSV cell that a spreadsheet cannot run as a formula (the audit trail's rule). */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== String(value) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (r: StatementRow) =>
  [
    r.createdAt,
    r.ledger,
    r.amount,
    r.balanceAfter,
    r.source,
    r.refLabel ?? (r.refType ? `${r.refType} ${r.refId ?? ''}`.trim() : ''),
    r.reason,
    r.expiresAt,
  ]
    .map(csvCell)
    .join(',');

export function registerLedgerRoutes(
  app: App,
  deps: CoreDeps,
  s: { reads: LedgerReads; admin: LedgerAdmin; reconciliation: Reconciliation },
) {
  const { requireClient, requireCapability, idempotencyRequired } = deps.guards;
  const manage = requireCapability('rewards.manage');

  app.get(
    '/api/rewards/summary',
    {
      serializerCompiler: compiledResponses,
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'My points, XP and what expires next',
        response: { 200: rewardsSummary, ...errors },
      },
    },
    async (request) => s.reads.summary(request.tenant!.clientId, request.auth!.userId),
  );

  app.get(
    '/api/rewards/statement',
    {
      serializerCompiler: compiledResponses,
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'My statement, newest first',
        querystring: statementQuery,
        response: { 200: statementPage, ...errors },
      },
    },
    async (request) => s.reads.statement(request.tenant!.clientId, request.auth!.userId, request.query),
  );

  app.get(
    '/api/rewards/statement.csv',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'My statement as CSV (at most 50,000 rows)',
        querystring: statementFilters,
        // Streamed as text/csv; the schema documents the body's type (the stream is not serialized).
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await s.reads.csvRows(request.tenant!.clientId, request.auth!.userId, request.query);
      const header = csvHeaders[request.lang] ?? csvHeaders['pt-BR'];
      const lines = (async function* () {
        yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
        for await (const row of rows) yield `${csvLine(row)}\r\n`;
      })();
      const day = new Date().toISOString().slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="statement-${day}.csv"`);
      reply.type('text/csv; charset=utf-8');
      // The documented body is the CSV text; it goes out as a stream of its lines, which Fastify sends as is
      // (the response schema's type does not describe a stream).
      return reply.send(Readable.from(lines) as unknown as string);
    },
  );

  app.get(
    '/api/rewards/history',
    {
      serializerCompiler: compiledResponses,
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'My balances at each month end',
        querystring: historyQuery,
        response: { 200: rewardsHistory, ...errors },
      },
    },
    async (request) => s.reads.history(request.tenant!.clientId, request.auth!.userId, request.query.months),
  );

  app.get(
    '/api/admin/rewards/accounts',
    {
      serializerCompiler: compiledResponses,
      preHandler: manage,
      schema: {
        tags,
        summary: "The client's users with their balances",
        querystring: rewardAccountsQuery,
        response: { 200: rewardAccountsPage, ...errors },
      },
    },
    async (request) => s.reads.accounts(request.tenant!.clientId, request.query),
  );

  app.get(
    '/api/admin/rewards/accounts/:userId/statement',
    {
      serializerCompiler: compiledResponses,
      preHandler: manage,
      schema: {
        tags,
        summary: "A user's statement",
        params: rewardAccountParams,
        querystring: statementQuery,
        response: { 200: statementPage, ...errors },
      },
    },
    async (request) => s.reads.statementOf(request.tenant!.clientId, request.params.userId, request.query),
  );

  app.post(
    '/api/admin/rewards/adjustments',
    {
      preHandler: [manage, idempotencyRequired],
      schema: {
        tags,
        summary: 'Adjusts a user’s points or XP (Idempotency-Key required)',
        body: adjustmentBody,
        response: { 201: adjustmentResult, ...errors },
      },
    },
    async (request, reply) => {
      const result = await s.admin.adjust({
        clientId: request.tenant!.clientId,
        actorId: request.auth!.userId,
        requestKey: String(request.headers['idempotency-key']),
        body: request.body,
      });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/admin/rewards/reconciliation',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'The last reconciliation runs and findings',
        response: { 200: reconciliationOverview, ...errors },
      },
    },
    async (request) => s.reconciliation.overview(request.tenant!.clientId),
  );

  app.post(
    '/api/admin/rewards/reconciliation/run',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Checks this client's accounts now",
        response: { 200: reconciliationRunResult, ...errors },
      },
    },
    async (request) => s.reconciliation.runFor(request.tenant!.clientId),
  );
}
