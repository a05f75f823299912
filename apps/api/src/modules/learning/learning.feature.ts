import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { createAuthorizationService } from './authorization.service';
import { registerAuthoringRoutes } from './authoring.routes';
import { createAuthoringService } from './authoring.service';
import { createCachedCatalogRepo, createCatalogCache, invalidateOnEvents } from './catalog-cache';
import { createCatalogRepo } from './catalog.repo';
import { createCatalogService } from './catalog.service';
import { contentOriginSettings } from '../../plugins/content-origin';
import { createContentGate } from './content-gate';
import { registerContentRoutes } from './content.routes';
import { createContentSigner, resolveContentKey } from './content-urls';
import { createCourseContextLoader } from './course-context';
import { registerDownloadRoutes } from './download.routes';
import { registerLearnerRoutes } from './learner.routes';
import { createPlayerService } from './player.service';
import { createFinishReads, createProgressService } from './progress.service';
import { registerPublicRoutes } from './public.routes';
import { registerReactionRoutes } from './reactions.routes';
import { createReactionsService } from './reactions.service';
import { createReportService } from './report.service';
import { createViewerLoader } from './viewer';

/**
 * Online courses and trails: catalog, enrollment, locks, progress kept on the server, the activity player
 * with signed content URLs, SCORM runtime data, the public portfolio and the learning back office.
 */
export async function registerLearning(app: App, deps: CoreDeps) {
  const { db, storage } = deps;
  const contentOrigin = contentOriginSettings(deps.config);
  const signer = createContentSigner(
    await resolveContentKey(db),
    deps.config.LEARNING_CONTENT_URL_TTL_SECONDS,
    contentOrigin.origin,
  );
  const viewers = createViewerLoader(db);
  // Learners' lists and course headers read the client's catalog from memory and only their own rows
  // from the database; the writes' domain events drop what they make stale, on every instance.
  const catalogCache = createCatalogCache(db, deps.pubsub);
  invalidateOnEvents(deps.jobs, catalogCache);
  const repo = createCachedCatalogRepo(db, catalogCache, createCatalogRepo(db));
  const contexts = createCourseContextLoader(db, repo, catalogCache);
  const events = deps.jobs;
  const catalog = createCatalogService({ db, repo, contexts, signer, events });
  const player = createPlayerService({ db, contexts, signer });
  const progress = createProgressService({ db, contexts, events });
  const authorizations = createAuthorizationService(db);
  const authoring = createAuthoringService({
    db,
    storage,
    signer,
    maxUploadBytes: deps.config.MAX_UPLOAD_MB * 1024 * 1024,
    onAudienceChange: () => viewers.forget(),
    events,
  });
  const reports = createReportService(db, events);
  const reactions = createReactionsService({ db, contexts, progress });

  registerLearnerRoutes(app, deps, { viewers, catalog, player, progress, authorizations });
  registerContentRoutes(app, {
    storage,
    signer,
    gate: createContentGate({
      db,
      cache: catalogCache,
      isSessionLive: (sid) => deps.services.auth.isSessionLive(sid),
    }),
    appOrigins: contentOrigin.frameOrigins,
  });
  registerDownloadRoutes(app, deps, { viewers, progress });
  registerPublicRoutes(app, db, deps.services.site, signer);
  registerAuthoringRoutes(app, deps, authoring, reports);
  registerReactionRoutes(app, deps, { reactions, viewers });

  return {
    viewers,
    catalogCache,
    contexts,
    catalog,
    player,
    progress,
    authorizations,
    authoring,
    reports,
    reactions,
    signer,
    /** The rewards area's read port (modules/rewards/awards.ports.ts). */
    finishes: createFinishReads(deps.db),
  };
}

/** The learning module's services, as buildApp returns them. */
export type LearningModule = Awaited<ReturnType<typeof registerLearning>>;
