import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { AccountsPort, MessagingPort } from './ports';
import { registerProfileRoutes } from './profile.routes';
import { createProfileService, type ProfileService } from './profile.service';

/** The signed-in user's profile: data, avatar, phone, password, inbox, activity and deletion request. */
export function registerProfile(
  app: App,
  deps: CoreDeps & { messaging: MessagingPort; accounts: AccountsPort },
): ProfileService {
  const profile = createProfileService({
    db: deps.db,
    storage: deps.storage,
    auth: deps.services.auth,
    sessions: deps.services.sessions,
    site: deps.services.site,
    phoneCooldownSeconds: deps.config.PHONE_COOLDOWN_SECONDS,
    messaging: deps.messaging,
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  registerProfileRoutes(app, deps, profile, deps.accounts);
  return profile;
}
