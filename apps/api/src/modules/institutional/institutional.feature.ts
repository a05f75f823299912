import type { Feature } from '../../features';
import { messagingOf } from '../profile/ports';
import type { ProfileService } from '../profile/profile.service';
import { registerInstitutionalRoutes } from './institutional.routes';
import { createInstitutionalService } from './institutional.service';

/** Institutional pages per client or site and language, cookie consent, support and contact tickets. */
export const institutionalFeature: Feature = {
  name: 'institutional',
  register(app, deps) {
    const profile = () => deps.features.profile as ProfileService | undefined;
    const service = createInstitutionalService({
      db: deps.db,
      sessions: deps.services.sessions,
      messaging: () => messagingOf(deps.features),
      record: async (userId, clientId, kind, detail) => {
        await profile()?.record(userId, clientId, kind, detail ?? null);
      },
      log: (msg, err) => app.log.warn({ err }, msg),
    });
    registerInstitutionalRoutes(app, deps, service);
    return service;
  },
};
