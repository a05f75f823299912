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
] as const;
export type AdminArea = (typeof adminAreas)[number];
