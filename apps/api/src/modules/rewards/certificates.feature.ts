import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { registerCertificateRoutes } from './certificates.routes';
import { createCertificatesService, type CertificatesService } from './certificates.service';
import { createCredentials, type Credentials } from './credentials';
import type { CertificatesPort } from './ports';

declare module '../../jobs/job-queue' {
  interface JobPayloads {
    /** Daily: reminds the holders of certificates about to expire (once per certificate). */
    'rewards.certificate-reminders': Record<string, never>;
  }
}

/** 06:41 UTC: morning in the clients' time zones (Brazil to Europe), away from the nightly purge. */
export const CERTIFICATE_REMINDERS_CRON = '41 6 * * *';

export type CertificatesModule = CertificatesPort & {
  service: CertificatesService;
  credentials: Credentials;
};

/** Certificates (PDF, public verification, revocation, expiry reminders) and verifiable credentials. */
export function registerCertificates(app: App, deps: CoreDeps): CertificatesModule {
  const credentials = createCredentials({
    db: deps.db,
    publicUrl: deps.config.PUBLIC_URL,
    messageKey: deps.config.MESSAGE_KEY,
  });
  const service = createCertificatesService({
    db: deps.db,
    storage: deps.storage,
    directory: deps.services.directory,
    notifications: deps.services.notifications,
    credentials,
    publicUrl: deps.config.PUBLIC_URL,
  });
  registerCertificateRoutes(app, deps, service, credentials);

  deps.jobs.define({
    name: 'rewards.certificate-reminders',
    cron: CERTIFICATE_REMINDERS_CRON,
    retryLimit: 3,
    async handler() {
      await service.sendReminders();
    },
  });

  return { issue: (input) => service.issue(input), service, credentials };
}
