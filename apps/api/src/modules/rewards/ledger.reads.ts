import {
  STATEMENT_CSV_MAX_ROWS,
  type RewardAccountsPage,
  type RewardsHistory,
  type RewardsSummary,
  type StatementFilters,
  type StatementPage,
} from '@trilha/contracts/rewards/ledger';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { createLedgerReadsRepo, type StatementRow } from './ledger.reads.repo';
import { createLedgerRepo } from './ledger.repo';

/** How many expiry days the summary shows. */
const EXPIRING_DAYS = 5;
/** Rows read per round while a CSV statement streams. */
const CSV_CHUNK = 2_000;

/** The ledgers' reads: a learner's own summary, statement and history, and the back office's lists. */
export function createLedgerReads(deps: { db: Db }) {
  const repo = createLedgerReadsRepo(deps.db);
  const ledgerRepo = createLedgerRepo(deps.db);

  async function statement(
    clientId: number,
    userId: number,
    q: StatementFilters & { page: number; pageSize: number },
  ): Promise<StatementPage> {
    const [items, total] = await Promise.all([
      repo.statement(clientId, userId, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      repo.statementCount(clientId, userId, q),
    ]);
    return { items, total, page: q.page, pageSize: q.pageSize };
  }

  return {
    async summary(clientId: number, userId: number): Promise<RewardsSummary> {
      const [account, expiring] = await Promise.all([
        repo.account(clientId, userId),
        repo.expiring(clientId, userId, EXPIRING_DAYS),
      ]);
      return { ...account, available: account.points - account.held, expiring };
    },

    statement,

    /**
     * The rows of a CSV statement, read in chunks as they are written. Refused before the first byte when
     * the filters match more than STATEMENT_CSV_MAX_ROWS entries.
     */
    async csvRows(
      clientId: number,
      userId: number,
      f: StatementFilters,
    ): Promise<AsyncIterable<StatementRow>> {
      const total = await repo.statementCount(clientId, userId, f);
      if (total > STATEMENT_CSV_MAX_ROWS) {
        throw new AppError('REWARDS_EXPORT_TOO_LARGE', 422, { params: { max: STATEMENT_CSV_MAX_ROWS } });
      }
      return (async function* () {
        for (let offset = 0; offset < total; offset += CSV_CHUNK) {
          const chunk = await repo.statement(clientId, userId, f, { limit: CSV_CHUNK, offset });
          yield* chunk;
          if (chunk.length < CSV_CHUNK) return;
        }
      })();
    },

    async history(clientId: number, userId: number, months: number): Promise<RewardsHistory> {
      return { series: await repo.history(clientId, userId, months) };
    },

    async accounts(
      clientId: number,
      q: { search: string; page: number; pageSize: number },
    ): Promise<RewardAccountsPage> {
      const found = await repo.accounts(clientId, q.search, {
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return { ...found, page: q.page, pageSize: q.pageSize };
    },

    /** A user's statement for the back office: 404 for someone outside the client. */
    async statementOf(
      clientId: number,
      userId: number,
      q: StatementFilters & { page: number; pageSize: number },
    ): Promise<StatementPage> {
      if (!(await ledgerRepo.isMember(clientId, userId))) throw notFound();
      return statement(clientId, userId, q);
    },
  };
}

export type LedgerReads = ReturnType<typeof createLedgerReads>;
