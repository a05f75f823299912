import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app';
import { loadConfig } from '../config';
import { openDatabase, rowsOf, type Database } from '../db/client';
import { createJobQueue, type JobQueue } from './job-queue';
import { defineMaintenanceJobs } from './maintenance.jobs';

declare module './job-queue' {
  interface JobPayloads {
    'test.record': { n: number };
    'test.flaky': { n: number };
  }
  interface DomainEvents {
    'test.thing-happened': { n: number };
  }
}

const quiet = { error: () => {}, info: () => {} };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function freshDatabase() {
  const { database, drop } = await openTestDatabase();
  await database.db.execute(sql`create table job_runs (n integer not null, at timestamptz default now())`);
  cleanups.push(async () => {
    await database.close();
    await drop();
  });
  return database;
}

function recordingQueue(database: Database, flakyFailures = 0) {
  const jobs = createJobQueue(database.jobQueueConnection, quiet, { pollingIntervalSeconds: 0.5 });
  const attempts = new Map<number, number>();
  jobs.define({
    name: 'test.record',
    async handler({ n }) {
      await database.db.execute(sql`insert into job_runs (n) values (${n})`);
    },
  });
  jobs.define({
    name: 'test.flaky',
    retryLimit: 1,
    retryDelaySeconds: 1,
    async handler({ n }) {
      const tries = (attempts.get(n) ?? 0) + 1;
      attempts.set(n, tries);
      if (tries <= flakyFailures) throw new Error(`attempt ${tries} of ${n} failed`);
      await database.db.execute(sql`insert into job_runs (n) values (${n})`);
    },
  });
  cleanups.push(() => jobs.stop());
  return { jobs, attempts };
}

async function runs(database: Database) {
  const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select n from job_runs order by n`));
  return rows.map((r) => r.n);
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('durable job queue', () => {
  it('runs a job sent in a transaction that commits, never one whose transaction rolls back', async () => {
    const database = await freshDatabase();
    const { jobs } = recordingQueue(database);
    await jobs.start({ work: true });

    await database.db.transaction(async (tx) => {
      await jobs.send('test.record', { n: 1 }, { tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send('test.record', { n: 2 }, { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await jobs.send('test.record', { n: 3 });

    expect(
      await waitFor(
        () => runs(database),
        (r) => r.length >= 2,
      ),
    ).toEqual([1, 3]);
    // Give a wrongly queued job time to show up.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await runs(database)).toEqual([1, 3]);
  });

  it('retries a failing job, then keeps it as a dead letter that can be sent again', async () => {
    const database = await freshDatabase();
    const { jobs, attempts } = recordingQueue(database, 2);
    await jobs.start({ work: true });

    await jobs.send('test.flaky', { n: 7 });
    const failures = await waitFor(
      () => jobs.failures(10),
      (f) => f.length > 0,
    );
    expect(attempts.get(7)).toBe(2);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ queue: 'test.flaky', data: { n: 7 } });
    expect(await runs(database)).toEqual([]);

    await jobs.retryDead('test.flaky', failures[0]!.id);
    expect(
      await waitFor(
        () => runs(database),
        (r) => r.length > 0,
      ),
    ).toEqual([7]);
    expect(attempts.get(7)).toBe(3);
    expect(await jobs.failures(10)).toEqual([]);
    const summary = await jobs.summary();
    expect(summary.map((q) => q.name)).toEqual(
      expect.arrayContaining(['test.flaky', 'test.flaky.dead', 'test.record']),
    );
  });

  it('purges expired logins, codes, links, partner tokens and counters, and keeps live ones', async () => {
    const database = await freshDatabase();
    const { db } = database;
    const config = loadConfig({ NODE_ENV: 'test' });
    const jobs = createJobQueue(database.jobQueueConnection, quiet, { pollingIntervalSeconds: 0.5 });
    defineMaintenanceJobs(jobs, { db, config, log: quiet });
    cleanups.push(() => jobs.stop());

    const [user] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into users (email, username, language_id)
            values ('purge@example.test', 'purge', (select min(id) from languages)) returning id`,
      ),
    );
    const uid = user!.id;
    const [app] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from oauth_apps order by id limit 1`),
    );
    await db.execute(sql`
      insert into auth_sessions (id, user_id, app_id, expires_at, revoked_at) values
        ('00000000-0000-4000-8000-000000000001', ${uid}, ${app!.id}, now() - interval '1 hour', null),
        ('00000000-0000-4000-8000-000000000002', ${uid}, ${app!.id}, now() + interval '1 day', now() - interval '2 days'),
        ('00000000-0000-4000-8000-000000000003', ${uid}, ${app!.id}, now() + interval '1 day', null),
        ('00000000-0000-4000-8000-000000000004', ${uid}, ${app!.id}, now() + interval '1 day', now() - interval '1 minute')`);
    await db.execute(sql`
      insert into refresh_tokens (session_id, token_hash) values
        ('00000000-0000-4000-8000-000000000001', 'old'), ('00000000-0000-4000-8000-000000000003', 'live')`);
    await db.execute(sql`
      insert into verification_codes (user_id, purpose, channel, code_hash, expires_at, consumed_at) values
        (${uid}, 'recover', 'sms', 'a', now() - interval '1 minute', null),
        (${uid}, 'recover', 'sms', 'b', now() + interval '5 minutes', now()),
        (${uid}, 'recover', 'sms', 'c', now() + interval '5 minutes', null)`);
    await db.execute(sql`
      insert into used_password_links (token_hash, user_id, used_at) values
        ('spent-long-ago', ${uid}, now() - interval '3 days'), ('spent-now', ${uid}, now())`);
    await db.execute(sql`
      insert into webservice_tokens (token_hash, user_id, app_client_id, expires_at) values
        ('gone', ${uid}, 'partner', now() - interval '1 minute'), ('fresh', ${uid}, 'partner', now() + interval '5 minutes')`);
    await db.execute(sql`
      insert into accounts_rate_counters (key, hits, window_start) values
        ('old', 3, now() - interval '2 days'), ('new', 3, now())`);
    await db.execute(sql`
      insert into auth_throttle (key, failures, window_start) values
        ('old', 5, now() - interval '2 days'), ('new', 5, now())`);

    await jobs.start({ work: true });
    await jobs.send('maintenance.purge-expired', {});
    const sessions = await waitFor(
      async () =>
        rowsOf<{ id: string }>(await db.execute(sql`select id::text from auth_sessions order by id`)).map(
          (r) => r.id,
        ),
      (ids) => ids.length === 2,
    );
    // The purge runs in one transaction: once the sessions are gone, everything else is too.
    expect(sessions).toEqual([
      '00000000-0000-4000-8000-000000000003',
      '00000000-0000-4000-8000-000000000004',
    ]);
    const left = async (table: string, column: string) =>
      rowsOf<{ v: string }>(
        await db.execute(sql.raw(`select ${column}::text as v from ${table} order by 1`)),
      ).map((r) => r.v);
    expect(await left('refresh_tokens', 'token_hash')).toEqual(['live']);
    expect(await left('verification_codes', 'code_hash')).toEqual(['c']);
    expect(await left('used_password_links', 'token_hash')).toEqual(['spent-now']);
    expect(await left('webservice_tokens', 'token_hash')).toEqual(['fresh']);
    expect(await left('accounts_rate_counters', 'key')).toEqual(['new']);
    expect(await left('auth_throttle', 'key')).toEqual(['new']);
    expect((await jobs.summary()).find((q) => q.name === 'maintenance.purge-expired')?.cron).toBe(
      '17 3 * * *',
    );
  });

  it('delivers an event to each reaction once its transaction commits, each retried on its own', async () => {
    const database = await freshDatabase();
    const jobs = createJobQueue(database.jobQueueConnection, quiet, { pollingIntervalSeconds: 0.5 });
    cleanups.push(() => jobs.stop());
    let mailerFailures = 1;
    jobs.on({
      event: 'test.thing-happened',
      name: 'ledger',
      async handler({ n }) {
        await database.db.execute(sql`insert into job_runs (n) values (${n})`);
      },
    });
    jobs.on({
      event: 'test.thing-happened',
      name: 'mailer',
      retryDelaySeconds: 1,
      async handler({ n }) {
        if (mailerFailures-- > 0) throw new Error('smtp down');
        await database.db.execute(sql`insert into job_runs (n) values (${n * 100})`);
      },
    });
    await jobs.start({ work: true });

    await database.db.transaction(async (tx) => {
      await jobs.emit('test.thing-happened', { n: 1 }, { tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.emit('test.thing-happened', { n: 2 }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // The ledger reaction ran at once; the mailer's failure did not hold it back or repeat it.
    expect(
      await waitFor(
        () => runs(database),
        (r) => r.length >= 2,
      ),
    ).toEqual([1, 100]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await runs(database)).toEqual([1, 100]);
  });

  it("hands an event to this instance's listeners once its transaction commits, never for a rollback", async () => {
    const database = await freshDatabase();
    // Listeners work whether or not the queue runs jobs, even before it starts.
    const jobs = createJobQueue(database.jobQueueConnection, quiet);
    cleanups.push(() => jobs.stop());
    const heard: { n: number; rowsAtThatMoment: number[] }[] = [];
    jobs.listen('test.thing-happened', async ({ n }) => {
      heard.push({ n, rowsAtThatMoment: await runs(database) });
    });

    await jobs.transaction(database.db, async (tx) => {
      await tx.execute(sql`insert into job_runs (n) values (1)`);
      await jobs.emit('test.thing-happened', { n: 1 }, { tx });
      expect(heard).toEqual([]);
    });
    await expect(
      jobs.transaction(database.db, async (tx) => {
        await tx.execute(sql`insert into job_runs (n) values (2)`);
        await jobs.emit('test.thing-happened', { n: 2 }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await jobs.emit('test.thing-happened', { n: 3 });
    // The listener saw the committed row of its event, and nothing of the rolled-back one.
    expect(heard).toEqual([
      { n: 1, rowsAtThatMoment: [1] },
      { n: 3, rowsAtThatMoment: [1] },
    ]);
    // A transaction opened elsewhere has no commit to wait for: refused rather than heard too early.
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.emit('test.thing-happened', { n: 4 }, { tx });
      }),
    ).rejects.toThrow(/jobs.transaction/);
    expect(heard).toHaveLength(2);
  });

  // Two API processes share one PostgreSQL database; PGlite is a single in-process database, so the
  // question of two instances does not arise there.
  it.runIf(inject('dbTemplate').kind === 'postgres')(
    'runs each job once when two instances work the same queue',
    async () => {
      const database = await freshDatabase();
      const queues: JobQueue[] = [];
      const others: Database[] = [];
      for (let i = 0; i < 2; i++) {
        // Each instance with its own connection pool, as two processes would have.
        const url = (database.jobQueueConnection as { connectionString: string }).connectionString;
        const own = await openDatabase({ databaseUrl: url, poolSize: 2 });
        others.push(own);
        queues.push(recordingQueue(own).jobs);
      }
      cleanups.push(async () => {
        for (const o of others) await o.close();
      });
      await Promise.all(queues.map((q) => q.start({ work: true })));
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => queues[i % 2]!.send('test.record', { n: i + 1 })),
      );
      const done = await waitFor(
        () => runs(database),
        (r) => r.length >= 40,
      );
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await runs(database)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(done).toHaveLength(40);
    },
    60_000,
  );
});
