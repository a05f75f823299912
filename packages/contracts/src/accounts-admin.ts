import { z } from 'zod';
import { serialIdParam, text } from './primitives';
import { roleName } from './session';
import { loginConfig } from './site';

/** The back office for accounts (/admin/users …): every list is scoped to the admin's selected client. */

export const accountStatus = z.enum(['awaiting_approval', 'active', 'blocked']);

export const adminUsersQuery = z.object({
  search: text().trim().max(100).optional(),
  status: accountStatus.optional(),
  role: roleName.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  document: z.string().nullable(),
  status: accountStatus,
  roles: z.array(roleName),
  isSuperuser: z.boolean(),
  createdAt: z.string(),
  anonymized: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersPage = z.object({
  items: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

export const adminUserParams = z.object({ id: serialIdParam() });
export const adminRolesBody = z.object({ roles: z.array(roleName).max(13) });
export type AdminRolesBody = z.infer<typeof adminRolesBody>;

/** What the signed-in admin may do in the selected client (the screens hide what the server would refuse). */
export const adminCapabilities = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  canEditRoles: z.boolean(),
  canEditLoginConfig: z.boolean(),
  canEditPages: z.boolean(),
  canEditSitePages: z.boolean(),
  canSeeOutbox: z.boolean(),
  canSeeTickets: z.boolean(),
  canManageUsers: z.boolean(),
});
export type AdminCapabilities = z.infer<typeof adminCapabilities>;

export const deletionStatus = z.enum(['pending', 'processed']);
export const deletionRequest = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  reason: z.string().nullable(),
  status: deletionStatus,
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequest>;
export const deletionRequestsQuery = z.object({
  status: deletionStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const deletionRequestsPage = z.object({
  items: z.array(deletionRequest),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DeletionRequestsPage = z.infer<typeof deletionRequestsPage>;

export const outboxQuery = z.object({
  channel: z.enum(['email', 'sms', 'whatsapp']).optional(),
  search: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  template: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxPage = z.object({
  items: z.array(outboxMessage),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPage>;

/** Images are an uploaded asset (/api/…), an https address or an inline image: never script URLs. */
export const isSafeImageUrl = (v: string) =>
  /^(https?:\/\/[^\s"'()]+|\/[^\s"'()]*|data:image\/(png|jpeg|webp|gif|svg\+xml);[^"'()\s]+)$/.test(v);
const imageUrl = text().max(500_000).refine(isSafeImageUrl, 'PROFILE_FIELD_INVALID');

/** The login configuration editor saves everything but the site's id. */
export const loginConfigBody = loginConfig.omit({ siteId: true }).extend({
  logos: z.record(z.string(), imageUrl),
  backgroundImage: imageUrl.nullable(),
  name: text().trim().min(1, 'PROFILE_FIELD_REQUIRED').max(120, 'PROFILE_TEXT_TOO_LONG'),
  colors: z.object({
    primary: text().regex(/^#[0-9a-fA-F]{6}$/, 'PROFILE_FIELD_INVALID'),
    secondary: text().regex(/^#[0-9a-fA-F]{6}$/, 'PROFILE_FIELD_INVALID'),
    background: text().regex(/^#[0-9a-fA-F]{6}$/, 'PROFILE_FIELD_INVALID'),
    text: text().regex(/^#[0-9a-fA-F]{6}$/, 'PROFILE_FIELD_INVALID'),
  }),
});
export type LoginConfigBody = z.infer<typeof loginConfigBody>;
export const registerFieldOptions = [
  'first_name',
  'last_name',
  'email',
  'document',
  'phone',
  'country',
  'birthday',
  'gender',
  'company',
  'store',
] as const;
export const siteAssetResponse = z.object({ url: z.string() });
export type SiteAssetResponse = z.infer<typeof siteAssetResponse>;
