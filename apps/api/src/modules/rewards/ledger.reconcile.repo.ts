import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * The reconciliation's SQL: set-based, a few statements per run whatever the number of accounts. The
 * findings are computed in one INSERT … SELECT, so every sum of a run reads the same snapshot and a move
 * committed while it runs is either wholly in or wholly out.
 */

const int = (v: unknown) => Number(v ?? 0);

export function createReconcileRepo(db: DbOrTx) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  return {
    async startRun(): Promise<number> {
      const [row] = await rows<{ id: number }>(
        sql`insert into reconciliation_runs default values returning id`,
      );
      return int(row!.id);
    },

    /** Writes the run's findings (of one client, or of all when null); answers how many. */
    async findDifferences(runId: number, clientId: number | null): Promise<number> {
      // Every CTE reads one table filtered by the client when one is given; null checks every client.
      const scoped = (alias: string) =>
        clientId === null ? sql`true` : sql`${sql.raw(alias)}.client_id = ${clientId}`;
      const [row] = await rows<{ n: number }>(sql`
        with accounts as (
          select a.client_id, a.user_id, a.points, a.held, a.xp from reward_accounts a where ${scoped('a')}
        ), entries as (
          select e.client_id, e.user_id,
            coalesce(sum(e.amount) filter (where e.ledger = 'points'), 0)::int as points,
            coalesce(sum(e.amount) filter (where e.ledger = 'xp'), 0)::int as xp
          from ledger_entries e where ${scoped('e')} group by e.client_id, e.user_id
        ), lots as (
          select l.client_id, l.user_id, sum(l.remaining)::int as remaining
          from point_lots l where ${scoped('l')} group by l.client_id, l.user_id
        ), holds as (
          select h.client_id, h.user_id, sum(h.amount)::int as held
          from point_holds h where ${scoped('h')} and h.status = 'held' group by h.client_id, h.user_id
        ), sums as (
          select coalesce(a.client_id, e.client_id) as client_id, coalesce(a.user_id, e.user_id) as user_id,
            coalesce(a.points, 0) as points, coalesce(a.held, 0) as held, coalesce(a.xp, 0) as xp,
            coalesce(e.points, 0) as entry_points, coalesce(e.xp, 0) as entry_xp,
            coalesce(l.remaining, 0) as lot_points, coalesce(h.held, 0) as hold_points
          from accounts a
          full join entries e on e.client_id = a.client_id and e.user_id = a.user_id
          left join lots l on l.client_id = coalesce(a.client_id, e.client_id)
            and l.user_id = coalesce(a.user_id, e.user_id)
          left join holds h on h.client_id = coalesce(a.client_id, e.client_id)
            and h.user_id = coalesce(a.user_id, e.user_id)
        ), lot_moves as (
          select l.client_id, l.user_id, l.id, l.amount + coalesce(sum(m.amount), 0)::int as expected, l.remaining
          from point_lots l left join point_lot_moves m on m.lot_id = l.id
          where ${scoped('l')}
          group by l.id
          having l.amount + coalesce(sum(m.amount), 0) <> l.remaining
        ), found as (
          select client_id, user_id, 'points_entries' as kind, entry_points as expected, points as actual,
            null::jsonb as details from sums where entry_points <> points
          union all
          select client_id, user_id, 'xp_entries', entry_xp, xp, null from sums where entry_xp <> xp
          union all
          select client_id, user_id, 'lots', lot_points, points - held, null from sums
            where lot_points <> points - held
          union all
          select client_id, user_id, 'holds', hold_points, held, null from sums where hold_points <> held
          union all
          select client_id, user_id, 'lot_moves', expected, remaining, jsonb_build_object('lotId', id)
          from lot_moves
        ), written as (
          insert into reconciliation_findings (run_id, client_id, user_id, kind, expected, actual, details)
          select ${runId}::int, client_id, user_id, kind, expected, actual, details from found
          returning 1
        )
        select count(*)::int as n from written`);
      return int(row?.n);
    },

    /** Closes the run with its counts, overall and per client (every client, or the one checked). */
    async finishRun(runId: number, clientId: number | null) {
      const scoped = clientId === null ? sql`true` : sql`c.id = ${clientId}`;
      const perClient = await rows<{ accountsChecked: number; differences: number }>(sql`
        insert into reconciliation_run_clients (run_id, client_id, accounts_checked, differences)
        select ${runId}::int, c.id,
          (select count(*) from reward_accounts a where a.client_id = c.id)::int,
          (select count(*) from reconciliation_findings f where f.run_id = ${runId} and f.client_id = c.id)::int
        from clients c where ${scoped}
        returning accounts_checked as "accountsChecked", differences`);
      const accountsChecked = perClient.reduce((n, r) => n + int(r.accountsChecked), 0);
      const differences = perClient.reduce((n, r) => n + int(r.differences), 0);
      await db.execute(sql`
        update reconciliation_runs set finished_at = now(), accounts_checked = ${accountsChecked},
          differences = ${differences}
        where id = ${runId}`);
      return { accountsChecked, differences };
    },

    /** The clients a run found differences in. */
    async clientsWithDifferences(runId: number): Promise<{ clientId: number; differences: number }[]> {
      const found = await rows<{ clientId: number; differences: number }>(sql`
        select client_id as "clientId", differences from reconciliation_run_clients
        where run_id = ${runId} and differences > 0 order by client_id`);
      return found.map((r) => ({ clientId: int(r.clientId), differences: int(r.differences) }));
    },

    /** The client's share of its last 20 runs, newest first. */
    async runsOf(clientId: number) {
      const found = await rows<{
        id: number;
        startedAt: Date | string;
        finishedAt: Date | string | null;
        accountsChecked: number;
        differences: number;
      }>(sql`
        select r.id, r.started_at as "startedAt", r.finished_at as "finishedAt",
          rc.accounts_checked as "accountsChecked", rc.differences
        from reconciliation_run_clients rc join reconciliation_runs r on r.id = rc.run_id
        where rc.client_id = ${clientId}
        order by rc.run_id desc limit 20`);
      return found.map((r) => ({
        id: int(r.id),
        startedAt: new Date(r.startedAt).toISOString(),
        finishedAt: r.finishedAt === null ? null : new Date(r.finishedAt).toISOString(),
        accountsChecked: int(r.accountsChecked),
        differences: int(r.differences),
      }));
    },

    /** The client's findings of one run, with the user's name. */
    async findingsOf(clientId: number, runId: number) {
      const found = await rows<{
        id: number;
        userId: number;
        userName: string;
        kind: 'points_entries' | 'xp_entries' | 'lots' | 'holds' | 'lot_moves';
        expected: number;
        actual: number;
      }>(sql`
        select f.id, f.user_id as "userId", trim(u.first_name || ' ' || u.last_name) as "userName", f.kind,
          f.expected, f.actual
        from reconciliation_findings f join users u on u.id = f.user_id
        where f.client_id = ${clientId} and f.run_id = ${runId}
        order by f.id limit 1000`);
      return found.map((f) => ({
        ...f,
        id: int(f.id),
        userId: int(f.userId),
        expected: int(f.expected),
        actual: int(f.actual),
      }));
    },
  };
}
