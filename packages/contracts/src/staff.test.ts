import { describe, expect, it } from 'vitest';
import { outranks, rankOf, staffRank } from './staff';

describe('staff hierarchy', () => {
  it('ranks learners, peers, program administrators and superusers as DECISIONS.md has it', () => {
    for (const role of ['sales_agent', 'promoter', 'store_owner', 'counter_clerk', 'painter', 'influencer']) {
      expect(rankOf([role], false), role).toBe(staffRank.learner);
    }
    for (const role of ['manager', 'auditor', 'support', 'moderator', 'instructor']) {
      expect(rankOf([role, 'painter'], false), role).toBe(staffRank.staff);
    }
    expect(rankOf(['support', 'program_admin'], false)).toBe(staffRank.programAdmin);
    expect(rankOf([], true)).toBe(staffRank.superuser);
  });

  it('lets an actor act only on someone strictly below, never on a peer', () => {
    const support = { roles: ['support'], isSuperuser: false };
    expect(outranks(support, { roles: ['painter'], isSuperuser: false })).toBe(true);
    expect(outranks(support, { roles: ['manager'], isSuperuser: false })).toBe(false);
    expect(outranks({ roles: ['program_admin'], isSuperuser: false }, support)).toBe(true);
    expect(outranks({ roles: [], isSuperuser: true }, { roles: [], isSuperuser: true })).toBe(false);
  });
});
