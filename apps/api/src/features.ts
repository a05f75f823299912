import type { Config } from './config';
import type { App } from './context';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { PubSub } from './lib/pubsub';
import type { Storage } from './lib/storage';
import type { MediaRegistry } from './modules/media/media';
import type { PreHandler } from './plugins/auth';
import type { createTenantGuards } from './plugins/tenant';
import type { IdempotencyGuards } from './plugins/idempotency';
import type { AuthService } from './modules/auth/auth.service';
import type { TokenKit } from './modules/auth/tokens';
import type { SessionService } from './modules/session/session.service';
import type { SiteService } from './modules/site/site.service';
import type { UsersService } from './modules/users/users.service';
import type { NotificationService } from './modules/notifications/notifications.service';
import { accountsFeature } from './modules/accounts/accounts.feature';
import { accountsAdminFeature } from './modules/accounts-admin/accounts-admin.feature';
import { institutionalFeature } from './modules/institutional/institutional.feature';
import { learningFeature } from './modules/learning/learning.feature';
import { messagingFeature } from './modules/messaging/messaging.feature';
import { profileFeature } from './modules/profile/profile.feature';

/** What a feature module is given to register its routes and services. */
export interface CoreDeps {
  config: Config;
  db: Db;
  pubsub: PubSub;
  storage: Storage;
  /** The durable job queue: a feature defines its jobs and reactions on it while it registers. */
  jobs: JobQueue;
  /** The media route's kinds of stored file: each module adds the ones it serves. */
  media: MediaRegistry;
  services: {
    auth: AuthService;
    sessions: SessionService;
    site: SiteService;
    users: UsersService;
    tokens: TokenKit;
    notifications: NotificationService;
  };
  guards: { requireAuth: PreHandler } & ReturnType<typeof createTenantGuards> & IdempotencyGuards;
  /**
   * What the features registered so far returned, by name: a feature reaches another area's service
   * through here (registered earlier in the list), never through its repo or tables.
   */
  features: Record<string, unknown>;
}

export interface Feature {
  name: string;
  register(app: App, deps: CoreDeps): Promise<unknown> | unknown;
}

/**
 * Every feature area of the API, registered in this order after the core (auth, session, site).
 * A feature adds itself here with one line; what it returns is kept in `features` of buildApp's result
 * (tests reach its services through it).
 */
export const features: Feature[] = [];

// Messaging (e-mail, SMS, WhatsApp and the outbox), then accounts, which sends through it.
features.push(messagingFeature, accountsFeature);

// Profile, institutional pages and the accounts back office (after messaging and accounts, which they use).
features.push(profileFeature, institutionalFeature, accountsAdminFeature);

// Online courses, trails, the activity player, the public portfolio and the learning back office.
features.push(learningFeature);
