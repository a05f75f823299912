import { can, permissionRoles } from '@trilha/contracts/permissions';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { TenantInfo } from '../../plugins/tenant';
import { createLoyaltyLevelsPort, type LoyaltyLevelRef } from '../loyalty/loyalty.port';
import type { LearningFinishes } from '../rewards/awards.ports';
import type { LedgerPort } from '../rewards/ports';
import { createStoreBulk } from './store.bulk';
import { registerStoreBulkRoutes } from './store.bulk.routes';
import { registerStoreRoutes } from './store.routes';
import { createStoreService, type ApprovalMayWait } from './store.service';

/** The roles that run the store in a client (a superuser is not a member to tell). */
const storeStaffRoles = permissionRoles.filter((r) => r !== 'superuser' && can(r, 'rewards.manage'));

/**
 * The reward store (docs/store.md): the catalog, redemption through the ledger port, and the orders. The
 * approval hook `approvalMayWait` answers false until the loyalty program fills it.
 */
export function registerStore(
  app: App,
  deps: CoreDeps & {
    ledger: LedgerPort;
    learning: Pick<LearningFinishes, 'finished' | 'target'>;
    approvalMayWait?: ApprovalMayWait;
    /**
     * The member's level in force now (the loyalty service's level history); without it, the level held
     * as the loyalty port reads it.
     */
    memberLevel?: (clientId: number, userId: number) => Promise<LoyaltyLevelRef | null>;
    /** Learning's audience facts about a user and its taxonomy (an item's audience). */
    audience: {
      viewers: {
        load(userId: number, tenant: TenantInfo): Promise<{ countryId: number | null; areaIds: number[] }>;
      };
      authoring: { taxonomy(clientId: number): Promise<{ areas: { id: number; name: string }[] }> };
    };
  },
) {
  const customerOf = async (userId: number) => {
    const person = await deps.services.directory.withActiveMemberships(userId);
    if (!person) return null;
    const { user } = person;
    return { name: `${user.firstName} ${user.lastName}`.trim() || user.username, email: user.email };
  };
  const store = createStoreService({
    db: deps.db,
    now: () => new Date(),
    ledger: deps.ledger,
    notifications: deps.services.notifications,
    courseFinished: (clientId, userId, courseId) =>
      deps.learning.finished(clientId, userId, 'course', courseId),
    courseExists: async (clientId, courseId) =>
      (await deps.learning.target(clientId, 'course', courseId)) !== null,
    approvalMayWait: deps.approvalMayWait ?? (() => Promise.resolve(false)),
    levels: levelsOf(deps.db, deps.memberLevel),
    shopperOf: async ({ userId, clientId, roles: held }) => {
      // A request's actor carries its tenant's roles; a caller outside a request has them read.
      const roles =
        held ??
        (await deps.services.directory.withActiveMemberships(userId))?.memberships.find(
          (m) => m.clientId === clientId,
        )?.roles ??
        [];
      const tenant = { clientId, roles, isSuperuser: false, flags: {} } as TenantInfo;
      const v = await deps.audience.viewers.load(userId, tenant);
      return { countryId: v.countryId, areaIds: v.areaIds, roles };
    },
    areasOf: async (clientId) => (await deps.audience.authoring.taxonomy(clientId)).areas,
    customerOf,
    messageKey: deps.config.MESSAGE_KEY,
    staffOf: (clientId) => deps.services.directory.holdersOf(clientId, storeStaffRoles),
  });
  registerStoreRoutes(app, deps, store);
  registerStoreBulkRoutes(app, deps, createStoreBulk({ db: deps.db, store, customerOf }));
  return { store };
}

/** The loyalty program's levels as the store reads them, with the member's level from `memberLevel` when given. */
function levelsOf(
  db: CoreDeps['db'],
  memberLevel?: (clientId: number, userId: number) => Promise<LoyaltyLevelRef | null>,
) {
  const port = createLoyaltyLevelsPort(db);
  return memberLevel ? { levels: port.levels, memberLevel } : port;
}

export type StoreModule = ReturnType<typeof registerStore>;
