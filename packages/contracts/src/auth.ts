import { z } from 'zod';

export const passwordGrantBody = z.object({
  grant_type: z.literal('password'),
  /** username, e-mail or document */
  username: z.string().min(1).max(254),
  password: z.string().min(1).max(256),
});

export const refreshGrantBody = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(512),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  user_firebase_token: z.string(),
  session_type: z.enum(['password', 'webservice']),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const okResponse = z.object({ ok: z.literal(true) });
