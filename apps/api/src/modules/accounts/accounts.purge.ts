import type { DbOrTx } from '../../db/client';
import { createAccountsRepo } from './accounts.repo';

export interface AccountsPurgeLimits {
  passwordLinkTtlHours: number;
}

/**
 * Deletes what can no longer be used: codes past their expiry or spent, records of spent password links
 * older than any link could live, partner login tokens past their expiry, unfinished Google sign-ins older
 * than a day and request counters whose window ended more than a day ago. Returns how many rows went.
 */
export async function purgeExpiredAccounts(db: DbOrTx, limits: AccountsPurgeLimits) {
  const repo = createAccountsRepo(db);
  const codes = await repo.purgeCodes();
  const links = await repo.purgePasswordLinks(Math.ceil(limits.passwordLinkTtlHours));
  const partnerTokens = await repo.purgeWebserviceTokens();
  const signIns = await repo.purgeOidcLogins();
  const counters = await repo.purgeRateCounters();
  return {
    codes: codes.length,
    passwordLinks: links.length,
    partnerTokens: partnerTokens.length,
    signIns: signIns.length,
    rateCounters: counters.length,
  };
}
