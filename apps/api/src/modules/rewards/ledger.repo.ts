import { sql, type SQL } from 'drizzle-orm';
import type { LedgerKind, LedgerSource } from '@trilha/contracts/rewards/ledger';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * The ledgers' SQL. Every statement names its client (tenancy.test.ts reads this file); the writers run
 * inside the unit of work the service opens, after `lockAccount`, so one user's moves never interleave.
 */

export interface Balance {
  points: number;
  held: number;
  xp: number;
}

export interface EntryRow {
  id: number;
  ledger: LedgerKind;
  amount: number;
  balanceAfter: number;
}

export interface NewEntry {
  clientId: number;
  userId: number;
  ledger: LedgerKind;
  amount: number;
  balanceAfter: number;
  source: LedgerSource;
  refType: string | null;
  refId: number | null;
  refLabel: string | null;
  actorId: number | null;
  reason: string | null;
  idempotencyKey: string;
  reversesId?: number | null;
}

const int = (v: unknown) => Number(v ?? 0);

export function createLedgerRepo(db: DbOrTx) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  return {
    /** Sums of a user's entries per reference (credits and their reversals; spending refers elsewhere). */
    async earnedByRef(clientId: number, userId: number, refType: string, refIds: readonly number[]) {
      const ids = sql.join(
        refIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const found = await rows<{ ref_id: number; points: unknown; xp: unknown }>(
        sql`select e.ref_id,
            coalesce(sum(e.amount) filter (where e.ledger = 'points'), 0) as points,
            coalesce(sum(e.amount) filter (where e.ledger = 'xp'), 0) as xp
          from ledger_entries e
          where e.client_id = ${clientId} and e.user_id = ${userId}
            and e.ref_type = ${refType} and e.ref_id in (${ids})
          group by e.ref_id`,
      );
      return found.map((r) => ({ refId: Number(r.ref_id), points: int(r.points), xp: int(r.xp) }));
    },
    /**
     * Creates the account when missing and locks it: every move of one user waits here for the one
     * before it, so balances, lots and idempotency checks read what the previous move committed.
     */
    async lockAccount(clientId: number, userId: number): Promise<Balance> {
      // One round trip: the insert creates a missing account, and on conflict the no-op update takes the
      // row lock (waiting for a move in flight) and returns the balances that move committed.
      const [row] = await rows<Balance>(sql`
        insert into reward_accounts (client_id, user_id) values (${clientId}, ${userId})
        on conflict (client_id, user_id) do update set client_id = excluded.client_id
        returning points, held, xp`);
      return { points: int(row!.points), held: int(row!.held), xp: int(row!.xp) };
    },

    async balance(clientId: number, userId: number): Promise<Balance> {
      const [row] = await rows<Balance>(sql`
        select points, held, xp from reward_accounts where client_id = ${clientId} and user_id = ${userId}`);
      return row
        ? { points: int(row.points), held: int(row.held), xp: int(row.xp) }
        : { points: 0, held: 0, xp: 0 };
    },

    async entriesByKey(clientId: number, userId: number, key: string): Promise<EntryRow[]> {
      const found = await rows<EntryRow>(sql`
        select id, ledger, amount, balance_after as "balanceAfter" from ledger_entries
        where client_id = ${clientId} and user_id = ${userId} and ledger in ('points', 'xp')
          and idempotency_key = ${key}`);
      return found.map((r) => ({
        ...r,
        id: int(r.id),
        amount: int(r.amount),
        balanceAfter: int(r.balanceAfter),
      }));
    },

    /** Written at the clock's time, not the transaction's: a user's entries then sort as they were written. */
    async insertEntry(e: NewEntry): Promise<number> {
      const [row] = await rows<{ id: number }>(sql`
        insert into ledger_entries (client_id, user_id, ledger, amount, balance_after, source, ref_type, ref_id,
          ref_label, actor_id, reason, idempotency_key, reverses_id, created_at)
        values (${e.clientId}, ${e.userId}, ${e.ledger}, ${e.amount}, ${e.balanceAfter}, ${e.source}, ${e.refType},
          ${e.refId}, ${e.refLabel}, ${e.actorId}, ${e.reason}, ${e.idempotencyKey}, ${e.reversesId ?? null},
          clock_timestamp())
        returning id`);
      return int(row!.id);
    },

    /**
     * A credit's writes in one statement (one round trip while the account is locked): the points entry
     * and its lot when `points` > 0, the XP entry when `xp` > 0, and the balances; nothing, and null, when
     * the key is already used. The statement starts after the lock is held, so its snapshot sees every
     * entry an earlier move of this user committed.
     */
    async writeCredit(
      e: Omit<NewEntry, 'ledger' | 'amount' | 'balanceAfter'> & {
        points: number;
        xp: number;
        before: Balance;
        /** A date (or null for never), or `learning`: the client's term for learning points from now. */
        expiresAt: Date | null | 'learning';
      },
    ): Promise<{ pointsEntryId: number | null; xpEntryId: number | null; balance: Balance } | null> {
      const values = (ledger: LedgerKind, amount: number, balanceAfter: number) => sql`
        select ${e.clientId}::int, ${e.userId}::int, ${ledger}, ${amount}::int, ${balanceAfter}::int, ${e.source},
          ${e.refType}, ${e.refId}::int, ${e.refLabel}, ${e.actorId}::int, ${e.reason}, ${e.idempotencyKey},
          clock_timestamp()
        where ${amount}::int > 0 and (select unused from fresh)`;
      // The learning term is read in the same statement: one round trip less while the account is locked.
      const expiry =
        e.expiresAt === 'learning'
          ? sql`clock_timestamp() + make_interval(days => (select learning_points_validity_days
              from reward_settings where client_id = ${e.clientId}))`
          : sql`${e.expiresAt ? e.expiresAt.toISOString() : null}::timestamptz`;
      const columns = sql`(client_id, user_id, ledger, amount, balance_after, source, ref_type, ref_id, ref_label,
        actor_id, reason, idempotency_key, created_at)`;
      const [row] = await rows<{ pointsEntryId: number | null; xpEntryId: number | null } & Balance>(sql`
        with fresh as (
          select not exists (select 1 from ledger_entries k
            where k.client_id = ${e.clientId} and k.user_id = ${e.userId} and k.ledger in ('points', 'xp')
              and k.idempotency_key = ${e.idempotencyKey}) as unused
        ), pe as (
          insert into ledger_entries ${columns} ${values('points', e.points, e.before.points + e.points)}
          returning id
        ), lot as (
          insert into point_lots (client_id, user_id, entry_id, amount, remaining, expires_at)
          select ${e.clientId}::int, ${e.userId}::int, id, ${e.points}::int, ${e.points}::int,
            ${expiry}
          from pe
        ), xe as (
          insert into ledger_entries ${columns} ${values('xp', e.xp, e.before.xp + e.xp)}
          returning id
        ), account as (
          update reward_accounts set points = points + ${e.points}::int, xp = xp + ${e.xp}::int, updated_at = now()
          where client_id = ${e.clientId} and user_id = ${e.userId} and (select unused from fresh)
          returning points, held, xp
        )
        select (select id from pe) as "pointsEntryId", (select id from xe) as "xpEntryId",
          account.points, account.held, account.xp
        from account`);
      if (!row) return null;
      return {
        pointsEntryId: row.pointsEntryId === null ? null : int(row.pointsEntryId),
        xpEntryId: row.xpEntryId === null ? null : int(row.xpEntryId),
        balance: { points: int(row.points), held: int(row.held), xp: int(row.xp) },
      };
    },

    async moveAccount(clientId: number, userId: number, delta: Balance): Promise<Balance> {
      const [row] = await rows<Balance>(sql`
        update reward_accounts set points = points + ${delta.points}, held = held + ${delta.held},
          xp = xp + ${delta.xp}, updated_at = now()
        where client_id = ${clientId} and user_id = ${userId}
        returning points, held, xp`);
      return { points: int(row!.points), held: int(row!.held), xp: int(row!.xp) };
    },

    /**
     * Takes `amount` out of the user's lots, soonest expiry first, never-expiring last, oldest first among
     * equals, writing one move per lot touched (for the entry or the hold). Answers what it took, which is
     * less than asked only when the lots hold less (the caller checked the spendable balance first).
     */
    async consumeLots(
      clientId: number,
      userId: number,
      amount: number,
      cause: { entryId: number | null; holdId: number | null },
    ): Promise<number> {
      const [row] = await rows<{ taken: number | null }>(sql`
        with ordered as (
          select id, remaining,
            sum(remaining) over (order by expires_at asc nulls last, id asc) as through
          from point_lots
          where client_id = ${clientId} and user_id = ${userId} and remaining > 0
        ), taken as (
          select id, least(remaining, ${amount} - (through - remaining))::int as take
          from ordered where through - remaining < ${amount}
        ), updated as (
          update point_lots l set remaining = l.remaining - t.take
          from taken t where l.id = t.id and l.client_id = ${clientId}
          returning l.id, t.take
        ), moved as (
          insert into point_lot_moves (lot_id, entry_id, hold_id, amount)
          select id, ${cause.entryId}::int, ${cause.holdId}::int, -take from updated
          returning amount
        )
        select -sum(amount)::int as taken from moved`);
      return int(row?.taken);
    },

    async insertHold(h: {
      clientId: number;
      userId: number;
      amount: number;
      refType: string | null;
      refId: number | null;
      actorId: number | null;
      key: string;
    }): Promise<number> {
      const [row] = await rows<{ id: number }>(sql`
        insert into point_holds (client_id, user_id, amount, ref_type, ref_id, actor_id, idempotency_key)
        values (${h.clientId}, ${h.userId}, ${h.amount}, ${h.refType}, ${h.refId}, ${h.actorId}, ${h.key})
        returning id`);
      return int(row!.id);
    },

    async holdByKey(clientId: number, userId: number, key: string): Promise<number | null> {
      const [row] = await rows<{ id: number }>(sql`
        select id from point_holds
        where client_id = ${clientId} and user_id = ${userId} and idempotency_key = ${key}`);
      return row ? int(row.id) : null;
    },

    async holdById(clientId: number, holdId: number, lock = false) {
      const [row] = await rows<{
        id: number;
        userId: number;
        amount: number;
        status: 'held' | 'committed' | 'released';
        refType: string | null;
        refId: number | null;
      }>(sql`
        select id, user_id as "userId", amount, status, ref_type as "refType", ref_id as "refId"
        from point_holds where client_id = ${clientId} and id = ${holdId}
        ${lock ? sql`for update` : sql``}`);
      return row ? { ...row, id: int(row.id), userId: int(row.userId), amount: int(row.amount) } : undefined;
    },

    async settleHold(
      clientId: number,
      holdId: number,
      status: 'committed' | 'released',
      entryId: number | null,
    ) {
      await db.execute(sql`
        update point_holds set status = ${status}, entry_id = ${entryId}, settled_at = now()
        where client_id = ${clientId} and id = ${holdId}`);
    },

    /** Gives a hold's points back to the lots it took them from; answers how many. */
    async returnHold(clientId: number, holdId: number): Promise<number> {
      const [row] = await rows<{ given: number | null }>(sql`
        with given as (
          select m.lot_id, -sum(m.amount)::int as amount
          from point_lot_moves m join point_lots l on l.id = m.lot_id and l.client_id = ${clientId}
          where m.hold_id = ${holdId}
          group by m.lot_id
          having sum(m.amount) < 0
        ), updated as (
          update point_lots l set remaining = l.remaining + g.amount
          from given g where l.id = g.lot_id and l.client_id = ${clientId}
          returning l.id, g.amount
        ), moved as (
          insert into point_lot_moves (lot_id, hold_id, amount)
          select id, ${holdId}::int, amount from updated
          returning amount
        )
        select sum(amount)::int as given from moved`);
      return int(row?.given);
    },

    /** Lots with points past their expiry, soonest first (point_lots_expiry_idx), across clients. */
    async dueLots(now: Date, limit: number) {
      const found = await rows<{ id: number; clientId: number; userId: number }>(sql`
        select id, client_id as "clientId", user_id as "userId" from point_lots
        where remaining > 0 and expires_at is not null and expires_at <= ${now.toISOString()}
        order by expires_at, id limit ${limit}`);
      return found.map((r) => ({ id: int(r.id), clientId: int(r.clientId), userId: int(r.userId) }));
    },

    async lotForExpiry(clientId: number, lotId: number) {
      const [row] = await rows<{ remaining: number; expiresAt: Date | string | null; moves: number }>(sql`
        select l.remaining, l.expires_at as "expiresAt",
          (select count(*) from point_lot_moves m where m.lot_id = l.id)::int as moves
        from point_lots l where l.client_id = ${clientId} and l.id = ${lotId}`);
      return row
        ? {
            remaining: int(row.remaining),
            expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
            moves: int(row.moves),
          }
        : undefined;
    },

    async expireLot(clientId: number, lotId: number, entryId: number, amount: number) {
      await db.execute(sql`
        with moved as (
          insert into point_lot_moves (lot_id, entry_id, amount) values (${lotId}, ${entryId}, ${-amount})
        )
        update point_lots set remaining = remaining - ${amount}, expired_at = now()
        where client_id = ${clientId} and id = ${lotId}`);
    },

    /** Whether the user belongs to the client (the back office acts on its own users only). */
    async isMember(clientId: number, userId: number): Promise<boolean> {
      const [row] = await rows<{ one: number }>(sql`
        select 1 as one from user_clients where client_id = ${clientId} and user_id = ${userId}`);
      return Boolean(row);
    },
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
