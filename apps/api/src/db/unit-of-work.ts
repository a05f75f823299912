import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, DbOrTx, Tx } from './client';

/**
 * A unit of work: one database transaction that a route or a job opens and that every service it calls
 * joins, so that points, stock and statuses moved across areas commit or roll back as one.
 *
 *   await unitOfWork(db).run(async () => {
 *     await points.debit(userId, cost);      // each service runs unitOfWork(db).run(...) itself
 *     await store.createOrder(userId, item); // and joins the route's transaction here
 *   });
 *
 * Why an ambient transaction (AsyncLocalStorage) rather than a `tx` parameter on every method: a
 * service reads and writes through the `db` it was built with, in its repos and helpers as much as in
 * its transaction callback. Passing `tx` explicitly would change every method and repo signature, and
 * any read left on `db` inside a joined call would run outside the transaction: on PostgreSQL it would
 * not see the unit's own writes, on PGlite (one connection) it would wait for the transaction that waits
 * for it. So the `Db` of the app (`openDatabase`, `ambientDb` below) is a handle that, while a unit of
 * work of that database is open in the current async context, sends every query to the unit's
 * transaction; outside one it is the plain database. A method keeps working alone (it opens its own
 * unit) and joins when called inside one, with no change to its signature.
 *
 * The rules:
 *
 * - `run` inside an open unit of the same database joins it: no new transaction, no savepoint, so no
 *   self-wait on PGlite's single connection and no cost. The callback's `tx` is the outer transaction.
 * - An error that leaves a joined `run` marks the whole unit for rollback, even if an outer caller
 *   catches it: the unit then throws that error at its end instead of committing half of a step. (To try
 *   something that may fail and carry on, try it before the unit or outside it.)
 * - `afterCommit(tx, hook)` queues work (cache drops, in-process event listeners) that runs once, after
 *   the outermost commit, outside the transaction; never when the unit rolls back. `whenCommitted(effect)`
 *   does the same for the unit open in the caller's context, or runs the effect at once outside one. Domain events emitted
 *   with `jobs.emit(…, { tx })` are jobs written in the transaction (an outbox) and reach this instance's
 *   listeners through such hooks (`jobs.transaction` is this same `run`).
 * - Parallel units (separate requests, `Promise.all` of units outside any unit) each have their own
 *   transaction and connection on PostgreSQL. Work in parallel inside one unit shares its transaction
 *   (one connection: statements queue; do not expect parallelism there).
 * - A `db.transaction(...)` called on the app's `Db` inside a unit joins it as `run` does; outside one
 *   it is a plain transaction with no after-commit hooks: services use `unitOfWork(db).run`.
 */
export interface UnitOfWork {
  /** Runs `work` in this database's open unit of work, or in a new one that commits when it returns. */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface Frame {
  /** The plain database the transaction belongs to. */
  root: Db;
  tx: Tx;
  hooks: (() => unknown)[];
  /** False once the transaction's callback has returned: later work of a detached promise goes to `root`. */
  open: boolean;
  /** The first error that left a joined run: the unit rolls back with it. */
  failed: { error: unknown } | null;
}

const ambient = new AsyncLocalStorage<Frame>();
/** The open unit of each transaction handed to a callback, for `afterCommit(tx, …)` and `unitOfWork(tx)`. */
const framesByTx = new WeakMap<object, Frame>();
/** The plain database behind each ambient handle. */
const plainOf = new WeakMap<object, Db>();

function openFrame(root: Db): Frame | undefined {
  const frame = ambient.getStore();
  return frame?.open && frame.root === root ? frame : undefined;
}

async function join<T>(frame: Frame, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await work(frame.tx);
  } catch (error) {
    frame.failed ??= { error };
    throw error;
  }
}

export function unitOfWork(db: DbOrTx): UnitOfWork {
  return {
    async run(work) {
      const given = framesByTx.get(db);
      if (given?.open) return join(given, work);
      const root = plainOf.get(db) ?? (db as Db);
      const outer = openFrame(root);
      if (outer) return join(outer, work);

      const hooks: (() => unknown)[] = [];
      const result = await root.transaction(async (tx) => {
        const frame: Frame = { root, tx, hooks, open: true, failed: null };
        framesByTx.set(tx, frame);
        try {
          const value = await ambient.run(frame, () => work(tx));
          if (frame.failed) throw frame.failed.error;
          return value;
        } finally {
          frame.open = false;
        }
      });
      // Committed. Every hook runs, each once; the first failure is reported after the others ran.
      let failure: { error: unknown } | null = null;
      for (const hook of hooks) {
        try {
          await hook();
        } catch (error) {
          failure ??= { error };
        }
      }
      if (failure) throw failure.error;
      return result;
    },
  };
}

/**
 * Queues `hook` to run once the unit of work that `tx` belongs to commits (never if it rolls back).
 * Answers false when `tx` is no unit's transaction (opened elsewhere: no commit to wait for).
 */
export function afterCommit(tx: DbOrTx, hook: () => unknown): boolean {
  const frame = framesByTx.get(tx) ?? (plainOf.has(tx) ? openFrame(plainOf.get(tx)!) : undefined);
  if (!frame?.open) return false;
  frame.hooks.push(hook);
  return true;
}

/**
 * Runs `effect` now, or, inside an open unit of work, once that unit commits (never if it rolls back):
 * for what a service does after its write that others see outside the transaction (cache drops, pub/sub
 * pushes, file removals), so that, called inside a route's unit, it waits for that unit's commit.
 */
export async function whenCommitted(effect: () => unknown): Promise<void> {
  const frame = ambient.getStore();
  if (frame?.open) {
    frame.hooks.push(effect);
    return;
  }
  await effect();
}

/** The transaction of the unit of work open in this async context, if any (whatever its database). */
export function currentTransaction(): Tx | undefined {
  const frame = ambient.getStore();
  return frame?.open ? frame.tx : undefined;
}

/**
 * The app's handle on a database: the plain `db` outside a unit of work, the unit's transaction inside
 * one of this database (see above). `openDatabase` hands out this handle.
 */
export function ambientDb(db: Db): Db {
  if (plainOf.has(db)) return db;
  const bound = new WeakMap<object, unknown>();
  const joinTransaction = (work: (tx: Tx) => Promise<unknown>) => unitOfWork(db).run(work);
  const handle = new Proxy(db, {
    get(target, prop) {
      const frame = openFrame(target);
      if (frame) {
        if (prop === 'transaction') return joinTransaction;
        const value: unknown = Reflect.get(frame.tx, prop, frame.tx);
        return typeof value === 'function' && prop !== 'constructor'
          ? ((value as (...args: unknown[]) => unknown).bind(frame.tx) as unknown)
          : value;
      }
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      let fn = bound.get(value);
      if (!fn) {
        fn = (value as (...args: unknown[]) => unknown).bind(target);
        bound.set(value, fn);
      }
      return fn;
    },
  });
  plainOf.set(handle, db);
  return handle;
}
