import { roleNames, type RoleName } from './session';

/**
 * The permission matrix (docs/permissions.md): what each role may do in a client. The API's guards
 * (`requireCapability` in apps/api/src/plugins/tenant.ts) and the web app's navigation read this one
 * table, so a screen is shown exactly when its calls are allowed.
 *
 * The hierarchy of staff.ts holds here: a superuser (rank 3) has every capability, in every client, and
 * the capabilities marked `superuser` belong to no role. Below the superuser the roles are not nested: a
 * program administrator does not author courses (the manager's), which is how the product works.
 */
export const capabilityGrants = {
  /** Opens the back office under /admin at all. */
  'backoffice.enter': ['instructor', 'moderator', 'manager', 'program_admin', 'auditor', 'support'],
  /** The users area: lists accounts, approves, blocks and unblocks, sends set-password links, sets roles. */
  'users.manage': ['support', 'program_admin', 'manager'],
  /** Grants and withdraws roles (only below one's own rank, staff.ts). */
  'users.roles': ['program_admin'],
  /** Processes an account deletion request (anonymizes the account). */
  'users.process-deletions': ['support', 'program_admin'],
  /** Blocks or unblocks an account in every client at once. */
  'users.block-everywhere': 'superuser',
  /** The approvals area. */
  'approvals.manage': ['program_admin'],
  /** The audit area of the back office. */
  'audit.review': ['auditor', 'program_admin'],
  /** The audit trail of the client (/admin/settings/audit-trail and its CSV). */
  'audit.trail': ['program_admin'],
  /** The moderation area. */
  'moderation.manage': ['moderator', 'program_admin'],
  /** The rewards area. */
  'rewards.manage': ['program_admin'],
  /** The campaigns area. */
  'campaigns.manage': ['program_admin'],
  /** The communications area: the outbox and the support tickets. */
  'communications.manage': ['support', 'program_admin'],
  /** The settings area: the login configuration of the client's own site, logos and backgrounds. */
  'settings.manage': ['program_admin'],
  /** The login configuration of a site several clients share. */
  'settings.shared-site': 'superuser',
  /** The client's institutional pages. */
  'pages.manage': ['program_admin'],
  /** The site's public institutional pages (every client of the site shows them). */
  'site-pages.manage': 'superuser',
  /** The durable job queue (queues, dead jobs, sending one again). */
  'jobs.manage': 'superuser',
  /** The learning back office (content area): taxonomy, courses, trails, audiences, enrollments. */
  'learning.author': ['manager'],
  /** The reports of a course (screen and CSV). */
  'learning.reports': ['manager'],
  /** Authorizes learners for an activity that needs an instructor's authorization. */
  'learning.instructor': ['instructor', 'manager', 'program_admin'],
} as const satisfies Record<string, readonly RoleName[] | 'superuser'>;

export type Capability = keyof typeof capabilityGrants;
export const capabilities = Object.keys(capabilityGrants) as Capability[];

/** A role of the matrix: every client role, and the superuser above them. */
export type PermissionRole = RoleName | 'superuser';
export const permissionRoles: readonly PermissionRole[] = [...roleNames, 'superuser'];

/** Someone as they stand in one client: their roles there and whether they are a superuser. */
export interface RoleHolder {
  roles: readonly string[];
  isSuperuser: boolean;
}

const grantedTo = (capability: Capability): readonly string[] => {
  const grant = capabilityGrants[capability];
  return grant === 'superuser' ? [] : grant;
};

/** The matrix read by role: each role's capabilities, in the order of `capabilities`. */
export const permissionMatrix: Readonly<Record<PermissionRole, readonly Capability[]>> = Object.fromEntries(
  permissionRoles.map((role) => [
    role,
    role === 'superuser' ? capabilities : capabilities.filter((c) => grantedTo(c).includes(role)),
  ]),
) as Record<PermissionRole, Capability[]>;

/** Whether a role, or someone holding roles in a client (any of them suffices), has a capability. */
export function can(who: PermissionRole | RoleHolder, capability: Capability): boolean {
  if (typeof who === 'string') return who === 'superuser' || grantedTo(capability).includes(who);
  return who.isSuperuser || who.roles.some((role) => grantedTo(capability).includes(role));
}

/** Whether only a superuser has the capability (it then needs no selected client). */
export const isSuperuserCapability = (capability: Capability): boolean =>
  capabilityGrants[capability] === 'superuser';

/**
 * The back-office areas and the capability each needs: the navigation lists an area, and a deep link into
 * it opens, only when the caller has it in the selected client.
 */
export const areaCapability = {
  content: 'learning.author',
  assessments: 'learning.instructor',
  users: 'users.manage',
  approvals: 'approvals.manage',
  audit: 'audit.review',
  moderation: 'moderation.manage',
  rewards: 'rewards.manage',
  campaigns: 'campaigns.manage',
  communications: 'communications.manage',
  settings: 'settings.manage',
} as const satisfies Record<string, Capability>;
export type AdminAreaName = keyof typeof areaCapability;
