import type { SessionResponse } from '@trilha/contracts/session';
import { mayUseArea } from '@trilha/contracts/staff';
import { selectedClientOf } from '../lib/session-store';
import { adminAreas, type AdminArea } from './admin-area-names';

export { adminAreas, areaOfPath, type AdminArea } from './admin-area-names';

/**
 * The areas the session may use in its selected client: those of its roles there (adminAreaRoles, the
 * same table the API authorizes by), all of them for a superuser. The navigation lists only these.
 */
export function areasFor(session: SessionResponse | null): AdminArea[] {
  if (!session) return [];
  const roles = selectedClientOf(session)?.roles ?? [];
  return adminAreas.filter((area) => mayUseArea(area, roles, session.user.isSuperuser));
}
