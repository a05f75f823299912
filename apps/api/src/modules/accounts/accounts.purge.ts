import { isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accountsRateCounters,
  oidcLogins,
  usedPasswordLinks,
  verificationCodes,
  webserviceTokens,
} from '../../db/schema/accounts';

export interface AccountsPurgeLimits {
  passwordLinkTtlHours: number;
}

/**
 * Deletes what can no longer be used: codes past their expiry or spent, records of spent password links
 * older than any link could live, partner login tokens past their expiry, unfinished Google sign-ins older
 * than a day and request counters whose window ended more than a day ago. Returns how many rows went.
 */
export async function purgeExpiredAccounts(db: DbOrTx, limits: AccountsPurgeLimits) {
  const codes = await db
    .delete(verificationCodes)
    .where(or(lt(verificationCodes.expiresAt, sql`now()`), isNotNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  const links = await db
    .delete(usedPasswordLinks)
    .where(
      lt(
        usedPasswordLinks.usedAt,
        sql`now() - make_interval(hours => ${Math.ceil(limits.passwordLinkTtlHours)})`,
      ),
    )
    .returning({ hash: usedPasswordLinks.tokenHash });
  const partnerTokens = await db
    .delete(webserviceTokens)
    .where(lt(webserviceTokens.expiresAt, sql`now()`))
    .returning({ hash: webserviceTokens.tokenHash });
  const signIns = await db
    .delete(oidcLogins)
    .where(lt(oidcLogins.createdAt, sql`now() - interval '1 day'`))
    .returning({ state: oidcLogins.state });
  const counters = await db
    .delete(accountsRateCounters)
    .where(lt(accountsRateCounters.windowStart, sql`now() - interval '1 day'`))
    .returning({ key: accountsRateCounters.key });
  return {
    codes: codes.length,
    passwordLinks: links.length,
    partnerTokens: partnerTokens.length,
    signIns: signIns.length,
    rateCounters: counters.length,
  };
}
