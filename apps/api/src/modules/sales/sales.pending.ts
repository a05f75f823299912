import type { DbOrTx } from '../../db/client';
import type { PendingSalesPort } from '../loyalty/loyalty.port';
import { createSalesAuditRepo } from './sales.audit.repo';

/**
 * The sales module's answer to the loyalty program's question "which of these members still have sales
 * waiting for the audit in this campaign" (the level-change approvals wait for 0). One indexed count;
 * reads through the app's `db`, so it joins the caller's unit of work.
 */
export function createPendingSalesPort(db: DbOrTx): PendingSalesPort {
  return {
    pendingSales: (clientId, campaignId, userIds) =>
      createSalesAuditRepo(db, clientId).pendingCounts(campaignId, userIds),
  };
}
