import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { MessagingPort } from '../profile/ports';
import type { ProfileService } from '../profile/profile.service';
import { registerInstitutionalRoutes } from './institutional.routes';
import { createInstitutionalService, type InstitutionalService } from './institutional.service';

/** Institutional pages per client or site and language, cookie consent, support and contact tickets. */
export function registerInstitutional(
  app: App,
  deps: CoreDeps & { messaging: MessagingPort; profile: Pick<ProfileService, 'record'> },
): InstitutionalService {
  const { profile } = deps;
  const service = createInstitutionalService({
    db: deps.db,
    sessions: deps.services.sessions,
    users: deps.services.directory,
    messaging: deps.messaging,
    record: async (userId, clientId, kind, detail) => {
      await profile.record(userId, clientId, kind, detail ?? null);
    },
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  registerInstitutionalRoutes(app, deps, service);
  return service;
}
