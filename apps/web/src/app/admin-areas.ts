import type { SessionResponse } from '@trilha/contracts/session';
import { mayUseArea, type AdminAreaName } from '@trilha/contracts/staff';
import { selectedClientOf } from '../lib/session-store';

/** Areas of the back office; each one's screens arrive with the issue that builds that area. */
export const adminAreas = [
  'content',
  'users',
  'approvals',
  'audit',
  'moderation',
  'rewards',
  'campaigns',
  'communications',
  'settings',
] as const satisfies readonly AdminAreaName[];
export type AdminArea = (typeof adminAreas)[number];

/** The area a back-office path belongs to (`/admin/users/deletion-requests` → users), or null. */
export function areaOfPath(pathname: string): AdminArea | null {
  const segment = pathname.split('/')[2];
  return adminAreas.find((a) => a === segment) ?? null;
}

/**
 * The areas the session may use in its selected client: those of its roles there (adminAreaRoles, the
 * same table the API authorizes by), all of them for a superuser. The navigation lists only these.
 */
export function areasFor(session: SessionResponse | null): AdminArea[] {
  if (!session) return [];
  const roles = selectedClientOf(session)?.roles ?? [];
  return adminAreas.filter((area) => mayUseArea(area, roles, session.user.isSuperuser));
}
