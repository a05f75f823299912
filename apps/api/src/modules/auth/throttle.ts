import { sql } from 'drizzle-orm';
import { documentLookupKey } from '@trilha/domain/document';
import type { Db } from '../../db/client';
import { createThrottleRepo } from './throttle.repo';

export interface ThrottleLimits {
  maxPerAccount: number;
  /** Failures from one address within the window before its attempts are spaced out. */
  maxPerAddress: number;
  windowMinutes: number;
  /** The spacing of attempts from an address at its limit; it doubles with every further failure. */
  addressDelayMs: number;
}

/** The longest spacing between two attempts from one address. */
const MAX_ADDRESS_STEP_MS = 30_000;
/** An address whose queue of attempts reaches this far ahead is asked to come back later. */
const MAX_ADDRESS_WAIT_SECONDS = 120;

/**
 * The account key of a login identifier that matches no account: its canonical spelling, so that every
 * spelling of one identifier counts together. A document is keyed as the login finds it
 * (`documentLookupKey`: without separators); anything else is compared without case.
 */
export function canonicalIdentifier(identifier: string): string {
  const document = documentLookupKey(identifier);
  return document ? `doc:${document}` : `id:${identifier.normalize('NFKC').trim().toLowerCase()}`;
}

/**
 * Failed-login limits, kept in the database so they hold across instances and restarts.
 *
 * - Per account (the resolved user, or the canonical identifier when none matches): reaching the limit
 *   within the window locks the account for one window, whatever spelling of it is typed next.
 * - Per address: only failures count, and reaching the limit never refuses a right password. Attempts
 *   from such an address are spaced out instead (one at a time, the spacing doubling with each further
 *   failure), so a shop of many staff behind one address keeps signing in while a guesser slows down.
 */
export function createLoginThrottle(db: Db, limits: ThrottleLimits) {
  const window = `${limits.windowMinutes} minutes`;
  const addressKey = (address: string) => `addr:${address}`;
  const repo = createThrottleRepo(db);

  async function countFailure(key: string, lockAt: number | null) {
    // One statement: restart the window when it has passed, count, and (for accounts) lock at the limit.
    const restart = sql`auth_throttle.window_start < now() - ${window}::interval`;
    await repo.countFailure(
      key,
      restart,
      lockAt === null
        ? sql`case when ${restart} then null else auth_throttle.locked_until end`
        : sql`case when (case when ${restart} then 1 else auth_throttle.failures + 1 end) >= ${lockAt}
                    then now() + ${window}::interval else null end`,
    );
  }

  return {
    /** The throttle key of an account: its user id when the identifier resolved to one. */
    accountKey(userId: number | undefined, identifier: string): string {
      return userId !== undefined ? `acct:user:${userId}` : `acct:${canonicalIdentifier(identifier)}`;
    },

    /** Seconds until the account may be tried again, or 0 when it is not locked. */
    async lockedFor(accountKey: string): Promise<number> {
      const row = await repo.find(accountKey);
      if (!row?.lockedUntil) return 0;
      return Math.max(0, Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000));
    },

    /**
     * Takes the next turn of an address that has reached its failure limit. Answers how long to wait
     * before trying (0 for an address under its limit), or `retryAfter` seconds when its queue is full.
     */
    async addressTurn(address: string): Promise<{ waitMs: number } | { retryAfter: number }> {
      const key = addressKey(address);
      const step = sql`least(${limits.addressDelayMs}::float8 * power(2, least(auth_throttle.failures - ${limits.maxPerAddress}, 20)), ${MAX_ADDRESS_STEP_MS})`;
      const hot = sql`auth_throttle.failures >= ${limits.maxPerAddress} and auth_throttle.window_start >= now() - ${window}::interval`;
      // Nearly every login comes from an address under its limit: one read settles those, and only an
      // address at its limit takes a turn (the update checks the limit again, atomically).
      if (!(await repo.isHot(key, hot))) return { waitMs: 0 };
      const taken = await repo.takeTurn(key, hot, step, MAX_ADDRESS_WAIT_SECONDS);
      if (taken) return { waitMs: Math.max(0, Math.round(Number(taken.wait_ms))) };
      const row = await repo.find(key);
      const full =
        row?.lockedUntil &&
        row.failures >= limits.maxPerAddress &&
        row.lockedUntil.getTime() - Date.now() > MAX_ADDRESS_WAIT_SECONDS * 1000;
      if (full) return { retryAfter: Math.ceil((row.lockedUntil!.getTime() - Date.now()) / 1000) };
      return { waitMs: 0 };
    },

    async recordFailure(address: string, accountKey: string): Promise<void> {
      await countFailure(addressKey(address), null);
      await countFailure(accountKey, limits.maxPerAccount);
    },

    async recordSuccess(accountKey: string): Promise<void> {
      await repo.remove(accountKey);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
