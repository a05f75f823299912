import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { CertificatesPort } from './ports';

/** Certificates (PDF, public verification, revocation) and verifiable credentials. */
export function registerCertificates(_app: App, _deps: CoreDeps): CertificatesPort {
  return {
    issue: async () => {
      throw new Error('certificates are not built yet');
    },
  };
}
