import type { Config } from './config';
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
import type { UserDirectory } from './modules/users/user-directory';
import type { NotificationService } from './modules/notifications/notifications.service';

/**
 * What every feature module is given to register its routes and services: the core. A module that uses
 * another feature module's service gets it as a further, typed field beside these (`CoreDeps & {
 * messaging: MessagingService }`); buildApp builds the modules in order and hands each exactly what it uses.
 */
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
    /** The users module's port for reading and changing users outside its service. */
    directory: UserDirectory;
    tokens: TokenKit;
    notifications: NotificationService;
  };
  guards: { requireAuth: PreHandler } & ReturnType<typeof createTenantGuards> & IdempotencyGuards;
}
