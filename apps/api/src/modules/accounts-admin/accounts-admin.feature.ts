import type { Feature } from '../../features';
import { accountsOf, messagingOf } from '../profile/ports';
import type { ProfileService } from '../profile/profile.service';
import { registerAccountsAdminRoutes } from './accounts-admin.routes';
import { createAccountsAdminService } from './accounts-admin.service';

/** The back office for accounts: users, roles, approvals, deletion requests, outbox and login configuration. */
export const accountsAdminFeature: Feature = {
  name: 'accountsAdmin',
  register(app, deps) {
    const service = createAccountsAdminService({
      db: deps.db,
      storage: deps.storage,
      users: deps.services.users,
      sessions: deps.services.sessions,
      site: deps.services.site,
      profile: () => deps.features.profile as ProfileService | undefined,
      accounts: () => accountsOf(deps.features),
      messaging: () => messagingOf(deps.features),
    });
    registerAccountsAdminRoutes(app, deps, service);
    return service;
  },
};
