import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  seedBenchLearning,
  seedBenchLedger,
  type BenchLearningData,
  type BenchLedgerData,
} from './seed-bench';
import { seedBenchAttempts, type BenchAttemptsData } from './seed-attempts';
import { seedBenchStore, type BenchStoreData } from './seed-store';

/** What run.ts hands a scenario to build its requests. */
export interface ScenarioContext {
  base: string;
  /** Access tokens of the active users, in turn. */
  nextAccess: () => string;
  /** An access token of one bench user (their seeded session). */
  tokenFor: (userId: number) => string;
  data: unknown;
}

/** An endpoint each area adds to the benchmark: its own data, then the requests to drive. */
export interface Scenario {
  /** Also what `BENCH_ONLY` selects on (a comma-separated list of name prefixes). */
  name: string;
  title: string;
  seed?: (db: Db) => Promise<unknown>;
  /** The figure the scenario must reach, printed and checked next to its row. */
  target?: {
    label: string;
    check: (row: { rps: number; p50: number; p99: number }, ratioToBare: number) => boolean;
  };
  options(ctx: ScenarioContext): autocannon.Options;
}

// Learning: one catalog shared by its scenarios, seeded once.
let learning: Promise<BenchLearningData> | undefined;
const learningSeed = (db: Db) =>
  (learning ??= seedBenchLearning(db, {
    courses: Number(process.env.BENCH_COURSES ?? 2000),
    enrollments: Number(process.env.BENCH_ENROLLMENTS ?? 100_000),
  }).then((d) => {
    const n = (x: number) => x.toLocaleString('en-US');
    console.log(`bench: learning catalog of ${n(d.courses)} courses, ${n(d.enrollments)} enrollments`);
    return d;
  }));
const p99Under50: Scenario['target'] = { label: 'p99 < 50 ms', check: (r) => r.p99 < 50 };

// The store: the bench client's catalog of BENCH_STORE_ITEMS items, seeded once over the ledger seed.
let store: Promise<BenchStoreData> | undefined;
const storeSeed = (db: Db) =>
  (store ??= ledgerSeed(db).then(async (ledger) => {
    const d = await seedBenchStore(db, ledger, Number(process.env.BENCH_STORE_ITEMS ?? 5000));
    console.log(`bench: store of ${d.items.toLocaleString('en-US')} items`);
    return d;
  }));
/** The learner's reads (course list, course detail, trail list): issue 10's target. */
const learnerRead: Scenario['target'] = {
  label: '≥ 0.15× bare, p99 < 50 ms',
  check: (r, ratio) => ratio >= 0.15 && r.p99 < 50,
};

/** The calls in turn, each with its caller's bearer token. */
function rotating(ctx: ScenarioContext, calls: { userId: number; path: string }[]): autocannon.Options {
  const tokens = new Map<number, string>();
  const bearer = (userId: number) => {
    let t = tokens.get(userId);
    if (!t) tokens.set(userId, (t = `Bearer ${ctx.tokenFor(userId)}`));
    return t;
  };
  let i = 0;
  return {
    url: ctx.base,
    requests: [
      {
        setupRequest: (req) => {
          const call = calls[i++ % calls.length]!;
          return { ...req, path: call.path, headers: { ...req.headers, authorization: bearer(call.userId) } };
        },
      },
    ],
  };
}

const listScenario = (
  name: string,
  title: string,
  path: string,
  target: Scenario['target'] = p99Under50,
): Scenario => ({
  name,
  title,
  seed: learningSeed,
  target,
  options: (ctx) => {
    const d = ctx.data as BenchLearningData;
    return rotating(
      ctx,
      d.learnerIds.map((userId) => ({ userId, path })),
    );
  },
});

// Ledgers: 10 entries for each bench user (1,000,000 over 100,000 users), seeded once.
let ledger: Promise<BenchLedgerData> | undefined;
const ledgerSeed = (db: Db) =>
  (ledger ??= seedBenchLedger(db, {
    perUser: Number(process.env.BENCH_LEDGER_PER_USER ?? 10),
    active: Number(process.env.BENCH_ACTIVE ?? 2000),
  }).then((d) => {
    console.log(`bench: ledgers of ${d.entries.toLocaleString('en-US')} entries`);
    return d;
  }));

// Tests: 100,000 attempts stored, seeded once (after the learning catalog, whose bench users take them).
let attempts: Promise<BenchAttemptsData> | undefined;
const attemptsSeed = async (db: Db) => {
  await learningSeed(db);
  return (attempts ??= seedBenchAttempts(db, {
    attempts: Number(process.env.BENCH_ATTEMPTS ?? 100_000),
  }).then((d) => {
    console.log(`bench: ${d.attempts.toLocaleString('en-US')} test attempts stored`);
    return d;
  }));
};

export const benchScenarios: Scenario[] = [
  listScenario(
    'learning-course-list',
    'GET /api/learning/courses (page 1)',
    '/api/learning/courses',
    learnerRead,
  ),
  listScenario(
    'learning-course-search',
    'GET /api/learning/courses?search=vendas',
    '/api/learning/courses?search=vendas',
  ),
  listScenario(
    'learning-course-mine',
    'GET /api/learning/courses (mine, started)',
    '/api/learning/courses?subscription_type=subscribed&progress=in_progress',
  ),
  listScenario(
    'learning-trail-list',
    'GET /api/learning/trails (page 1)',
    '/api/learning/trails',
    learnerRead,
  ),
  {
    name: 'learning-course-detail',
    title: 'GET /api/learning/courses/:id',
    seed: learningSeed,
    target: learnerRead,
    options: (ctx) => {
      const d = ctx.data as BenchLearningData;
      return rotating(
        ctx,
        d.detailPairs.map((p) => ({ userId: p.userId, path: `/api/learning/courses/${p.courseId}` })),
      );
    },
  },
  {
    // Each connection, as one learner after another: start an attempt (or resume the open one), then
    // submit it. Every request of the pair is one row of the figures.
    name: 'assessment-attempt',
    title: 'POST …/attempts then POST …/attempts/:id/submit',
    seed: attemptsSeed,
    target: p99Under50,
    options: (ctx) => {
      const d = ctx.data as BenchAttemptsData;
      const base = `/api/learning/activities/${d.activityId}/attempts`;
      let turn = 0;
      const tokens = new Map<number, string>();
      const bearer = (userId: number) => {
        let t = tokens.get(userId);
        if (!t) tokens.set(userId, (t = `Bearer ${ctx.tokenFor(userId)}`));
        return t;
      };
      type Turn = { userId?: number; attemptId?: number };
      return {
        url: ctx.base,
        requests: [
          {
            method: 'POST',
            setupRequest: (req, context) => {
              const c = context as Turn;
              c.userId = d.learnerIds[turn++ % d.learnerIds.length]!;
              return {
                ...req,
                method: 'POST',
                path: base,
                headers: { ...req.headers, authorization: bearer(c.userId) },
              };
            },
            onResponse: (status, body, context) => {
              const c = context as Turn;
              c.attemptId =
                status === 200 ? (JSON.parse(body) as { attempt: { id: number } }).attempt.id : undefined;
            },
          },
          {
            method: 'POST',
            setupRequest: (req, context) => {
              const c = context as Turn;
              return {
                ...req,
                method: 'POST',
                path: `${base}/${c.attemptId ?? 0}/submit`,
                headers: { ...req.headers, authorization: bearer(c.userId!) },
              };
            },
          },
        ],
      };
    },
  },
  {
    name: 'ledger-statement',
    title: 'GET /api/rewards/statement (page 1)',
    seed: ledgerSeed,
    target: p99Under50,
    options: (ctx) => {
      const d = ctx.data as BenchLedgerData;
      return rotating(
        ctx,
        d.learnerIds.map((userId) => ({ userId, path: '/api/rewards/statement?pageSize=25' })),
      );
    },
  },
  {
    // The caller's position and neighbours among the bench client's 100,000 ranked users (the ledger
    // seed's entries fill the ranking through its trigger); the client is given the ranking first.
    name: 'ranking-me',
    title: 'GET /api/ranking/me (points, all time)',
    seed: async (db) => {
      const d = await ledgerSeed(db);
      await db.execute(
        sql`update clients set flags = flags || '{"has_ranking": true}'::jsonb where id = ${d.clientId}`,
      );
      await db.execute(sql`analyze ranking_scores`);
      return d;
    },
    target: p99Under50,
    options: (ctx) => {
      const d = ctx.data as BenchLedgerData;
      return rotating(
        ctx,
        d.learnerIds.map((userId) => ({ userId, path: '/api/ranking/me?metric=points&period=all' })),
      );
    },
  },
  {
    // One credit per request through the back office's route (a fresh Idempotency-Key each), spread over
    // the client's users: what a credit costs with its audit row, inbox message and idempotency record.
    name: 'ledger-adjustment',
    title: 'POST /api/admin/rewards/adjustments',
    seed: ledgerSeed,
    options: (ctx) => {
      const d = ctx.data as BenchLedgerData;
      const authorization = `Bearer ${ctx.tokenFor(d.adminId)}`;
      let i = 0;
      return {
        url: `${ctx.base}/api/admin/rewards/adjustments`,
        method: 'POST',
        requests: [
          {
            setupRequest: (req) => {
              i += 1;
              const userId = d.memberIds[i % d.memberIds.length]!;
              return {
                ...req,
                method: 'POST',
                headers: {
                  ...req.headers,
                  authorization,
                  'content-type': 'application/json',
                  'idempotency-key': `bench-adjust-${process.pid}-${i}`,
                },
                body: JSON.stringify({ userId, ledger: 'points', amount: 5, reason: 'bench credit' }),
              };
            },
          },
        ],
      };
    },
  },
  {
    // The learner's store over 5,000 items: the first page with the default sort and the filters the
    // screen sends (a price range, affordable only, A-Z, a search), each with the caller's points.
    name: 'store-listing',
    title: 'GET /api/store/items (5,000 items)',
    seed: storeSeed,
    target: p99Under50,
    options: (ctx) => {
      const d = ctx.data as BenchStoreData;
      const queries = [
        '',
        '&sort=az',
        '&sort=price_asc&priceMin=100&priceMax=2000',
        '&affordable=true&sort=price_desc',
        '&q=caneca',
        '&page=3',
      ];
      return rotating(
        ctx,
        d.learnerIds.flatMap((userId, i) => ({
          userId,
          path: `/api/store/items?pageSize=12${queries[i % queries.length]}`,
        })),
      );
    },
  },
  {
    // One redemption per request (a fresh Idempotency-Key) by the client's learners in turn, through every
    // rule: audience, level, courses, the hold on the user's account, the category maximum, the stock,
    // the order, the low-stock check and the audit row. Its req/s is redemptions per second.
    name: 'store-redeem',
    title: 'POST /api/store/items/:id/redeem',
    seed: storeSeed,
    target: { label: '≥ 500 redemptions/s on PostgreSQL', check: (r) => r.rps >= 500 },
    options: (ctx) => {
      const d = ctx.data as BenchStoreData;
      const tokens = new Map<number, string>();
      const bearer = (userId: number) => {
        let t = tokens.get(userId);
        if (!t) tokens.set(userId, (t = `Bearer ${ctx.tokenFor(userId)}`));
        return t;
      };
      const body = JSON.stringify({
        address: { zip: '01001-000', street: 'Praça da Sé', number: '1', city: 'São Paulo', country: 'BR' },
      });
      let i = 0;
      return {
        url: ctx.base,
        method: 'POST',
        requests: [
          {
            setupRequest: (req) => {
              i += 1;
              const userId = d.learnerIds[i % d.learnerIds.length]!;
              const itemId = d.redeemItemIds[i % d.redeemItemIds.length]!;
              return {
                ...req,
                method: 'POST',
                path: `/api/store/items/${itemId}/redeem`,
                headers: {
                  ...req.headers,
                  authorization: bearer(userId),
                  'content-type': 'application/json',
                  'idempotency-key': `bench-redeem-${process.pid}-${i}`,
                },
                body,
              };
            },
          },
        ],
      };
    },
  },
];
