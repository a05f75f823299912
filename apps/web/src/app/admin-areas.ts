import type { SessionResponse } from '@trilha/contracts/session';
import { areaCapability, can } from '@trilha/contracts/permissions';
import { selectedClientOf } from '../lib/session-store';
import { adminAreas, type AdminArea } from './admin-area-names';

export { adminAreas, areaOfPath, type AdminArea } from './admin-area-names';

/**
 * The areas the session may use in its selected client: those whose capability its roles there have
 * (the permission matrix the API authorizes by), all of them for a superuser. The navigation lists only
 * these.
 */
export function areasFor(session: SessionResponse | null): AdminArea[] {
  if (!session) return [];
  const roles = selectedClientOf(session)?.roles ?? [];
  const holder = { roles, isSuperuser: session.user.isSuperuser };
  return adminAreas.filter((area) => can(holder, areaCapability[area]));
}
