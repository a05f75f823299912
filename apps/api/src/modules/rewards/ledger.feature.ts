import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LedgerPort } from './ports';

/** The points and XP ledgers: the service every area credits, debits and holds through, its routes and jobs. */
export function registerLedger(_app: App, _deps: CoreDeps): LedgerPort {
  const missing = (): never => {
    throw new Error('the ledger is not built yet');
  };
  return {
    credit: async () => missing(),
    debit: async () => missing(),
    hold: async () => missing(),
    commitHold: async () => missing(),
    releaseHold: async () => missing(),
    balance: async () => missing(),
  };
}
