import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/build-test-app';
import { createClient, createUser } from '../../test/factories';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';
import { rowsOf, type Database, type Db } from './client';
import { inboxMessages } from './schema/profile';
import { auditLog, userClients } from './schema/users';
import { afterCommit, unitOfWork, whenCommitted } from './unit-of-work';

declare module '../jobs/job-queue' {
  interface DomainEvents {
    'test.points-moved': { userId: number; amount: number };
  }
}

/**
 * Two small services written as the app's are: built with the app's `db`, each method opening its own
 * unit of work, reads included through `db`. The test calls them alone and inside a route's unit.
 */
function pointsService(db: Db, events: JobQueue) {
  return {
    async balance(userId: number) {
      const [row] = rowsOf<{ balance: number }>(
        await db.execute(sql`select balance from uow_points where user_id = ${userId}`),
      );
      return row?.balance ?? 0;
    },
    async move(userId: number, amount: number) {
      await unitOfWork(db).run(async (tx) => {
        // A read through `db` inside the unit sees the unit's own writes (and does not wait for it on PGlite).
        const before = await this.balance(userId);
        if (before + amount < 0) throw new Error('insufficient points');
        await tx.execute(sql`update uow_points set balance = balance + ${amount} where user_id = ${userId}`);
        await events.emit('test.points-moved', { userId, amount }, { tx });
      });
    },
  };
}

function ordersService(db: Db) {
  return {
    async place(userId: number, item: string) {
      return unitOfWork(db).run(async () => {
        if (item === 'sold-out') throw new Error('out of stock');
        const [row] = rowsOf<{ id: number }>(
          await db.execute(
            sql`insert into uow_orders (user_id, item) values (${userId}, ${item}) returning id`,
          ),
        );
        return row!.id;
      });
    },
  };
}

let database: Database;
let drop: () => Promise<void>;
let db: Db;
let jobs: JobQueue;
let heard: { userId: number; amount: number; balanceThen: number }[];
let points: ReturnType<typeof pointsService>;
let orders: ReturnType<typeof ordersService>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = database.db;
  await db.execute(sql`create table uow_points (user_id integer primary key, balance integer not null)`);
  await db.execute(
    sql`create table uow_orders (id serial primary key, user_id integer not null, item text not null)`,
  );
  // An in-process listener, as the caches have: it must hear a move once it has committed, never before.
  jobs = createJobQueue(database.jobQueueConnection, { error: () => {} });
  jobs.listen('test.points-moved', async (data) => {
    heard.push({ ...data, balanceThen: await points.balance(data.userId) });
  });
  points = pointsService(db, jobs);
  orders = ordersService(db);
});

afterAll(async () => {
  await database.close();
  await drop();
});

beforeEach(async () => {
  heard = [];
  await db.execute(sql`truncate uow_points, uow_orders`);
  await db.execute(sql`insert into uow_points (user_id, balance) values (1, 100), (2, 0)`);
});

async function orderItems() {
  return rowsOf<{ item: string }>(await db.execute(sql`select item from uow_orders order by id`)).map(
    (r) => r.item,
  );
}

describe('unit of work', () => {
  it("commits two services' writes together, and each service still works alone", async () => {
    const id = await unitOfWork(db).run(async () => {
      await points.move(1, -30);
      return orders.place(1, 'mug');
    });
    expect(id).toBeGreaterThan(0);
    expect(await points.balance(1)).toBe(70);
    expect(await orderItems()).toEqual(['mug']);

    await points.move(2, 5);
    await orders.place(2, 'pen');
    expect(await points.balance(2)).toBe(5);
    expect(await orderItems()).toEqual(['mug', 'pen']);
  });

  it("rolls back the first service's write when the second fails", async () => {
    await expect(
      unitOfWork(db).run(async () => {
        await points.move(1, -30);
        await orders.place(1, 'sold-out');
      }),
    ).rejects.toThrow('out of stock');
    expect(await points.balance(1)).toBe(100);
    expect(await orderItems()).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('rolls the whole unit back when a joined step failed, even if the caller caught its error', async () => {
    await expect(
      unitOfWork(db).run(async () => {
        await points.move(1, -30);
        await orders.place(1, 'sold-out').catch(() => 'carry on');
        await orders.place(1, 'mug');
      }),
    ).rejects.toThrow('out of stock');
    expect(await points.balance(1)).toBe(100);
    expect(await orderItems()).toEqual([]);
  });

  it('joins nested units into the outermost transaction, db.transaction included', async () => {
    const txids: string[] = [];
    const txid = async () =>
      rowsOf<{ id: string }>(await db.execute(sql`select txid_current()::text as id`))[0]!.id;
    await unitOfWork(db).run(async (outer) => {
      txids.push(await txid());
      await unitOfWork(db).run(async (inner) => {
        expect(inner).toBe(outer);
        txids.push(await txid());
        await db.transaction(async (innermost) => {
          expect(innermost).toBe(outer);
          txids.push(await txid());
        });
      });
      await jobs.transaction(db, async (tx) => {
        expect(tx).toBe(outer);
        txids.push(await txid());
      });
    });
    expect(new Set(txids).size).toBe(1);
    // Outside the unit, `db` is the plain database again.
    expect(await txid()).not.toBe(txids[0]);
  });

  it('runs after-commit work and event listeners once, after the outermost commit, never on rollback', async () => {
    const hooks: string[] = [];
    await unitOfWork(db).run(async (tx) => {
      afterCommit(tx, () => hooks.push('outer'));
      await points.move(1, -10);
      await unitOfWork(db).run(async (inner) => {
        afterCommit(inner, () => hooks.push('inner'));
        await points.move(2, 10);
      });
      expect(hooks).toEqual([]);
      expect(heard).toEqual([]);
    });
    expect(hooks).toEqual(['outer', 'inner']);
    // Each listener ran once, and saw the committed balances of the whole unit.
    expect(heard).toEqual([
      { userId: 1, amount: -10, balanceThen: 90 },
      { userId: 2, amount: 10, balanceThen: 10 },
    ]);

    hooks.length = 0;
    heard.length = 0;
    await expect(
      unitOfWork(db).run(async (tx) => {
        afterCommit(tx, () => hooks.push('rolled back'));
        await points.move(1, -10);
        await points.move(2, -50);
      }),
    ).rejects.toThrow('insufficient points');
    expect(hooks).toEqual([]);
    expect(heard).toEqual([]);
    expect(await points.balance(1)).toBe(90);
  });

  it("defers a service's follow-on effects to the commit of the unit it joined", async () => {
    const effects: string[] = [];
    // Outside a unit, at once (a service called alone, after its own unit committed).
    await whenCommitted(() => effects.push('alone'));
    expect(effects).toEqual(['alone']);
    await unitOfWork(db).run(async () => {
      await points.move(1, -10);
      await whenCommitted(() => effects.push('cache dropped'));
      expect(effects).toEqual(['alone']);
    });
    expect(effects).toEqual(['alone', 'cache dropped']);
    await expect(
      unitOfWork(db).run(async () => {
        await whenCommitted(() => effects.push('never'));
        await orders.place(1, 'sold-out');
      }),
    ).rejects.toThrow('out of stock');
    expect(effects).toEqual(['alone', 'cache dropped']);
  });

  it('keeps parallel units apart: each commits or rolls back alone and the totals are exact', async () => {
    await db.execute(sql`update uow_points set balance = 20 where user_id = 1`);
    const txid = async () =>
      rowsOf<{ id: string }>(await db.execute(sql`select txid_current()::text as id`))[0]!.id;
    const seen = new Map<number, string>();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        unitOfWork(db).run(async () => {
          seen.set(i, await txid());
          await points.move(1, -1);
          await points.move(2, 1);
          // Every fifth unit fails after its moves: only its own writes go.
          if (i % 5 === 4) throw new Error(`unit ${i} failed`);
          await orders.place(2, `item ${i}`);
          expect(await txid()).toBe(seen.get(i));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    expect(new Set(seen.values()).size).toBe(20);
    expect(await points.balance(1)).toBe(4);
    expect(await points.balance(2)).toBe(16);
    expect(await orderItems()).toHaveLength(16);
    expect(heard).toHaveLength(32);
  });
});

describe('unit of work over the services of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function blockedAndTold(userId: number, clientId: number) {
    const { db: appDb } = t.database;
    const [membership] = await appDb
      .select({ blockedAt: userClients.blockedAt })
      .from(userClients)
      .where(and(eq(userClients.userId, userId), eq(userClients.clientId, clientId)));
    const audits = await appDb
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.block'), eq(auditLog.entityId, String(userId))));
    const inbox = await appDb.select().from(inboxMessages).where(eq(inboxMessages.userId, userId));
    return { blocked: membership?.blockedAt != null, audits: audits.length, inbox: inbox.length };
  }

  it('blocks a user (users area, with its audit row) and tells them (notifications area) as one', async () => {
    const { db: appDb } = t.database;
    const client = await createClient(appDb);
    const admin = await createUser(appDb, { clientIds: [client.id], roles: ['program_admin'] });
    const user = await createUser(appDb, { clientIds: [client.id] });
    const { users, notifications } = t.services;

    await unitOfWork(appDb).run(async () => {
      await users.blockInClient(admin.id, user.id, client.id);
      await notifications.notify({
        userId: user.id,
        clientId: client.id,
        kind: 'account.approved',
        data: { clientName: client.name },
      });
    });
    expect(await blockedAndTold(user.id, client.id)).toEqual({ blocked: true, audits: 1, inbox: 1 });

    const other = await createUser(appDb, { clientIds: [client.id] });
    await expect(
      unitOfWork(appDb).run(async () => {
        await users.blockInClient(admin.id, other.id, client.id);
        // The second service fails (a message kind it has no text for): the block and its audit go too.
        await notifications.notify({
          userId: other.id,
          clientId: client.id,
          kind: 'no.such-kind' as 'account.approved',
          data: { clientName: client.name },
        });
      }),
    ).rejects.toThrow();
    expect(await blockedAndTold(other.id, client.id)).toEqual({ blocked: false, audits: 0, inbox: 0 });
  });
});
