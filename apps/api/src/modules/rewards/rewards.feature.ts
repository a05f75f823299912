import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { registerAwards } from './awards.feature';
import type { LearningFinishes } from './awards.ports';
import { registerCertificates } from './certificates.feature';
import { registerLedger, registerLedgerRoutesAndAdmin } from './ledger.feature';

/**
 * The rewards module: the points and XP ledgers, certificates and credentials, awards and badges. Its
 * three parts are built in this order, each given what it uses of the parts before it; the ledgers'
 * routes come last, since an administrator's adjustment checks the badges' points and XP thresholds.
 */
export function registerRewards(app: App, deps: CoreDeps & { learning: LearningFinishes }) {
  const ledger = registerLedger(app, deps);
  const certificates = registerCertificates(app, deps);
  const awards = registerAwards(app, { ...deps, ledger, certificates });
  registerLedgerRoutesAndAdmin(app, { ...deps, ledger, badges: awards.badges });
  return { ledger, certificates, awards };
}

export type RewardsModule = ReturnType<typeof registerRewards>;
