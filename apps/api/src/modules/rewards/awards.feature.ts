import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { CertificatesPort, LedgerPort } from './ports';

/** Awards on finishing activities, courses and trails, and badges: their editors and the event handlers. */
export function registerAwards(
  _app: App,
  _deps: CoreDeps & { ledger: LedgerPort; certificates: CertificatesPort },
): Record<string, never> {
  return {};
}
