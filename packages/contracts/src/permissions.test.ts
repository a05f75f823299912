import { describe, expect, it } from 'vitest';
import {
  can,
  capabilities,
  isSuperuserCapability,
  permissionMatrix,
  permissionRoles,
  type AdminAreaName,
  type Capability,
} from './permissions';
import { backOfficeRoles, roleNames } from './session';
import { mayUseArea, rankOf, staffRank } from './staff';

/** Who held each check before the matrix (role lists in staff.ts and the API's guards), as a record. */
const before: Record<Capability, readonly string[]> = {
  'backoffice.enter': backOfficeRoles,
  'users.manage': ['support', 'program_admin', 'manager'],
  'users.roles': ['program_admin'],
  'users.process-deletions': ['support', 'program_admin'],
  'users.block-everywhere': [],
  'approvals.manage': ['program_admin'],
  'audit.review': ['auditor', 'program_admin'],
  'audit.trail': ['program_admin'],
  'moderation.manage': ['moderator', 'program_admin'],
  'rewards.manage': ['program_admin'],
  'campaigns.manage': ['program_admin'],
  'communications.manage': ['support', 'program_admin'],
  'settings.manage': ['program_admin'],
  'settings.shared-site': [],
  'pages.manage': ['program_admin'],
  'site-pages.manage': [],
  'jobs.manage': [],
  'learning.author': ['manager'],
  'learning.reports': ['manager'],
  'learning.instructor': ['instructor', 'manager', 'program_admin'],
};

/** The back-office areas as staff.ts listed them before they became capabilities. */
const areaRolesBefore = {
  content: ['manager'],
  users: ['support', 'program_admin', 'manager'],
  approvals: ['program_admin'],
  audit: ['auditor', 'program_admin'],
  moderation: ['moderator', 'program_admin'],
  rewards: ['program_admin'],
  campaigns: ['program_admin'],
  communications: ['support', 'program_admin'],
  settings: ['program_admin'],
};

describe('permission matrix', () => {
  it('prints the matrix', () => {
    const table = Object.fromEntries(
      capabilities.map((c) => [
        c,
        Object.fromEntries(
          permissionRoles
            .filter((r) => r === 'superuser' || rankOf([r], false) > staffRank.learner)
            .map((r) => [r, can(r, c) ? 'x' : '']),
        ),
      ]),
    );
    console.table(table);
    expect(Object.keys(table)).toEqual(capabilities);
  });

  it('gives every role exactly the access it had before', () => {
    for (const capability of capabilities) {
      const holders = roleNames.filter((role) => can(role, capability));
      expect([...holders].sort(), capability).toEqual([...before[capability]].sort());
      expect(isSuperuserCapability(capability), capability).toBe(before[capability].length === 0);
    }
    for (const [area, roles] of Object.entries(areaRolesBefore)) {
      for (const role of roleNames) {
        expect(mayUseArea(area as AdminAreaName, [role], false), `${area} ${role}`).toBe(
          roles.includes(role),
        );
      }
      expect(mayUseArea(area as AdminAreaName, [], true), area).toBe(true);
    }
  });

  it('follows the hierarchy: a superuser has what every role has, learners have nothing', () => {
    expect(permissionMatrix.superuser).toEqual(capabilities);
    for (const role of roleNames) {
      for (const capability of permissionMatrix[role]) expect(can('superuser', capability)).toBe(true);
      if (rankOf([role], false) === staffRank.learner) expect(permissionMatrix[role], role).toEqual([]);
    }
    expect(can({ roles: [], isSuperuser: true }, 'jobs.manage')).toBe(true);
    expect(can({ roles: ['program_admin'], isSuperuser: false }, 'jobs.manage')).toBe(false);
  });

  it('lets someone holding several roles do what any of them may', () => {
    const supportAndManager = { roles: ['support', 'manager'], isSuperuser: false };
    expect(can(supportAndManager, 'learning.author')).toBe(true);
    expect(can(supportAndManager, 'communications.manage')).toBe(true);
    expect(can(supportAndManager, 'settings.manage')).toBe(false);
  });
});
