import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type ConstructorOptions, type Job } from 'pg-boss';
import type { Db, DbOrTx, Tx } from '../db/client';
import { afterCommit, currentTransaction, unitOfWork } from '../db/unit-of-work';

/**
 * Every job of the API and the data it carries. An area adds its jobs here by declaration merging, next
 * to the handler that runs them:
 *
 *   declare module '../../jobs/job-queue' {
 *     interface JobPayloads { 'accounts.send-message': { messageId: number } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/**
 * Domain events and their data: something that happened in one area that others react to. An area
 * declares the events it emits by declaration merging, as for jobs:
 *
 *   declare module '../../jobs/job-queue' {
 *     interface DomainEvents { 'accounts.user-approved': { userId: number; clientId: number } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}

export type EventName = keyof DomainEvents & string;

export interface EventHandler<E extends EventName> {
  event: E;
  /** Names the reaction (its queue is `on.<event>.<name>`); unique per event. */
  name: string;
  /** Runs once per event, at least once: safe to run twice for the same data. */
  handler(data: DomainEvents[E]): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface JobDefinition<N extends JobName> {
  name: N;
  /** Runs one job. Delivery is at least once: a handler must be safe to run twice for the same data. */
  handler(data: JobPayloads[N], job: Job<JobPayloads[N]>): Promise<void>;
  /** Runs again this many times after a failure (default 5), waiting retryDelaySeconds, doubled each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job still running after this long is taken as lost and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** Cron expression (UTC): the job is also sent on this schedule, once per slot whatever the instances. */
  cron?: string;
  /** Jobs of this queue run at most this many at once per instance (default 1). */
  concurrency?: number;
}

export interface SendOptions {
  /**
   * Send inside this transaction: the job exists only if the transaction commits. Without it, a job sent
   * inside a unit of work (`db/unit-of-work.ts`) is written in the unit's transaction.
   */
  tx?: DbOrTx;
  /** At most one queued job with this key at a time. */
  singletonKey?: string;
  /** Start no sooner than this many seconds from now. */
  delaySeconds?: number;
}

export interface QueueSummary {
  name: string;
  queued: number;
  active: number;
  deferred: number;
  total: number;
  deadLetter: string | null;
  cron: string | null;
}

export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  error: unknown;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
}

export interface JobQueue {
  define<N extends JobName>(definition: JobDefinition<N>): void;
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /** Subscribes a reaction to a domain event; each reaction is its own queue, retried on its own. */
  on<E extends EventName>(handler: EventHandler<E>): void;
  /**
   * Records an event for every reaction subscribed to it. Given the transaction of the change, the
   * event exists only if that change commits (a transactional outbox).
   */
  emit<E extends EventName>(event: E, data: DomainEvents[E], options?: { tx?: DbOrTx }): Promise<void>;
  /**
   * Subscribes an in-process listener to a domain event: it runs on this instance, for the events emitted
   * here, once their change has committed (an event emitted without `tx`: at once; with the `tx` of
   * `transaction` below: after that transaction commits; never for a rollback). For what every instance
   * keeps in memory (caches): quick, idempotent, and it works whether or not this instance runs jobs. A
   * failing listener is logged and does not fail the write.
   */
  listen<E extends EventName>(event: E, listener: (data: DomainEvents[E]) => void | Promise<void>): void;
  /**
   * Runs `work` in one transaction of `db`: the events it emits with its `tx` are queued for their
   * reactions in that transaction and reach this instance's listeners once it commits. This is
   * `unitOfWork(db).run` (`db/unit-of-work.ts`): inside an open unit of work it joins that unit, and the
   * listeners hear its events after the outermost commit.
   */
  transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Connects and creates the queues (once every job and reaction is defined); with `work`, this instance
   * also runs jobs and keeps the schedules. A second call does nothing.
   */
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  summary(): Promise<QueueSummary[]>;
  failures(limit: number): Promise<FailedJob[]>;
  /** Sends a dead job back to its queue to run again; false when there is no such dead job. */
  retryDead(queue: string, id: string): Promise<boolean>;
  /**
   * Runs, here and one at a time, the jobs of a queue that are due now, until none is left or `limit`
   * have run: for an instance without workers (JOB_WORKERS=false: the test apps) that needs a queue
   * worked at a known moment. Each job is settled as a worker settles it: completed, or failed, then
   * retried after its back-off or moved to the dead letters after its last try. Answers how many ran.
   */
  runQueued(name: JobName, options?: { limit?: number }): Promise<number>;
}

/** What a service needs to emit domain events: the transaction that carries them, and `emit`. */
export type EventSink = Pick<JobQueue, 'transaction' | 'emit'>;

const DEAD_SUFFIX = '.dead';

/** pg-boss's Drizzle adapter over our transaction; it builds its statements with Drizzle's `sql` tag. */
function inTransaction(tx: DbOrTx) {
  return fromDrizzle(
    { execute: async (query: unknown) => (await tx.execute(query as SQL)) as { rows: unknown[] } },
    sql,
  );
}

/** Creates or upgrades the job queue's own tables (schema `pgboss`); part of every migration run. */
export async function installJobQueue(connection: ConstructorOptions): Promise<void> {
  const boss = new PgBoss({ ...connection, supervise: false, schedule: false, migrate: true });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/**
 * The durable job queue: pg-boss on the application's own database (PGlite or PostgreSQL), so a job sent
 * inside a transaction commits or rolls back with the change that caused it, survives restarts, and runs
 * once however many instances poll. Failed jobs are retried with exponential back-off, then moved to the
 * queue's dead-letter queue (`<name>.dead`), where the back office lists them.
 */
export function createJobQueue(
  connection: ConstructorOptions,
  log: { error(obj: unknown, msg?: string): void },
  options: { pollingIntervalSeconds?: number } = {},
): JobQueue {
  const definitions = new Map<string, JobDefinition<JobName>>();
  /** Reactions by event; the queues they run on are ordinary definitions of their own. */
  const reactions = new Map<string, string[]>();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  const listeners = new Map<string, ((data: never) => void | Promise<void>)[]>();

  async function notify(event: string, data: unknown) {
    for (const listener of listeners.get(event) ?? []) {
      try {
        await listener(data as never);
      } catch (err) {
        log.error({ err, event }, 'event listener failed');
      }
    }
  }

  // Never started lazily: on PGlite, starting (its own queries) inside a caller's transaction would wait
  // for that transaction, which waits for the send. The app starts the queue once its jobs are defined.
  async function started(): Promise<PgBoss> {
    if (boss) return boss;
    if (!starting) throw new Error('job queue not started');
    return starting;
  }

  const jobQueue: JobQueue = {
    define(definition) {
      if (boss || starting) throw new Error(`job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition as unknown as JobDefinition<JobName>);
    },

    on(reaction) {
      const queue = `on.${reaction.event}.${reaction.name}`;
      if (definitions.has(queue)) throw new Error(`reaction ${queue} defined twice`);
      if (boss || starting) throw new Error(`reaction ${queue} defined after the queue started`);
      definitions.set(queue, {
        name: queue as JobName,
        retryLimit: reaction.retryLimit,
        retryDelaySeconds: reaction.retryDelaySeconds,
        handler: (data) => reaction.handler(data as unknown as DomainEvents[typeof reaction.event]),
      });
      reactions.set(reaction.event, [...(reactions.get(reaction.event) ?? []), queue]);
    },

    listen(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (data: never) => void]);
    },

    transaction(db, work) {
      return unitOfWork(db).run(work);
    },

    async emit(event, data, options = {}) {
      const tx = options.tx ?? currentTransaction();
      if (listeners.has(event)) {
        if (!tx) {
          await notify(event, data);
        } else if (!afterCommit(tx, () => notify(event, data))) {
          // A transaction opened elsewhere gives no moment of commit to wait for.
          throw new Error(`event ${event} has listeners: emit it in jobs.transaction()`);
        }
      }
      if (!reactions.has(event)) return;
      const b = await started();
      // The subscribers come from the code, not from a query: on PGlite a query outside the caller's
      // transaction would wait for that transaction to end.
      for (const queue of reactions.get(event) ?? []) {
        await b.send(queue, data as object, tx ? { db: inTransaction(tx) } : {});
      }
    },

    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      const b = await started();
      const tx = options.tx ?? currentTransaction();
      return b.send(name, data as object, {
        ...(tx ? { db: inTransaction(tx) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.delaySeconds ? { startAfter: options.delaySeconds } : {}),
      });
    },

    async start({ work }) {
      if (boss || starting) return;
      starting = (async () => {
        const b = new PgBoss({
          ...connection,
          migrate: false,
          supervise: work,
          schedule: work,
        });
        b.on('error', (err) => log.error({ err }, 'job queue error'));
        await b.start();
        for (const d of definitions.values()) {
          const dead = `${d.name}${DEAD_SUFFIX}`;
          await b.createQueue(dead, { retentionSeconds: 30 * 86_400, deleteAfterSeconds: 30 * 86_400 });
          await b.createQueue(d.name, {
            retryLimit: d.retryLimit ?? 5,
            retryDelay: d.retryDelaySeconds ?? 30,
            retryBackoff: true,
            expireInSeconds: d.expireInSeconds ?? 900,
            deadLetter: dead,
          });
          if (work && d.cron) await b.schedule(d.name, d.cron, {}, { tz: 'UTC' });
        }
        if (work) {
          for (const d of definitions.values()) {
            await b.work<JobPayloads[JobName]>(
              d.name,
              {
                batchSize: 1,
                localConcurrency: d.concurrency ?? 1,
                pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
              },
              async ([job]) => {
                if (job) await d.handler(job.data, job);
              },
            );
          }
        }
        boss = b;
        return b;
      })();
      await starting;
    },

    async stop() {
      const b = boss ?? (starting ? await starting.catch(() => null) : null);
      boss = null;
      starting = null;
      if (b) await b.stop({ graceful: true, timeout: 5_000, close: true });
    },

    async summary() {
      const b = await started();
      const queues = await b.getQueues();
      return queues
        .map((q) => ({
          name: q.name,
          queued: q.queuedCount,
          active: q.activeCount,
          deferred: q.deferredCount,
          total: q.totalCount,
          deadLetter: q.deadLetter ?? null,
          cron: definitions.get(q.name)?.cron ?? null,
        }))
        .filter((q) => definitions.has(q.name) || q.name.endsWith(DEAD_SUFFIX))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async failures(limit) {
      const b = await started();
      const out: FailedJob[] = [];
      for (const d of definitions.values()) {
        const dead = await b.findJobs<unknown>(`${d.name}${DEAD_SUFFIX}`, { limit });
        for (const j of dead) {
          out.push({
            id: j.id,
            queue: d.name,
            data: j.data,
            error: (j as { output?: unknown }).output ?? null,
            retryCount: j.retryCount,
            createdOn: j.createdOn,
            completedOn: j.completedOn,
          });
        }
      }
      return out.sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime()).slice(0, limit);
    },

    async retryDead(queue, id) {
      if (!definitions.has(queue)) return false;
      const b = await started();
      const [job] = await b.findJobs<object>(`${queue}${DEAD_SUFFIX}`, { id, limit: 1 });
      if (!job) return false;
      await b.send(queue, job.data);
      await b.deleteJob(`${queue}${DEAD_SUFFIX}`, id);
      return true;
    },

    async runQueued(name, { limit = 100 } = {}) {
      const d = definitions.get(name);
      if (!d) throw new Error(`unknown job ${name}`);
      const b = await started();
      let ran = 0;
      while (ran < limit) {
        const [job] = await b.fetch<JobPayloads[JobName]>(name, { batchSize: 1 });
        if (!job) break;
        ran++;
        try {
          await d.handler(job.data, job);
        } catch (err) {
          await b.fail(name, job, { message: err instanceof Error ? err.message : String(err) });
          continue;
        }
        await b.complete(name, job);
      }
      return ran;
    },
  };
  return jobQueue;
}

/**
 * The event sink of code that runs outside the app (the demo seed, scripts): a queue that is never
 * started, with no listener and no reaction, so the writes run in plain transactions and their events
 * reach no one (nothing there keeps a cache or waits for them).
 */
export function eventsOutsideTheApp(): EventSink {
  return createJobQueue({}, { error: () => {} });
}
