import { z } from 'zod';
import { languageCode } from './session';

export const passwordStrength = z.enum(['weak', 'medium', 'strong']);
export type PasswordStrength = z.infer<typeof passwordStrength>;

/** The login configuration of a site (docs/product-rules.md, "Tenancy"), public: the login screen is built from it. */
export const loginConfig = z.object({
  siteId: z.number().int(),
  name: z.string(),
  colors: z.object({
    primary: z.string(),
    secondary: z.string(),
    background: z.string(),
    text: z.string(),
  }),
  logos: z.record(z.string(), z.string()),
  backgroundImage: z.string().nullable(),
  defaultLanguage: languageCode,
  oauth2: z.object({ google: z.boolean() }),
  recaptcha: z.boolean(),
  preRegister: z.boolean(),
  register: z.boolean(),
  publicFaq: z.boolean(),
  maintenance: z.boolean(),
  cookies: z.object({ banner: z.boolean(), policyUrl: z.string().nullable() }),
  passwordStrength,
  registerFields: z.array(z.string()),
  support: z.boolean(),
  portfolio: z.boolean(),
  directAccess: z.boolean(),
});
export type LoginConfig = z.infer<typeof loginConfig>;
