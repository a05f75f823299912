import { z } from 'zod';
import { serialId } from './primitives';

export const languageCodes = ['pt-BR', 'en-US', 'es', 'fr'] as const;
export const languageCode = z.enum(languageCodes);
export type LanguageCode = z.infer<typeof languageCode>;
export const defaultLanguage: LanguageCode = 'pt-BR';

/** Feature flags a client switches on and off (spec section 3, "Client"). */
export const clientFlagNames = [
  'has_ranking',
  'group_training_use_score',
  'has_library',
  'has_news',
  'has_webcasts',
  'has_profile',
  'has_courses',
  'has_trails',
  'has_presentials',
  'has_live_classes',
  'has_podcasts',
  'has_reward_store',
  'has_campaigns',
  'has_points_table',
  'has_events',
  'has_faq',
  'has_insert_sales',
  'has_upload_photos',
] as const;
export type ClientFlagName = (typeof clientFlagNames)[number];
export const clientFlags = z.record(z.string(), z.boolean());
export type ClientFlags = Record<string, boolean>;

export const roleNames = [
  'sales_agent',
  'promoter',
  'store_owner',
  'counter_clerk',
  'painter',
  'influencer',
  'invited_client',
  'instructor',
  'moderator',
  'manager',
  'program_admin',
  'auditor',
  'support',
] as const;
export const roleName = z.enum(roleNames);
export type RoleName = z.infer<typeof roleName>;
/** Roles that open the back office under /admin (superusers always may). */
export const backOfficeRoles: readonly RoleName[] = [
  'instructor',
  'moderator',
  'manager',
  'program_admin',
  'auditor',
  'support',
];

export const moduleItem = z.object({
  key: z.string(),
  path: z.string(),
});
export type ModuleItem = z.infer<typeof moduleItem>;

export const sessionClient = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  homeRoute: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  flags: clientFlags,
  modules: z.array(moduleItem),
  roles: z.array(roleName),
});
export type SessionClient = z.infer<typeof sessionClient>;

export const country = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Country = z.infer<typeof country>;

export const sessionResponse = z.object({
  sessionType: z.enum(['password', 'webservice']),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    isSuperuser: z.boolean(),
    status: z.enum(['awaiting_approval', 'active', 'blocked']),
    image: z.string().nullable(),
    countryId: z.number().int().nullable(),
    languageId: z.number().int(),
    languageCode: languageCode,
    campaignId: z.number().int().nullable(),
    termsAccepted: z.boolean(),
    cookiePolicyAccepted: z.boolean(),
    mustChangePassword: z.boolean(),
    mandatorySurveys: z.boolean(),
    /** The mandatory survey the guard takes the user to (`home/surveys/{id}`), when `mandatorySurveys`. */
    mandatorySurveyId: z.number().int().nullable(),
    mandatoryDrills: z.boolean(),
    phoneVerified: z.boolean(),
    phoneVerificationCooldown: z.object({
      startedAt: z.string().nullable(),
      durationSeconds: z.number().int(),
    }),
  }),
  selectedClientId: z.number().int().nullable(),
  clients: z.array(sessionClient),
  countries: z.array(country),
  languages: z.array(z.object({ id: z.number().int(), code: languageCode, name: z.string() })),
  canAccessBackOffice: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const selectClientBody = z.object({ clientId: serialId() });
export type SelectClientBody = z.infer<typeof selectClientBody>;
export const selectLanguageBody = z.object({ languageCode });
export type SelectLanguageBody = z.infer<typeof selectLanguageBody>;

/**
 * The modules a client can switch on, the flag that enables each and the route it opens. The server
 * derives a client's module items from its flags with this list; the web uses it for the
 * webservice-login `module` query guard.
 */
export const moduleCatalog: readonly { key: string; flag: string; path: string }[] = [
  { key: 'online-courses', flag: 'has_courses', path: '/online-courses' },
  { key: 'trails', flag: 'has_trails', path: '/trails' },
  { key: 'presential-courses', flag: 'has_presentials', path: '/presential-courses' },
  { key: 'webinars', flag: 'has_webcasts', path: '/webinars' },
  { key: 'live-classes', flag: 'has_live_classes', path: '/live-classes' },
  { key: 'podcasts', flag: 'has_podcasts', path: '/podcasts' },
  { key: 'library', flag: 'has_library', path: '/library' },
  { key: 'news', flag: 'has_news', path: '/news' },
  { key: 'reward-store', flag: 'has_reward_store', path: '/reward-store' },
  { key: 'ranking', flag: 'has_ranking', path: '/ranking' },
  { key: 'campaigns', flag: 'has_campaigns', path: '/campaigns' },
  { key: 'insert-sales', flag: 'has_insert_sales', path: '/insert-sales' },
  { key: 'upload-photos', flag: 'has_upload_photos', path: '/upload-photos' },
  { key: 'points-table', flag: 'has_points_table', path: '/points-table' },
  { key: 'events', flag: 'has_events', path: '/events' },
  { key: 'faq', flag: 'has_faq', path: '/faq' },
  { key: 'profile', flag: 'has_profile', path: '/profile' },
];
