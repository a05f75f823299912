import { sql, type SQL } from 'drizzle-orm';
import type { LedgerKind, LedgerSource, StatementFilters } from '@trilha/contracts/rewards/ledger';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * What the learner's and the back office's screens read of the ledgers. A user's entries are read
 * through ledger_entries_statement_idx (client, user, created_at, id), newest first, so a statement costs
 * the same on a million entries as on a hundred.
 */

const int = (v: unknown) => Number(v ?? 0);
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export interface StatementRow {
  id: number;
  ledger: LedgerKind;
  amount: number;
  balanceAfter: number;
  source: LedgerSource;
  refType: string | null;
  refId: number | null;
  refLabel: string | null;
  reason: string | null;
  createdAt: string;
  expiresAt: string | null;
}

interface RawStatementRow extends Omit<StatementRow, 'createdAt' | 'expiresAt'> {
  createdAt: Date | string;
  expiresAt: Date | string | null;
}

/** `%text%` for LIKE, its own wildcards taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createLedgerReadsRepo(db: DbOrTx) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  const filtersOf = (clientId: number, userId: number, f: StatementFilters) => {
    const parts = [sql`e.client_id = ${clientId} and e.user_id = ${userId}`];
    if (f.ledger !== 'all') parts.push(sql`e.ledger = ${f.ledger}`);
    if (f.source !== 'all') parts.push(sql`e.source = ${f.source}`);
    if (f.from) parts.push(sql`e.created_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
    if (f.to) parts.push(sql`e.created_at < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
    return sql.join(parts, sql` and `);
  };

  return {
    async account(clientId: number, userId: number) {
      const [row] = await rows<{
        points: number;
        held: number;
        xp: number;
        lastEntryAt: Date | string | null;
      }>(sql`
        select coalesce(a.points, 0) as points, coalesce(a.held, 0) as held, coalesce(a.xp, 0) as xp,
          (select e.created_at from ledger_entries e where e.client_id = ${clientId} and e.user_id = ${userId}
            order by e.created_at desc, e.id desc limit 1) as "lastEntryAt"
        from (select 1) one
        left join reward_accounts a on a.client_id = ${clientId} and a.user_id = ${userId}`);
      return {
        points: int(row?.points),
        held: int(row?.held),
        xp: int(row?.xp),
        lastEntryAt: iso(row?.lastEntryAt ?? null),
      };
    },

    /** The next days on which points expire, each day's points summed (UTC days). */
    async expiring(clientId: number, userId: number, days: number) {
      const found = await rows<{ points: number; expiresAt: Date | string }>(sql`
        select sum(remaining)::int as points, min(expires_at) as "expiresAt"
        from point_lots
        where client_id = ${clientId} and user_id = ${userId} and remaining > 0
          and expires_at is not null and expires_at > now()
        group by date_trunc('day', expires_at at time zone 'UTC')
        order by min(expires_at) limit ${days}`);
      return found.map((r) => ({ points: int(r.points), expiresAt: iso(r.expiresAt)! }));
    },

    async statement(
      clientId: number,
      userId: number,
      f: StatementFilters,
      page: { limit: number; offset: number },
    ): Promise<StatementRow[]> {
      const found = await rows<RawStatementRow>(sql`
        select e.id, e.ledger, e.amount, e.balance_after as "balanceAfter", e.source, e.ref_type as "refType",
          e.ref_id as "refId", e.ref_label as "refLabel", e.reason, e.created_at as "createdAt",
          l.expires_at as "expiresAt"
        from ledger_entries e
        left join point_lots l on l.entry_id = e.id and l.client_id = e.client_id
        where ${filtersOf(clientId, userId, f)}
        order by e.created_at desc, e.id desc
        limit ${page.limit} offset ${page.offset}`);
      return found.map((r) => ({
        ...r,
        id: int(r.id),
        amount: int(r.amount),
        balanceAfter: int(r.balanceAfter),
        refId: r.refId === null ? null : int(r.refId),
        createdAt: iso(r.createdAt)!,
        expiresAt: iso(r.expiresAt),
      }));
    },

    async statementCount(clientId: number, userId: number, f: StatementFilters): Promise<number> {
      const [row] = await rows<{ n: number }>(sql`
        select count(*)::int as n from ledger_entries e where ${filtersOf(clientId, userId, f)}`);
      return int(row?.n);
    },

    /** Balances at the end of each of the last `months` months (UTC), the current one as of now. */
    async history(clientId: number, userId: number, months: number) {
      const found = await rows<{ month: string; points: number; xp: number }>(sql`
        select to_char(m, 'YYYY-MM') as month,
          coalesce((select e.balance_after from ledger_entries e
            where e.client_id = ${clientId} and e.user_id = ${userId} and e.ledger = 'points'
              and e.created_at < (m + interval '1 month') at time zone 'UTC'
            order by e.created_at desc, e.id desc limit 1), 0) as points,
          coalesce((select e.balance_after from ledger_entries e
            where e.client_id = ${clientId} and e.user_id = ${userId} and e.ledger = 'xp'
              and e.created_at < (m + interval '1 month') at time zone 'UTC'
            order by e.created_at desc, e.id desc limit 1), 0) as xp
        from generate_series(
          date_trunc('month', now() at time zone 'UTC') - ${months - 1}::int * interval '1 month',
          date_trunc('month', now() at time zone 'UTC'),
          interval '1 month') as m
        order by m`);
      return found.map((r) => ({ month: r.month, points: int(r.points), xp: int(r.xp) }));
    },

    /** The client's users with their balances, by name; `search` in the name or e-mail. */
    async accounts(clientId: number, search: string, page: { limit: number; offset: number }) {
      const matching = search
        ? sql`and (lower(u.first_name || ' ' || u.last_name) like ${containing(search)}
            or lower(coalesce(u.email, '')) like ${containing(search)})`
        : sql``;
      const [count] = await rows<{ n: number }>(sql`
        select count(*)::int as n from user_clients uc join users u on u.id = uc.user_id
        where uc.client_id = ${clientId} ${matching}`);
      const found = await rows<{
        userId: number;
        name: string;
        email: string | null;
        points: number;
        held: number;
        xp: number;
      }>(sql`
        select u.id as "userId", trim(u.first_name || ' ' || u.last_name) as name, u.email,
          coalesce(a.points, 0) as points, coalesce(a.held, 0) as held, coalesce(a.xp, 0) as xp
        from user_clients uc join users u on u.id = uc.user_id
        left join reward_accounts a on a.client_id = uc.client_id and a.user_id = uc.user_id
        where uc.client_id = ${clientId} ${matching}
        order by lower(u.first_name), lower(u.last_name), u.id
        limit ${page.limit} offset ${page.offset}`);
      return {
        total: int(count?.n),
        items: found.map((r) => {
          const points = int(r.points);
          const held = int(r.held);
          return {
            userId: int(r.userId),
            name: r.name,
            email: r.email,
            points,
            held,
            available: points - held,
            xp: int(r.xp),
          };
        }),
      };
    },
  };
}
