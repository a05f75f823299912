import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { MessagingService } from '../messaging/messaging.service';
import { createAccountsRepo } from './accounts.repo';
import { createAccountsService, type AccountsService } from './accounts.service';
import { registerAccountsRoutes } from './accounts.routes';
import { createLinkSigner } from './links';
import { registerPasswordRoutes } from './password.routes';
import { createRateLimiter } from './rate-limit';
import { createRecoveryService } from './recovery.service';
import { createRegistrationService } from './registration.service';
import { registerSigninRoutes } from './signin.routes';
import { createSigninService } from './signin.service';

/** The key that signs password links and hashes codes: generated once and shared by every instance. */
async function resolveLinkSecret(db: Db): Promise<string> {
  const key = 'accounts_link_secret';
  const value = await createAccountsRepo(db).settingOrCreate(key, randomBytes(48).toString('base64url'));
  if (!value) throw new Error('accounts link secret missing');
  return value;
}

/** Accounts: registration, first access, password links and codes, approval, Google and webservice sign-in. */
export async function registerAccounts(
  app: App,
  deps: CoreDeps & { messaging: MessagingService },
): Promise<AccountsService> {
  const { config, messaging } = deps;
  const signer = createLinkSigner(await resolveLinkSecret(deps.db));
  const accounts = createAccountsService({
    db: deps.db,
    auth: deps.services.auth,
    sessions: deps.services.sessions,
    messaging,
    notifications: deps.services.notifications,
    signer,
    publicUrl: config.PUBLIC_URL,
    linkTtlHours: config.PASSWORD_LINK_TTL_HOURS,
    codeTtlSeconds: config.CODE_TTL_SECONDS,
    codeMaxAttempts: config.CODE_MAX_ATTEMPTS,
    phoneCooldownSeconds: config.PHONE_COOLDOWN_SECONDS,
  });
  const siteFor = (host: string | undefined) => deps.services.site.forHost(host);
  const limiter = createRateLimiter(deps.db);
  const registration = createRegistrationService({
    db: deps.db,
    sessions: deps.services.sessions,
    messaging,
    accounts,
    siteFor,
  });
  const recovery = createRecoveryService({
    db: deps.db,
    accounts,
    limiter,
    maxPerAddress: config.RECOVERY_MAX_PER_ADDRESS,
    maxPerAccount: config.RECOVERY_MAX_PER_ACCOUNT,
  });
  const signin = createSigninService({
    db: deps.db,
    auth: deps.services.auth,
    siteFor,
    publicUrl: config.PUBLIC_URL,
    webserviceTtlSeconds: config.WEBSERVICE_TOKEN_TTL_SECONDS,
    google: {
      issuer: config.GOOGLE_OIDC_ISSUER,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
    },
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  registerAccountsRoutes(app, deps, registration, limiter);
  registerPasswordRoutes(app, deps, accounts, recovery, limiter);
  registerSigninRoutes(app, deps, signin, limiter);
  return accounts;
}
