import { z } from 'zod';
import type { NotificationKind } from './notifications';

/**
 * The groups of notifications a user may also get by e-mail. The inbox (and the bell) always gets every
 * notification; these only decide whether an e-mail goes out as well. Without a choice of the user, no
 * group is e-mailed.
 */
export const notificationEmailGroups = [
  /** Points and XP earned, a badge, a certificate issued. */
  'awards',
  /** A certificate about to expire. */
  'certificate_expiry',
  /** A staff member adjusted the user's points or XP. */
  'adjustments',
  /** The nightly points check found differences (program administrators only). */
  'reconciliation',
] as const;
export type NotificationEmailGroup = (typeof notificationEmailGroups)[number];

/**
 * The group each kind belongs to. A kind without a group is never e-mailed by this rule: the approval of
 * an account (`account.approved`) already sends its own e-mail (the `registration_approved` message).
 */
export const notificationEmailGroupOf: Partial<Record<NotificationKind, NotificationEmailGroup>> = {
  'rewards.earned': 'awards',
  'rewards.badge': 'awards',
  'rewards.certificate': 'awards',
  'rewards.certificate_expiring': 'certificate_expiry',
  'rewards.adjusted': 'adjustments',
  'rewards.reconciliation': 'reconciliation',
};

/** A group told only to staff holding this capability; the profile hides its switch from others. */
export const notificationEmailGroupCapability: Partial<Record<NotificationEmailGroup, 'rewards.manage'>> = {
  reconciliation: 'rewards.manage',
};

const flag = () => z.boolean({ error: 'PROFILE_FIELD_INVALID' });

/** Per group, whether an e-mail goes out too. */
export const notificationEmailChoices = z.strictObject(
  {
    awards: flag(),
    certificate_expiry: flag(),
    adjustments: flag(),
    reconciliation: flag(),
  } satisfies Record<NotificationEmailGroup, z.ZodBoolean>,
  { error: 'PROFILE_FIELD_INVALID' },
);

/** GET and PUT /api/profile/notification-preferences: the caller's own choices in the selected client. */
export const notificationPreferences = z.strictObject(
  { email: notificationEmailChoices },
  { error: 'PROFILE_FIELD_INVALID' },
);
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** The choices of a user who never chose: no e-mail for any group. */
export const defaultNotificationPreferences: NotificationPreferences = {
  email: { awards: false, certificate_expiry: false, adjustments: false, reconciliation: false },
};
