import type { DbOrTx } from '../../db/client';
import { membershipsOf, type Memberships } from './client-blocks';
import { createUsersRepo, type ActiveMembership, type UserRow } from './users.repo';

export type { ActiveMembership, Memberships, UserRow };

/**
 * The users module's port for the core services built before its own service (auth and session, which
 * the users service itself uses): what they read and write of the users tables, which only the users
 * module touches.
 */
export interface UserDirectory {
  /** The account an identifier names: username, e-mail or any spelling of a document. */
  findByLogin(identifier: string): Promise<UserRow | undefined>;
  /** How many clients the user belongs to, and in how many of them they are blocked. */
  memberships(userId: number): Promise<Memberships>;
  /** The user with the clients they are not blocked in, read in one round trip; undefined when none. */
  withActiveMemberships(
    userId: number,
  ): Promise<{ user: UserRow; memberships: ActiveMembership[] } | undefined>;
  /** Whether the user belongs to the client and is blocked there. */
  isBlockedIn(userId: number, clientId: number): Promise<boolean>;
  /** Keeps the client the user works in. */
  selectClient(userId: number, clientId: number): Promise<void>;
  /** Keeps the user's language. */
  selectLanguage(userId: number, languageId: number): Promise<void>;
  /** The code of the user's language, null when the user has none; in the caller's `tx` when given. */
  languageOf(userId: number, tx?: DbOrTx): Promise<string | null>;
  /** The client of a user who belongs to exactly one, else null; in the caller's `tx` when given. */
  onlyClientOf(userId: number, tx?: DbOrTx): Promise<number | null>;
  /** Keeps when the user accepted the cookie policy (null: not accepted). */
  setCookieConsent(userId: number, acceptedAt: Date | null): Promise<void>;
  /** The members of a client holding any of these roles there and not blocked in it (staff to tell). */
  holdersOf(clientId: number, roles: readonly string[]): Promise<number[]>;
}

export function createUserDirectory(db: DbOrTx): UserDirectory {
  const repo = createUsersRepo(db);
  return {
    findByLogin: (identifier) => repo.findByLogin(identifier),

    memberships: (userId) => membershipsOf(db, userId),

    withActiveMemberships: (userId) => repo.withActiveMemberships(userId),

    isBlockedIn: (userId, clientId) => repo.isBlockedIn(userId, clientId),

    selectClient: (userId, clientId) => repo.update(userId, { selectedClientId: clientId }),

    selectLanguage: (userId, languageId) => repo.update(userId, { languageId }),

    languageOf: (userId, tx = db) => createUsersRepo(tx).languageOf(userId),

    async onlyClientOf(userId, tx = db) {
      const some = await createUsersRepo(tx).someClientsOf(userId);
      return some.length === 1 ? some[0]! : null;
    },

    setCookieConsent: (userId, acceptedAt) => repo.update(userId, { cookiePolicyAcceptedAt: acceptedAt }),
    holdersOf: (clientId, roles) => repo.holdersOf(clientId, roles),
  };
}
