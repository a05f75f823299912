import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { AccountsPort, MessagingPort } from '../profile/ports';
import type { ProfileService } from '../profile/profile.service';
import { registerAccountsAdminRoutes } from './accounts-admin.routes';
import { createAccountsAdminService, type AccountsAdminService } from './accounts-admin.service';

/** The back office for accounts: users, roles, approvals, deletion requests, outbox and login configuration. */
export function registerAccountsAdmin(
  app: App,
  deps: CoreDeps & { profile: ProfileService; accounts: AccountsPort; messaging: MessagingPort },
): AccountsAdminService {
  const service = createAccountsAdminService({
    db: deps.db,
    storage: deps.storage,
    users: deps.services.users,
    sessions: deps.services.sessions,
    site: deps.services.site,
    profile: deps.profile,
    accounts: deps.accounts,
    messaging: deps.messaging,
  });
  registerAccountsAdminRoutes(app, deps, service);
  return service;
}
