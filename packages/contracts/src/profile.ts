import { z } from 'zod';
import { text } from './primitives';
import { isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/min';
import { isBeforeToday, todayIn } from '@trilha/domain/dates';
import { isWithinTextLimit, TEXT_LIMIT } from '@trilha/domain/text';
import { languageCode } from './session';

/**
 * The profile screen's data (spec section 3, "Profile"), in the groups the screen edits them: personal,
 * contact, professional and preferences. The browser's forms and the API validate with these same schemas;
 * every message is an error code (errors-profile.ts) that both sides translate.
 */

export const genders = ['female', 'male', 'non_binary', 'not_informed'] as const;
export const maritalStatuses = [
  'single',
  'married',
  'stable_union',
  'divorced',
  'widowed',
  'not_informed',
] as const;

/** ISO 3166 alpha-3 (the countries table) to the alpha-2 region phone numbers are parsed with. */
export const phoneRegions: Record<string, CountryCode> = {
  BRA: 'BR',
  ARG: 'AR',
  CAN: 'CA',
  CHL: 'CL',
  COL: 'CO',
  MEX: 'MX',
  PER: 'PE',
  URY: 'UY',
  USA: 'US',
  FRA: 'FR',
};

export function phoneRegionOf(country: string | null | undefined): CountryCode {
  return phoneRegions[(country ?? '').toUpperCase()] ?? 'BR';
}

/** A valid phone for the country (national or +international form); empty is no phone. */
export function isValidPhone(value: string, country: string | null | undefined): boolean {
  const v = value.trim();
  if (!v) return true;
  try {
    return isValidPhoneNumber(v, phoneRegionOf(country));
  } catch {
    return false;
  }
}

/** The E.164 form a phone is stored in (+5511987654321), or null for an empty one. */
export function normalizePhone(value: string, country: string | null | undefined): string | null {
  const v = value.trim();
  if (!v) return null;
  return parsePhoneNumberWithError(v, phoneRegionOf(country)).number;
}

const textLimit = (v: string) => isWithinTextLimit(v, TEXT_LIMIT);
/** Free text up to the product's limit: 'Seu texto tem mais que 256 caracteres'. */
export const optionalText = text({ error: 'PROFILE_FIELD_INVALID' })
  .trim()
  .refine(textLimit, 'PROFILE_TEXT_TOO_LONG');
const requiredText = (code: string = 'PROFILE_FIELD_REQUIRED') =>
  text({ error: code }).trim().min(1, code).refine(textLimit, 'PROFILE_TEXT_TOO_LONG');

/** 'YYYY-MM-DD' before today, or empty: 'Preencha o campo corretamente'. */
export const birthdayField = text({ error: 'PROFILE_FIELD_INVALID' })
  .trim()
  .refine((v) => v === '' || isBeforeToday(v, todayIn()), 'PROFILE_FIELD_INVALID');

export const profilePersonalBody = z
  .object({
    firstName: requiredText(),
    lastName: requiredText(),
    nickname: optionalText,
    storeNickname: optionalText,
    birthday: birthdayField,
    gender: z.enum(genders, { error: 'PROFILE_FIELD_INVALID' }).or(z.literal('')),
    maritalStatus: z.enum(maritalStatuses, { error: 'PROFILE_FIELD_INVALID' }).or(z.literal('')),
    childrenCount: z
      .number({ error: 'PROFILE_FIELD_INVALID' })
      .int('PROFILE_FIELD_INVALID')
      .min(0, 'PROFILE_FIELD_INVALID')
      .max(30, 'PROFILE_FIELD_INVALID')
      .nullable(),
    hasDisability: z.boolean(),
    disabilityDescription: optionalText,
  })
  .superRefine((v, ctx) => {
    if (v.hasDisability && !v.disabilityDescription) {
      ctx.addIssue({ code: 'custom', path: ['disabilityDescription'], message: 'PROFILE_FIELD_REQUIRED' });
    }
  });
export type ProfilePersonalBody = z.infer<typeof profilePersonalBody>;

export const phoneFields = [
  'cellPhone',
  'commercialPhone',
  'residentialPhone',
  'communicationPhone',
  'whatsappPhone',
] as const;
export type PhoneField = (typeof phoneFields)[number];

const emailFormat = z.email();

export const profileContactBody = z
  .object({
    email: text({ error: 'PROFILE_FIELD_REQUIRED' })
      .trim()
      .min(1, 'PROFILE_FIELD_REQUIRED')
      .max(254, 'PROFILE_EMAIL_INVALID')
      .refine((v) => emailFormat.safeParse(v).success, 'PROFILE_EMAIL_INVALID'),
    emailConfirmation: text({ error: 'PROFILE_FIELD_REQUIRED' }).trim(),
    cellPhone: text().trim(),
    commercialPhone: text().trim(),
    residentialPhone: text().trim(),
    communicationPhone: text().trim(),
    whatsappPhone: text().trim(),
    zipCode: requiredText('PROFILE_ZIP_REQUIRED'),
    street: requiredText('PROFILE_ADDRESS_REQUIRED'),
    number: requiredText('PROFILE_NUMBER_REQUIRED'),
    complement: optionalText,
    neighborhood: requiredText('PROFILE_NEIGHBORHOOD_REQUIRED'),
    city: requiredText('PROFILE_CITY_REQUIRED'),
    state: requiredText('PROFILE_STATE_REQUIRED'),
    country: text({ error: 'PROFILE_FIELD_REQUIRED' }).trim().min(3, 'PROFILE_FIELD_REQUIRED').max(3),
  })
  .superRefine((v, ctx) => {
    if (v.email.toLowerCase() !== v.emailConfirmation.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['emailConfirmation'], message: 'PROFILE_EMAIL_MISMATCH' });
    }
    for (const field of phoneFields) {
      if (!isValidPhone(v[field], v.country)) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'PROFILE_PHONE_INVALID' });
      }
    }
  });
export type ProfileContactBody = z.infer<typeof profileContactBody>;

export const profileProfessionalBody = z.object({
  profession: optionalText,
  gminNumber: optionalText,
  cadvCode: optionalText,
  code: optionalText,
});
export type ProfileProfessionalBody = z.infer<typeof profileProfessionalBody>;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const profilePreferencesBody = z.object({
  timeZone: text().min(1, 'PROFILE_FIELD_REQUIRED').max(64).refine(isTimeZone, 'PROFILE_FIELD_INVALID'),
  languageCode,
  emailOptIn: z.boolean(),
});
export type ProfilePreferencesBody = z.infer<typeof profilePreferencesBody>;

export const profileResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  document: z.string().nullable(),
  documentCountry: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  fullName: z.string(),
  personal: z.object({
    firstName: z.string(),
    lastName: z.string(),
    nickname: z.string(),
    storeNickname: z.string(),
    birthday: z.string(),
    gender: z.enum(genders).or(z.literal('')),
    maritalStatus: z.enum(maritalStatuses).or(z.literal('')),
    childrenCount: z.number().int().nullable(),
    hasDisability: z.boolean(),
    disabilityDescription: z.string(),
  }),
  contact: z.object({
    email: z.string(),
    emailConfirmation: z.string(),
    cellPhone: z.string(),
    commercialPhone: z.string(),
    residentialPhone: z.string(),
    communicationPhone: z.string(),
    whatsappPhone: z.string(),
    zipCode: z.string(),
    street: z.string(),
    number: z.string(),
    complement: z.string(),
    neighborhood: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
  }),
  professional: z.object({
    profession: z.string(),
    gminNumber: z.string(),
    cadvCode: z.string(),
    code: z.string(),
    /** Set by registration and the back office; shown, not edited, here. */
    company: z.string().nullable(),
    store: z.string().nullable(),
    brand: z.string().nullable(),
    branch: z.string().nullable(),
    retailer: z.string().nullable(),
  }),
  preferences: profilePreferencesBody,
  phoneVerified: z.boolean(),
  phoneCooldown: z.object({ startedAt: z.string().nullable(), durationSeconds: z.number().int() }),
  passwordStrength: z.enum(['weak', 'medium', 'strong']),
  deletionRequested: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

export const avatarResponse = z.object({ avatarUrl: z.string().nullable() });
export type AvatarResponse = z.infer<typeof avatarResponse>;
/** The server's avatar size: a square of this many pixels, WebP. */
export const AVATAR_SIZE = 256;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const changePasswordBody = z.object({
  currentPassword: text().min(1, 'PROFILE_FIELD_REQUIRED').max(256),
  newPassword: text().min(1, 'PROFILE_FIELD_REQUIRED').max(256),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const phoneCodeRequestBody = z.object({ channel: z.enum(['sms', 'whatsapp']) });
export type PhoneCodeRequestBody = z.infer<typeof phoneCodeRequestBody>;
export const phoneCodeVerifyBody = z.object({
  code: text()
    .trim()
    .regex(/^\d{4,8}$/, 'PROFILE_FIELD_INVALID'),
});
export type PhoneCodeVerifyBody = z.infer<typeof phoneCodeVerifyBody>;
export const phoneStatusResponse = z.object({
  phoneVerified: z.boolean(),
  phoneCooldown: z.object({ startedAt: z.string().nullable(), durationSeconds: z.number().int() }),
});
export type PhoneStatusResponse = z.infer<typeof phoneStatusResponse>;

export const deletionRequestBody = z.object({
  name: text().trim().min(1, 'PROFILE_DELETION_NAME_MISMATCH').max(600),
  reason: optionalText.optional(),
});
export type DeletionRequestBody = z.infer<typeof deletionRequestBody>;

/** Typing one's name confirms deletion: case, accents and extra spaces do not matter. */
export function namesMatch(typed: string, fullName: string): boolean {
  const norm = (s: string) =>
    s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(fullName);
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const inboxMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;
export const inboxPage = page(inboxMessage);
export type InboxPage = z.infer<typeof inboxPage>;

export const activityKinds = [
  'login',
  'profile_updated',
  'avatar_changed',
  'password_changed',
  'phone_verified',
  'preferences_updated',
  'deletion_requested',
  'support_ticket',
] as const;
export const activityEvent = z.object({
  id: z.string(),
  kind: z.enum(activityKinds),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEvent>;
export const activityPage = page(activityEvent);
export type ActivityPage = z.infer<typeof activityPage>;
