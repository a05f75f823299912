import { z } from 'zod';
import { serialIdParam, text } from './primitives';

/**
 * Every action the audit trail records: staff actions and every write that changes a status. A closed
 * list, so the trail can be filtered and translated (`admin:audit.actions.<action>`).
 */
export const auditActions = [
  'user.register',
  'user.approve',
  'user.complete_register',
  'user.block',
  'user.unblock',
  'user.block_everywhere',
  'user.unblock_everywhere',
  'user.roles',
  'user.set_password_link',
  'user.password_set',
  'user.password_recovered',
  'user.password_change',
  'user.deletion_request',
  'user.anonymize',
  'user.set_audience',
  'site.login_config',
  'institutional.page_save',
  'support.ticket_status',
  'course.create',
  'course.update',
  'course.set_cover',
  'course.publish',
  'course.unpublish',
  'course.set_audience',
  'trail.create',
  'trail.update',
  'trail.set_cover',
  'trail.publish',
  'trail.unpublish',
  'trail.set_audience',
  'trail.set_items',
  'trail.enroll',
  'trail.unenroll',
  'module.create',
  'module.update',
  'module.delete',
  'activity.create',
  'activity.update',
  'activity.delete',
  'activity.upload',
  'activity.authorize',
  'activity.revoke_authorization',
  'activity.finish',
  'course.finish',
  'course.enroll',
  'course.unenroll',
  'course.enroll_users',
  'course.unenroll_user',
  'points.adjust',
  'xp.adjust',
  'award.save',
  'award.remove',
  'badge.create',
  'badge.update',
  'badge.set_image',
  'badge.delete',
  'badge.grant',
  'reward_settings.save',
  'certificate.issue',
  'certificate.revoke',
  'certificate_template.save',
  'question.create',
  'question.update',
  'question.delete',
  'question.import',
  'question_category.create',
  'question_category.update',
  'question_category.delete',
  'attempt.submit',
  'attempt.grade',
  'course.block',
  'course.unblock',
  'course.restart',
  'survey.create',
  'survey.update',
  'survey.delete',
] as const;
export const auditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditAction>;

/** What an audited action was done to. */
export const auditTargetTypes = [
  'user',
  'site',
  'page',
  'ticket',
  'course',
  'trail',
  'module',
  'activity',
  'deletion_request',
  'reward_account',
  'award',
  'badge',
  'certificate',
  'certificate_template',
  'client',
  'question',
  'question_category',
  'attempt',
  'survey',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const auditTrailQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  action: auditAction.optional(),
  /** Text searched in the actor's name or e-mail. */
  actor: text().max(200).optional(),
  targetType: z.enum(auditTargetTypes).optional(),
  targetId: text().max(40).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AuditTrailQuery = z.infer<typeof auditTrailQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target's name when the trail can tell it (a user's name), else null. */
  targetName: z.string().nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  details: z.unknown().optional(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditTrailPage = z.object({
  items: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditTrailPage = z.infer<typeof auditTrailPage>;

export const auditEntryParams = z.object({ id: serialIdParam() });
