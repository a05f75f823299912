import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LoyaltyMembershipPort } from '../loyalty/loyalty.port';
import type { LedgerPort } from '../rewards/ports';
import { createHttpTransferPartner, type TransferPartner } from './transfers.partner';
import { registerTransfersRoutes } from './transfers.routes';
import { createTransfersService } from './transfers.service';

/**
 * Points transfer to and from the partner loyalty program (docs/transfers.md): points held in the ledger
 * until the partner, called through its port by a retried job, confirms or refuses.
 */
export function registerTransfers(
  app: App,
  deps: CoreDeps & { ledger: LedgerPort; loyalty: LoyaltyMembershipPort; partner?: TransferPartner },
) {
  const { config } = deps;
  const partner =
    deps.partner ??
    (config.PARTNER_TRANSFER_URL
      ? createHttpTransferPartner({
          url: config.PARTNER_TRANSFER_URL,
          token: config.PARTNER_TRANSFER_TOKEN,
          timeoutMs: config.PARTNER_TRANSFER_TIMEOUT_MS,
        })
      : null);
  const transfers = createTransfersService({
    db: deps.db,
    now: () => new Date(),
    ledger: deps.ledger,
    loyalty: deps.loyalty,
    jobs: deps.jobs,
    notifications: deps.services.notifications,
    directory: deps.services.directory,
    partner,
    partnerToken: config.PARTNER_TRANSFER_TOKEN,
    retryLimit: config.PARTNER_TRANSFER_RETRY_LIMIT,
    retryDelaySeconds: config.PARTNER_TRANSFER_RETRY_DELAY_SECONDS,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  registerTransfersRoutes(app, deps, transfers);
  return { transfers };
}

export type TransfersModule = ReturnType<typeof registerTransfers>;
