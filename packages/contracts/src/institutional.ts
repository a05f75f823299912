import { z } from 'zod';
import { text } from './primitives';
import { isWithinTextLimit } from '@trilha/domain/text';
import { languageCode } from './session';

/**
 * Institutional pages (about, terms, privacy, cookies, support, contact), cookie consent and support
 * tickets. Page bodies are Markdown (a safe subset, rendered as elements, never as raw HTML).
 */
export const institutionalSlugs = ['about', 'terms', 'privacy', 'cookies', 'support', 'contact'] as const;
export const institutionalSlug = z.enum(institutionalSlugs);
export type InstitutionalSlug = z.infer<typeof institutionalSlug>;

export const institutionalPage = z.object({
  slug: institutionalSlug,
  language: languageCode,
  title: z.string(),
  body: z.string(),
  updatedAt: z.string().nullable(),
  /** Where the text comes from: the client's own page, the site's, or the built-in default. */
  source: z.enum(['client', 'site', 'default']),
});
export type InstitutionalPage = z.infer<typeof institutionalPage>;

export const institutionalPageQuery = z.object({ lang: languageCode.optional() });
export const institutionalPageParams = z.object({ slug: institutionalSlug });

export const PAGE_BODY_MAX = 50_000;
export const institutionalPageBody = z.object({
  title: text().trim().min(1, 'PROFILE_FIELD_REQUIRED').max(200, 'PROFILE_TEXT_TOO_LONG'),
  body: text().max(PAGE_BODY_MAX, 'PROFILE_TEXT_TOO_LONG'),
});
export type InstitutionalPageBody = z.infer<typeof institutionalPageBody>;
export const adminPageParams = z.object({
  scope: z.enum(['client', 'site']),
  slug: institutionalSlug,
  lang: languageCode,
});

export const cookieConsentBody = z.object({
  accepted: z.boolean(),
  preferences: z.object({ analytics: z.boolean(), marketing: z.boolean() }).optional(),
});
export type CookieConsentBody = z.infer<typeof cookieConsentBody>;
export const cookieConsentResponse = z.object({ acceptedAt: z.string().nullable() });

export const ticketSubjects = ['access', 'points', 'orders', 'courses', 'registration', 'other'] as const;
const limited = (max: number) => (v: string) => isWithinTextLimit(v, max);
export const supportTicketBody = z.object({
  name: text().trim().min(1, 'PROFILE_FIELD_REQUIRED').refine(limited(256), 'PROFILE_TEXT_TOO_LONG'),
  email: text()
    .trim()
    .min(1, 'PROFILE_FIELD_REQUIRED')
    .refine((v) => z.email().safeParse(v).success, 'PROFILE_EMAIL_INVALID'),
  subject: z.enum(ticketSubjects, { error: 'PROFILE_FIELD_REQUIRED' }),
  message: text().trim().min(1, 'PROFILE_FIELD_REQUIRED').refine(limited(2000), 'PROFILE_TEXT_TOO_LONG'),
  /** 'support' (support form) or 'contact' (contact-us). */
  kind: z.enum(['support', 'contact']).default('support'),
});
export type SupportTicketBody = z.input<typeof supportTicketBody>;
export const SUPPORT_RESPONSE_WORKING_DAYS = 7;
export const supportTicketCreated = z.object({
  id: z.number().int(),
  protocol: z.string(),
  responseWorkingDays: z.number().int(),
});
export type SupportTicketCreated = z.infer<typeof supportTicketCreated>;

export const ticketStatuses = ['open', 'in_progress', 'closed'] as const;
export const supportTicket = z.object({
  id: z.number().int(),
  protocol: z.string(),
  kind: z.enum(['support', 'contact']),
  name: z.string(),
  email: z.string(),
  subject: z.enum(ticketSubjects),
  message: z.string(),
  status: z.enum(ticketStatuses),
  userId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicket>;
export const supportTicketsQuery = z.object({
  status: z.enum(ticketStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const supportTicketsPage = z.object({
  items: z.array(supportTicket),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SupportTicketsPage = z.infer<typeof supportTicketsPage>;
export const ticketStatusBody = z.object({ status: z.enum(ticketStatuses) });
