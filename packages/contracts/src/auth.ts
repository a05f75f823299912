import { z } from 'zod';
import { text } from './primitives';

export const passwordGrantBody = z.object({
  grant_type: z.literal('password'),
  /** username, e-mail or document */
  username: text().min(1).max(254),
  password: text().min(1).max(256),
});

export const refreshGrantBody = z.object({
  grant_type: z.literal('refresh_token'),
  /** Left out by the web app: its refresh token comes from its cookie. */
  refresh_token: text().min(1).max(512).optional(),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  /** Absent for the web app, whose refresh token is an HttpOnly cookie scoped to the token endpoint. */
  refresh_token: z.string().optional(),
  user_firebase_token: z.string(),
  session_type: z.enum(['password', 'webservice']),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const okResponse = z.object({ ok: z.literal(true) });
