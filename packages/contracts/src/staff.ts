import { areaCapability, can, type AdminAreaName } from './permissions';
import { backOfficeRoles } from './session';

/**
 * The staff hierarchy, per client (DECISIONS.md): superuser > program administrator > manager, auditor,
 * support, moderator and instructor (peers) > every learner role. A staff member acts on an account
 * (block, unblock, roles, password links, approval) only when the account's rank in that client is
 * strictly below their own.
 */
export const staffRank = { learner: 0, staff: 1, programAdmin: 2, superuser: 3 } as const;

/**
 * The rank of someone holding `roles` in a client. Staff are the back-office roles (`backOfficeRoles`):
 * the program administrator above, the others peers.
 */
export function rankOf(roles: readonly string[], isSuperuser: boolean): number {
  if (isSuperuser) return staffRank.superuser;
  if (roles.includes('program_admin')) return staffRank.programAdmin;
  if (roles.some((r) => (backOfficeRoles as readonly string[]).includes(r))) return staffRank.staff;
  return staffRank.learner;
}

/** Whether an actor may act on a target, both as they stand in the same client. */
export function outranks(
  actor: { roles: readonly string[]; isSuperuser: boolean },
  target: { roles: readonly string[]; isSuperuser: boolean },
): boolean {
  return rankOf(actor.roles, actor.isSuperuser) > rankOf(target.roles, target.isSuperuser);
}

/**
 * The back-office areas are capabilities of the permission matrix (permissions.ts, `areaCapability`):
 * the API refuses the rest with 403; the navigation lists only the areas of the caller's roles in the
 * selected client (all for a superuser).
 */
export type { AdminAreaName };

/** Whether someone with `roles` in the selected client may use a back-office area. */
export function mayUseArea(area: AdminAreaName, roles: readonly string[], isSuperuser: boolean): boolean {
  return can({ roles, isSuperuser }, areaCapability[area]);
}
