import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { App, AppContext } from './context';
import type { Db } from './db/client';
import { createJobQueue } from './jobs/job-queue';
import { defineMaintenanceJobs } from './jobs/maintenance.jobs';
import { registerJobsRoutes } from './jobs/jobs.routes';
import { registerAuditContext } from './modules/audit/audit';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { createNotificationService } from './modules/notifications/notifications.service';
import { registerRealtimeRoutes } from './modules/notifications/realtime.routes';
import { registerNotifications } from './modules/notifications/notifications.feature';
import type { ConstructorOptions as JobQueueConnection } from 'pg-boss';
import { createLocalPubSub, createRedisPubSub, type PubSub } from './lib/pubsub';
import { createAuthGuards } from './plugins/auth';
import { registerContentOrigin } from './plugins/content-origin';
import { registerResponsePolicy } from './plugins/response-policy';
import { registerSecurityHeaders } from './plugins/security-headers';
import { createTenantGuards } from './plugins/tenant';
import { recordRouteAccess } from './plugins/permissions';
import { createIdempotency } from './plugins/idempotency';
import { createStorage, type Storage } from './lib/storage';
import { createMediaRegistry, registerMediaRoutes } from './modules/media/media';
import type { CoreDeps } from './features';
import { registerAccounts } from './modules/accounts/accounts.feature';
import { registerAccountsAdmin } from './modules/accounts-admin/accounts-admin.feature';
import { registerAssessments } from './modules/assessments/assessments.feature';
import { registerInstitutional } from './modules/institutional/institutional.feature';
import { registerLearning } from './modules/learning/learning.feature';
import { registerMessaging } from './modules/messaging/messaging.feature';
import { registerProfile } from './modules/profile/profile.feature';
import { registerLoyalty } from './modules/loyalty/loyalty.feature';
import { createLoyaltyMembershipPort, createLoyaltySalesPort } from './modules/loyalty/loyalty.port';
import { registerRanking } from './modules/ranking/ranking.feature';
import { registerRewards } from './modules/rewards/rewards.feature';
import { registerSence } from './modules/sence/sence.feature';
import { registerGames } from './modules/games/games.feature';
import { registerDailyChallenge } from './modules/daily-challenge/daily-challenge.feature';
import { registerStore } from './modules/store/store.feature';
import { registerPhotos } from './modules/photos/photos.feature';
import { registerSales } from './modules/sales/sales.feature';
import { createPendingSalesPort } from './modules/sales/sales.pending';
import { registerTransfers } from './modules/transfers/transfers.feature';
import { registerSurveys } from './modules/surveys/surveys.feature';
import { registerErrorHandling, sendError } from './plugins/errors';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginThrottle } from './modules/auth/throttle';
import { createTokenKit, resolveSigningKey } from './modules/auth/tokens';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerSessionRoutes } from './modules/session/session.routes';
import { createSessionService } from './modules/session/session.service';
import { registerSiteRoutes } from './modules/site/site.routes';
import { createSiteService } from './modules/site/site.service';
import { registerUsersAdminRoutes } from './modules/users/users.routes';
import { createUserDirectory } from './modules/users/user-directory';
import { createUsersService } from './modules/users/users.service';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** How the durable job queue reaches the same database (Database.jobQueueConnection). */
  jobQueueConnection: JobQueueConnection;
  pubsub?: PubSub;
  storage?: Storage;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

/** Builds the whole API (and the web app's static server); never listens, so tests can inject. */
export async function buildApp(opts: BuildAppOptions) {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  recordRouteAccess(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const pubsub =
    opts.pubsub ?? (config.REDIS_URL ? createRedisPubSub(config.REDIS_URL) : createLocalPubSub());
  const ctx: AppContext = { config, db, pubsub };

  registerErrorHandling(app);
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: 1, fields: 50 },
  });
  const contentOrigin = registerContentOrigin(app, config);
  registerSecurityHeaders(app, { contentOrigin: contentOrigin.origin });
  registerResponsePolicy(app);
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/api') && !req.url.startsWith('/o/'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Trilha API', version: '1.0.0', description: 'Learning and loyalty platform API' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          basic: { type: 'http', scheme: 'basic', description: 'partner client credentials' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const signingKey = await resolveSigningKey(db, config.JWT_SECRET);
  const tokens = createTokenKit(
    signingKey,
    config.ACCESS_TOKEN_TTL_SECONDS,
    config.REALTIME_TOKEN_TTL_SECONDS,
  );
  const site = createSiteService(db, pubsub);
  const userDirectory = createUserDirectory(db);
  const auth = createAuthService({
    db,
    pubsub,
    users: userDirectory,
    tokens,
    throttle: createLoginThrottle(db, {
      maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: config.LOGIN_WINDOW_MINUTES,
      addressDelayMs: config.LOGIN_ADDRESS_DELAY_MS,
    }),
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
    isMaintenance: (host) => site.isMaintenance(host),
  });
  const sessions = createSessionService({
    db,
    pubsub,
    users: userDirectory,
    phoneCooldownSeconds: config.PHONE_COOLDOWN_SECONDS,
  });
  const usersService = createUsersService({ db, auth, sessions });
  const { requireAuth } = createAuthGuards(app, tokens, auth);
  const tenantGuards = createTenantGuards(app, sessions, requireAuth);
  const idempotency = createIdempotency(app, db);
  registerAuditContext(app);
  const storage = opts.storage ?? createStorage(config);
  const media = createMediaRegistry(storage);
  // Core jobs are defined here, the features' below; the queue starts once all are (JOB_WORKERS: whether
  // this instance also runs them; test apps only send).
  const jobs = createJobQueue(opts.jobQueueConnection, app.log);
  defineMaintenanceJobs(jobs, { db, config, log: app.log });
  const notifications = createNotificationService({ db, jobs, pubsub, users: userDirectory });

  registerHealthRoutes(app, db);
  registerMediaRoutes(app, media);
  registerSiteRoutes(app, site);
  registerAuthRoutes(app, auth, requireAuth);
  registerSessionRoutes(app, sessions, requireAuth);
  registerUsersAdminRoutes(app, usersService, tenantGuards.requireCapability);
  registerJobsRoutes(app, { jobs, requireCapability: tenantGuards.requireCapability });
  registerAuditRoutes(app, { db, requireCapability: tenantGuards.requireCapability });
  await registerRealtimeRoutes(app, { tokens, pubsub, isSessionLive: (sid) => auth.isSessionLive(sid) });

  const deps: CoreDeps = {
    config,
    db,
    pubsub,
    storage,
    jobs,
    media,
    services: { auth, sessions, site, users: usersService, directory: userDirectory, tokens, notifications },
    guards: { requireAuth, ...tenantGuards, ...idempotency },
  };
  // The feature modules, in order: each gets the core and, by name and typed, exactly the services of the
  // modules before it that it uses (never their repos or tables).
  const messaging = await registerMessaging(app, deps);
  registerNotifications(app, { ...deps, messaging });
  const accounts = await registerAccounts(app, { ...deps, messaging });
  const profile = registerProfile(app, { ...deps, messaging, accounts });
  const institutional = registerInstitutional(app, { ...deps, messaging, profile });
  const accountsAdmin = registerAccountsAdmin(app, { ...deps, profile, accounts, messaging });
  const learning = await registerLearning(app, deps);
  const rewards = registerRewards(app, { ...deps, learning: learning.finishes });
  const assessments = registerAssessments(app, { ...deps, learning });
  const surveys = registerSurveys(app, { ...deps, learning });
  const ranking = registerRanking(app, deps);
  const loyalty = registerLoyalty(app, {
    ...deps,
    ledger: rewards.ledger,
    pendingSales: createPendingSalesPort(deps.db),
  });
  const sence = registerSence(app, deps);
  const games = registerGames(app, { ...deps, learning, ledger: rewards.ledger });
  const dailyChallenge = registerDailyChallenge(app, {
    ...deps,
    questionBank: assessments.questionBank,
    ledger: rewards.ledger,
    badges: rewards.awards.badges,
  });
  const loyaltySales = createLoyaltySalesPort(deps.db);
  const sales = registerSales(app, {
    ...deps,
    loyalty: loyaltySales,
    levels: loyalty.levels,
    ledger: rewards.ledger,
  });
  const photos = registerPhotos(app, {
    ...deps,
    loyalty: loyaltySales,
    ledger: rewards.ledger,
    badges: rewards.awards.badges,
    levels: loyalty.levels,
  });
  const store = registerStore(app, {
    ...deps,
    ledger: rewards.ledger,
    learning: learning.finishes,
    audience: learning,
    // The level in force now, from the loyalty program's level history.
    memberLevel: (clientId, userId) => loyalty.loyalty.levelInForce(clientId, userId, new Date()),
    // An order of a user with sales waiting for the audit waits too (docs/sales.md).
    approvalMayWait: (userId, clientId) => sales.audit.awaitsAudit(userId, clientId),
  });
  const transfers = registerTransfers(app, {
    ...deps,
    ledger: rewards.ledger,
    loyalty: createLoyaltyMembershipPort(deps.db),
  });
  const modules = {
    messaging,
    accounts,
    profile,
    institutional,
    accountsAdmin,
    learning,
    rewards,
    store,
    assessments,
    surveys,
    ranking,
    loyalty,
    sence,
    games,
    dailyChallenge,
    sales,
    photos,
    transfers,
  };
  // Every job and reaction is defined by now (core and features); sending needs a started queue.
  await jobs.start({ work: config.JOB_WORKERS });

  const indexHtml = path.join(config.WEB_DIST, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file; the best one the browser accepts is sent as it is.
      preCompressed: true,
      // Files under assets/ carry a content hash in their name: kept for a year, never revalidated.
      // Everything else (index.html, the favicon) is revalidated on every load so a deploy shows at once.
      setHeaders: (res, file) => {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/api') ||
      url.startsWith('/o/') ||
      request.method !== 'GET' ||
      !hasWeb ||
      url.startsWith('/assets/')
    ) {
      return sendError(request, reply, 404, 'NOT_FOUND');
    }
    // Every other path belongs to the single-page app, which shows its own not-found screen.
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });

  app.addHook('onClose', async () => {
    await jobs.stop();
    await pubsub.close();
  });

  return {
    app,
    ctx,
    deps,
    modules,
    services: { auth, sessions, site, users: usersService, directory: userDirectory, tokens, notifications },
    jobs,
  };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
export type { ZodTypeProvider };
