import type { AdminAreaName } from '@trilha/contracts/staff';

/**
 * Areas of the back office; each one's screens arrive with the issue that builds that area. Kept apart
 * from who may use them (admin-areas.ts, with the contracts' role table), so the router that every screen
 * loads does not carry the contracts.
 */
export const adminAreas = [
  'content',
  'assessments',
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
