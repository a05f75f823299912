import { z } from 'zod';
import { serialId, text } from './primitives';
import { isAdult, todayIn } from '@trilha/domain/dates';
import { normalizeDocument, validateDocument } from '@trilha/domain/document';
import { checkPassword } from '@trilha/domain/password';
import { isValidPhone } from './profile';
import { roleName } from './session';
import { passwordStrength, type PasswordStrength } from './site';

/**
 * Registration, first access, password links and recovery, Google and webservice sign-in. The browser's
 * forms and the API validate with these same schemas; every message is an error code
 * (errors-accounts.ts) that both sides translate.
 */

const required = (code = 'ACCOUNTS_FIELD_REQUIRED') => text({ error: code }).trim().min(1, code).max(256);
const optional = text().trim().max(256).default('');
/**
 * A document as typed. A null answers 'CPF é obrigatório' and a number 'Documento inválido' (a number is not
 * coerced: it would lose a CPF's leading zeros); emptiness and the country's rule are reported once, by
 * documentIssue in the refinement of the body, never twice.
 */
const documentText = text({
  error: (iss) => (iss.input == null ? 'ACCOUNTS_DOCUMENT_REQUIRED' : 'ACCOUNTS_DOCUMENT_INVALID'),
})
  .trim()
  .max(256, 'ACCOUNTS_DOCUMENT_INVALID');

/** The fields a registration entry may ask (LoginConfig.registerFields). */
export const registerFieldNames = [
  'first_name',
  'last_name',
  'email',
  'document',
  'phone',
  'country',
  'birthday',
] as const;
export type RegisterFieldName = (typeof registerFieldNames)[number];

/** What 'document' check results mean as error codes: 'CPF é obrigatório' and 'Documento inválido'. */
export function documentIssue(country: string, value: string | null | undefined) {
  const check = validateDocument(country, value);
  return check === 'required'
    ? 'ACCOUNTS_DOCUMENT_REQUIRED'
    : check === 'invalid'
      ? 'ACCOUNTS_DOCUMENT_INVALID'
      : null;
}

/** One public registration entry (`register`, `register-seven-trade` …), as the form is built from it. */
export const registrationVariant = z.object({
  slug: z.string(),
  mode: z.enum(['register', 'first_access']),
  title: z.string().nullable(),
  clientName: z.string(),
  fields: z.array(z.enum(registerFieldNames)),
  profiles: z.array(roleName),
  termsPath: z.string(),
  termsVersion: z.string(),
  askAffiliation: z.boolean(),
  /** The account waits for approval after registering (pre-register switch or the entry's rule). */
  requiresApproval: z.boolean(),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  passwordStrength,
});
export type RegistrationVariant = z.infer<typeof registrationVariant>;

export const affiliationOptions = z.object({
  companies: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      kind: z.enum(['company', 'agency']),
      brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  retailChains: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      stores: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          city: z.string().nullable(),
          state: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type AffiliationOptions = z.infer<typeof affiliationOptions>;

const ids = z.array(serialId()).max(200).default([]);

/** Company/agency, brands and stores chosen at registration (the counting rules are in the superRefine). */
export const affiliationFields = z.object({
  companyId: serialId().nullable().default(null),
  brandIds: ids,
  retailChainIds: ids,
  storeIds: ids,
});

/** The registration form, all fields present; which ones must be filled depends on the entry. */
export const registerBody = z
  .object({
    variant: text().trim().min(1).max(64),
    country: text().trim().max(3).default(''),
    firstName: optional,
    lastName: optional,
    email: optional,
    emailConfirmation: optional,
    document: documentText.default(''),
    phone: optional,
    birthday: optional,
    profile: text().trim().max(32).default(''),
    acceptTerms: z.boolean().default(false),
    confirmAdult: z.boolean().default(false),
  })
  .extend(affiliationFields.shape);
export type RegisterBody = z.input<typeof registerBody>;
export type RegisterValues = z.output<typeof registerBody>;

interface RegisterRules {
  fields: readonly string[];
  profiles: readonly string[];
  askAffiliation: boolean;
}

/**
 * The registration rules of one entry: the fields it asks are required (the document by the CPF rule of
 * the chosen country), e-mail and confirmation match, the phone is valid, a profile of the entry's is
 * chosen, the terms are accepted, the age of 18 or more is confirmed, and — when the entry asks them —
 * exactly one company/agency, a brand of it, and a store of each retail chain chosen. Which brands and
 * stores belong to which company and chain is checked by the server, which knows them.
 */
export function checkRegistration(values: RegisterValues, rules: RegisterRules, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const asks = (field: string) => rules.fields.includes(field);
  if (asks('country') && !values.country) issue('country', 'ACCOUNTS_COUNTRY_REQUIRED');
  if (asks('first_name') && !values.firstName) issue('firstName', 'ACCOUNTS_FIELD_REQUIRED');
  if (asks('last_name') && !values.lastName) issue('lastName', 'ACCOUNTS_FIELD_REQUIRED');
  if (asks('email')) {
    if (!values.email) issue('email', 'ACCOUNTS_FIELD_REQUIRED');
    else if (!z.email().safeParse(values.email).success) issue('email', 'ACCOUNTS_EMAIL_INVALID');
    else if (values.email.toLowerCase() !== values.emailConfirmation.toLowerCase())
      issue('emailConfirmation', 'ACCOUNTS_EMAIL_MISMATCH');
  }
  if (asks('document')) {
    const problem = documentIssue(values.country || 'BRA', values.document);
    if (problem) issue('document', problem);
  }
  if (asks('phone')) {
    if (!values.phone) issue('phone', 'ACCOUNTS_FIELD_REQUIRED');
    else if (!isValidPhone(values.phone, values.country || 'BRA')) issue('phone', 'ACCOUNTS_PHONE_INVALID');
  }
  if (asks('birthday')) {
    if (!values.birthday) issue('birthday', 'ACCOUNTS_FIELD_REQUIRED');
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(values.birthday)) issue('birthday', 'ACCOUNTS_FIELD_INVALID');
    else if (!isAdult(values.birthday, todayIn())) issue('birthday', 'ACCOUNTS_ADULT_REQUIRED');
  }
  if (!values.profile || !rules.profiles.includes(values.profile))
    issue('profile', 'ACCOUNTS_PROFILE_REQUIRED');
  if (!values.acceptTerms) issue('acceptTerms', 'ACCOUNTS_TERMS_REQUIRED');
  if (!values.confirmAdult) issue('confirmAdult', 'ACCOUNTS_ADULT_REQUIRED');
  if (rules.askAffiliation) {
    if (!values.companyId) issue('companyId', 'ACCOUNTS_COMPANY_REQUIRED');
    else if (!values.brandIds.length) issue('brandIds', 'ACCOUNTS_BRAND_REQUIRED');
    if (!values.retailChainIds.length) issue('retailChainIds', 'ACCOUNTS_STORE_REQUIRED');
    else if (!values.storeIds.length) issue('storeIds', 'ACCOUNTS_STORE_REQUIRED');
  }
}

/** The registration schema of one entry, for the form (the API applies the same rules in its service). */
export function registerSchemaFor(rules: RegisterRules) {
  return registerBody.superRefine((values, ctx) => checkRegistration(values, rules, ctx));
}

/** The document as stored and looked up: the one normalization of packages/domain (separators gone). */
export const storedDocument = (value: string) => normalizeDocument(value);

export const registerResponse = z.object({
  status: z.enum(['awaiting_approval', 'active']),
  /** The masked address the set-password link or the "registration received" notice went to. */
  sentTo: z.string().nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const firstAccessBody = z.object({
  identifier: required(),
  variant: text().trim().max(64).optional(),
});
export type FirstAccessBody = z.infer<typeof firstAccessBody>;
export const sentToResponse = z.object({ sentTo: z.string().nullable() });
export type SentToResponse = z.infer<typeof sentToResponse>;

/** Path parts of a set-password or recover-password link. */
export const passwordLinkParams = z.object({
  username: text().min(1).max(256),
  uidb64: text().min(1).max(32),
  token: text().min(1).max(64),
});
export type PasswordLinkParams = z.infer<typeof passwordLinkParams>;
export const linkPurpose = z.enum(['set', 'recover']);
export type LinkPurpose = z.infer<typeof linkPurpose>;

export const checkLinkBody = passwordLinkParams.extend({ purpose: linkPurpose });
export const checkLinkResponse = z.object({
  username: z.string(),
  firstName: z.string(),
  purpose: linkPurpose,
  passwordStrength,
});
export type CheckLinkResponse = z.infer<typeof checkLinkResponse>;

/** A new password and its confirmation, held to the site's strength level (8 characters at least). */
export function newPasswordSchema(level: PasswordStrength) {
  return z
    .object({
      password: text().min(1, 'ACCOUNTS_FIELD_REQUIRED').max(256),
      passwordConfirmation: text().max(256),
    })
    .superRefine((v, ctx) => {
      if (v.password && checkPassword(v.password, level, { isNew: true }).length) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'ACCOUNTS_PASSWORD_WEAK' });
      }
      if (v.password !== v.passwordConfirmation) {
        ctx.addIssue({
          code: 'custom',
          path: ['passwordConfirmation'],
          message: 'ACCOUNTS_PASSWORD_MISMATCH',
        });
      }
    });
}
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

export const setPasswordBody = checkLinkBody.extend({
  password: text().min(1, 'ACCOUNTS_FIELD_REQUIRED').max(256),
  passwordConfirmation: text().max(256),
});
export type SetPasswordBody = z.infer<typeof setPasswordBody>;
export const setPasswordResponse = z.object({ username: z.string() });

/** Asks for a fresh link after an expired or used one (answered the same whether or not it matched). */
export const renewLinkBody = passwordLinkParams
  .pick({ username: true, uidb64: true })
  .extend({ purpose: linkPurpose });

/** request-password by e-mail, document or username: a recover-password link goes to the account's e-mail. */
export const recoverMethod = z.enum(['email', 'document', 'username']);
export const recoverPasswordBody = z
  .object({
    method: recoverMethod,
    identifier: required(),
    country: text().trim().max(3).default('BRA'),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'email' && !z.email().safeParse(v.identifier).success) {
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: 'ACCOUNTS_EMAIL_INVALID' });
    }
    if (v.method === 'document' && v.identifier) {
      const problem = documentIssue(v.country, v.identifier);
      if (problem) ctx.addIssue({ code: 'custom', path: ['identifier'], message: problem });
    }
  });
export type RecoverPasswordBody = z.input<typeof recoverPasswordBody>;
export const okResponse = z.object({ ok: z.literal(true) });

/** Recovery by a code: first the masked phones of a document. */
export const documentBody = z
  .object({
    document: documentText,
    country: text().trim().max(3).default('BRA'),
  })
  .superRefine((v, ctx) => {
    const problem = documentIssue(v.country, v.document);
    if (problem) ctx.addIssue({ code: 'custom', path: ['document'], message: problem });
  });
export type DocumentBody = z.input<typeof documentBody>;

export const phoneCooldown = z.object({
  startedAt: z.string().nullable(),
  durationSeconds: z.number().int(),
});
export type PhoneCooldownState = z.infer<typeof phoneCooldown>;

export const maskedPhonesResponse = z.object({
  phones: z.array(z.object({ masked: z.string(), channels: z.array(z.enum(['sms', 'whatsapp'])) })),
  cooldown: phoneCooldown,
});
export type MaskedPhonesResponse = z.infer<typeof maskedPhonesResponse>;

/** Then the code, sent once the user has typed the whole number the masked one stands for. */
export const sendRecoverCodeBody = z
  .object({
    document: documentText,
    country: text().trim().max(3).default('BRA'),
    phone: required(),
    channel: z.enum(['sms', 'whatsapp']),
  })
  .superRefine((v, ctx) => {
    const problem = documentIssue(v.country, v.document);
    if (problem) ctx.addIssue({ code: 'custom', path: ['document'], message: problem });
    if (v.phone && !isValidPhone(v.phone, v.country)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'ACCOUNTS_PHONE_INVALID' });
    }
  });
export type SendRecoverCodeBody = z.input<typeof sendRecoverCodeBody>;
export const sentCodeResponse = z.object({
  sentTo: z.string(),
  channel: z.enum(['sms', 'whatsapp']),
  expiresInSeconds: z.number().int(),
  cooldown: phoneCooldown,
});
export type SentCodeResponse = z.infer<typeof sentCodeResponse>;

export const validateRecoverCodeBody = z.object({
  document: documentText.min(1, 'ACCOUNTS_DOCUMENT_REQUIRED'),
  country: text().trim().max(3).default('BRA'),
  code: text({ error: 'ACCOUNTS_CODE_INVALID' })
    .trim()
    .regex(/^\d{6}$/, 'ACCOUNTS_CODE_INVALID'),
});
export type ValidateRecoverCodeBody = z.input<typeof validateRecoverCodeBody>;
/** The recover-password link to finish with. */
export const recoverLinkResponse = passwordLinkParams;

export const completeRegisterState = z.object({
  values: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    document: z.string(),
    phone: z.string(),
    country: z.string(),
    /** What the user already has of company/agency, brands, chains and stores in the selected client. */
    companyId: z.number().int().nullable(),
    brandIds: z.array(z.number().int()),
    retailChainIds: z.array(z.number().int()),
    storeIds: z.array(z.number().int()),
  }),
  missing: z.array(z.string()),
  termsPath: z.string(),
  askAffiliation: z.boolean(),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type CompleteRegisterState = z.infer<typeof completeRegisterState>;

export const completeRegisterBody = z
  .object({
    firstName: optional,
    lastName: optional,
    email: optional,
    document: documentText.default(''),
    phone: optional,
    country: text().trim().max(3).default(''),
    acceptTerms: z.boolean().default(false),
    confirmAdult: z.boolean().default(false),
  })
  .extend(affiliationFields.shape);
export type CompleteRegisterBody = z.input<typeof completeRegisterBody>;

/** The complete-register rules: every missing field filled (the document by the CPF rule). */
export function checkCompleteRegister(
  values: z.output<typeof completeRegisterBody>,
  missing: readonly string[],
  ctx: z.RefinementCtx,
) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (missing.includes('first_name') && !values.firstName) issue('firstName', 'ACCOUNTS_FIELD_REQUIRED');
  if (missing.includes('last_name') && !values.lastName) issue('lastName', 'ACCOUNTS_FIELD_REQUIRED');
  if (missing.includes('email')) {
    if (!values.email) issue('email', 'ACCOUNTS_FIELD_REQUIRED');
    else if (!z.email().safeParse(values.email).success) issue('email', 'ACCOUNTS_EMAIL_INVALID');
  }
  if (missing.includes('country') && !values.country) issue('country', 'ACCOUNTS_COUNTRY_REQUIRED');
  if (missing.includes('document')) {
    const problem = documentIssue(values.country || 'BRA', values.document);
    if (problem) issue('document', problem);
  }
  if (missing.includes('phone') && values.phone && !isValidPhone(values.phone, values.country || 'BRA')) {
    issue('phone', 'ACCOUNTS_PHONE_INVALID');
  }
  if (missing.includes('terms')) {
    if (!values.acceptTerms) issue('acceptTerms', 'ACCOUNTS_TERMS_REQUIRED');
    if (!values.confirmAdult) issue('confirmAdult', 'ACCOUNTS_ADULT_REQUIRED');
  }
  if (missing.includes('affiliation')) {
    if (!values.companyId) issue('companyId', 'ACCOUNTS_COMPANY_REQUIRED');
    else if (!values.brandIds.length) issue('brandIds', 'ACCOUNTS_BRAND_REQUIRED');
    if (!values.retailChainIds.length) issue('retailChainIds', 'ACCOUNTS_STORE_REQUIRED');
    else if (!values.storeIds.length) issue('storeIds', 'ACCOUNTS_STORE_REQUIRED');
  }
}

/** A partner system asks a one-time login token for one of its users (HTTP Basic, confidential app). */
export const webserviceTokenBody = z.object({
  /** Username, e-mail or document of the user. */
  user: text().trim().min(1).max(254),
  module: text()
    .trim()
    .regex(/^[a-z][a-z_-]{0,40}$/)
    .optional(),
  id: text().trim().max(64).optional(),
});
export const webserviceTokenResponse = z.object({
  token: z.string(),
  /** The link to open in the browser (webservice-login/{token}, with the module query when given). */
  url: z.string(),
  expiresIn: z.number().int(),
});
export const webserviceLoginBody = z.object({ token: text().trim().min(1).max(128) });

/** Google sign-in: where to send the browser, then the one-time result exchanged for tokens. */
export const googleStartResponse = z.object({ url: z.string() });
export const googleExchangeBody = z.object({ code: text().trim().min(1).max(128) });
