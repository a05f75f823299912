import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { registerSenceRoutes } from './sence.routes';
import { createSenceService } from './sence.service';

/** The SENCE integration screen's API (docs/sence.md); it needs no other module's service. */
export function registerSence(app: App, deps: CoreDeps) {
  const sence = createSenceService({
    db: deps.db,
    authUrl: deps.config.SENCE_AUTH_URL,
    rutOtec: deps.config.SENCE_RUT_OTEC,
    publicUrl: deps.config.PUBLIC_URL,
    now: () => new Date(),
  });
  registerSenceRoutes(app, deps, sence);
  return { sence };
}

export type SenceModule = ReturnType<typeof registerSence>;
