import type { Feature } from '../../features';
import { accountsOf, messagingOf } from './ports';
import { registerProfileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';

/** The signed-in user's profile: data, avatar, phone, password, inbox, activity and deletion request. */
export const profileFeature: Feature = {
  name: 'profile',
  register(app, deps) {
    const profile = createProfileService({
      db: deps.db,
      storage: deps.storage,
      auth: deps.services.auth,
      sessions: deps.services.sessions,
      site: deps.services.site,
      phoneCooldownSeconds: deps.config.PHONE_COOLDOWN_SECONDS,
      messaging: () => messagingOf(deps.features),
      log: (msg, err) => app.log.warn({ err }, msg),
    });
    registerProfileRoutes(app, deps, profile, () => accountsOf(deps.features));
    return profile;
  },
};
