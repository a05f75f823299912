import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  accountsRateCounters,
  oidcLogins,
  userIdentities,
  usedPasswordLinks,
  verificationCodes,
  webserviceTokens,
} from '../../db/schema/accounts';
import { appSettings, clients, languages } from '../../db/schema/core';
import { users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

/**
 * The accounts' own tables (codes, spent links, partner tokens, Google sign-ins, request counters) and the
 * person rows they act on: none of them is a client's, so nothing here takes a client. Built with the
 * app's `db`, a call made inside a unit of work joins its transaction.
 */
export function createAccountsRepo(db: DbOrTx) {
  return {
    /** Writes the setting once (the first instance wins) and answers the stored value. */
    async settingOrCreate(key: string, value: string) {
      await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
      return row?.value;
    },

    async userWithLanguage(userId: number) {
      const [row] = await db
        .select({ user: users, lang: languages.code })
        .from(users)
        .innerJoin(languages, eq(languages.id, users.languageId))
        .where(eq(users.id, userId));
      return row;
    },

    async userById(userId: number): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return user;
    },

    async userByDocument(document: string): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(eq(users.document, document));
      return user;
    },

    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return user;
    },

    async userByUsername(username: string): Promise<UserRow | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${username}`)
        .limit(1);
      return user;
    },

    /** By username, e-mail or (when the text reads as one) document, lower-cased text. */
    async userByLogin(text: string, documentKey: string | null): Promise<UserRow | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(
          sql`lower(${users.username}) = ${text} or lower(${users.email}) = ${text} ${
            documentKey ? sql`or ${users.document} = ${documentKey}` : sql``
          }`,
        )
        .limit(1);
      return user;
    },

    async userIdByEmail(email: string) {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      return user?.id;
    },

    async passwordLinkUsedAt(hash: string) {
      const [used] = await db
        .select({ at: usedPasswordLinks.usedAt })
        .from(usedPasswordLinks)
        .where(eq(usedPasswordLinks.tokenHash, hash));
      return used?.at;
    },

    /** Records the link as spent; false when it already was. */
    async spendPasswordLink(hash: string, userId: number) {
      const spent = await db
        .insert(usedPasswordLinks)
        .values({ tokenHash: hash, userId })
        .onConflictDoNothing()
        .returning({ tokenHash: usedPasswordLinks.tokenHash });
      return spent.length > 0;
    },

    async setPassword(userId: number, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Starts the phone cooldown when none is running, in one statement; undefined when one is. */
    async claimPhoneCooldown(userId: number, cooldown: string) {
      const [claimed] = await db
        .update(users)
        .set({ phoneCooldownStartedAt: sql`now()` })
        .where(
          and(
            eq(users.id, userId),
            sql`(${users.phoneCooldownStartedAt} is null or ${users.phoneCooldownStartedAt} <= now() - ${cooldown}::interval)`,
          ),
        )
        .returning({ startedAt: users.phoneCooldownStartedAt });
      return claimed;
    },

    async restorePhoneCooldown(userId: number, startedAt: Date | null) {
      await db.update(users).set({ phoneCooldownStartedAt: startedAt }).where(eq(users.id, userId));
    },

    async markPhoneVerified(userId: number) {
      await db.update(users).set({ phoneVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** Active only from awaiting approval; false when the user was not waiting. */
    async activateAwaiting(userId: number) {
      const rows = await db
        .update(users)
        .set({ status: 'active', updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.status, 'awaiting_approval')))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async clientName(clientId: number) {
      const [client] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
      return client?.name;
    },

    async consumeOpenCodes(userId: number, purpose: string) {
      await db
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
    },

    async insertCode(values: typeof verificationCodes.$inferInsert) {
      await db.insert(verificationCodes).values(values);
    },

    async latestOpenCode(userId: number, purpose: string) {
      const [latest] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
        .limit(1);
      return latest;
    },

    /** Counts a wrong try and answers the attempts so far. */
    async countCodeAttempt(codeId: number) {
      const [after] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, codeId))
        .returning({ attempts: verificationCodes.attempts });
      return after?.attempts;
    },

    /** Spends the code in one statement; false when it was spent already. */
    async spendCode(codeId: number) {
      const [spent] = await db
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return Boolean(spent);
    },

    /** Counts one request against the key in its window and answers the window's count and start. */
    async hitRateCounter(key: string, window: string) {
      const [row] = rowsOf<{ hits: number; window_start: string | Date }>(
        await db.execute(sql`
            insert into accounts_rate_counters (key, hits, window_start) values (${key}, 1, now())
            on conflict (key) do update set
              hits = case when accounts_rate_counters.window_start < now() - ${window}::interval then 1
                          else accounts_rate_counters.hits + 1 end,
              window_start = case when accounts_rate_counters.window_start < now() - ${window}::interval
                                  then now() else accounts_rate_counters.window_start end
            returning hits, window_start`),
      );
      return row;
    },

    async insertWebserviceToken(values: typeof webserviceTokens.$inferInsert) {
      await db.insert(webserviceTokens).values(values);
    },

    /** Spends an unused, unexpired token in one statement. */
    async spendWebserviceToken(hash: string) {
      const [spent] = await db
        .update(webserviceTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(webserviceTokens.tokenHash, hash),
            isNull(webserviceTokens.usedAt),
            gt(webserviceTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: webserviceTokens.userId, appClientId: webserviceTokens.appClientId });
      return spent;
    },

    async insertOidcLogin(values: typeof oidcLogins.$inferInsert) {
      await db.insert(oidcLogins).values(values);
    },

    /** Deletes and answers the sign-in of that state, if it started within the last `minutes`. */
    async takeOidcLogin(state: string, minutes: number) {
      const [login] = await db
        .delete(oidcLogins)
        .where(
          and(
            eq(oidcLogins.state, state),
            gt(oidcLogins.createdAt, sql`now() - ${`${minutes} minutes`}::interval`),
          ),
        )
        .returning();
      return login;
    },

    async identityUserId(provider: string, subject: string) {
      const [linked] = await db
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return linked?.userId;
    },

    async linkIdentity(values: typeof userIdentities.$inferInsert) {
      await db.insert(userIdentities).values(values).onConflictDoNothing();
    },

    async purgeCodes() {
      return db
        .delete(verificationCodes)
        .where(or(lt(verificationCodes.expiresAt, sql`now()`), isNotNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
    },

    async purgePasswordLinks(ttlHours: number) {
      return db
        .delete(usedPasswordLinks)
        .where(lt(usedPasswordLinks.usedAt, sql`now() - make_interval(hours => ${ttlHours})`))
        .returning({ hash: usedPasswordLinks.tokenHash });
    },

    async purgeWebserviceTokens() {
      return db
        .delete(webserviceTokens)
        .where(lt(webserviceTokens.expiresAt, sql`now()`))
        .returning({ hash: webserviceTokens.tokenHash });
    },

    async purgeOidcLogins() {
      return db
        .delete(oidcLogins)
        .where(lt(oidcLogins.createdAt, sql`now() - interval '1 day'`))
        .returning({ state: oidcLogins.state });
    },

    async purgeRateCounters() {
      return db
        .delete(accountsRateCounters)
        .where(lt(accountsRateCounters.windowStart, sql`now() - interval '1 day'`))
        .returning({ key: accountsRateCounters.key });
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
