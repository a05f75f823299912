import { z } from 'zod';
import { accountsErrorCodes } from './errors-accounts';
import { assessmentsErrorCodes } from './errors-assessments';
import { gamesErrorCodes } from './errors-games';
import { learningErrorCodes } from './errors-learning';
import { loyaltyErrorCodes } from './errors-loyalty';
import { dailyChallengeErrorCodes } from './errors-daily-challenge';
import { photosErrorCodes } from './errors-photos';
import { platformErrorCodes } from './errors-platform';
import { profileErrorCodes } from './errors-profile';
import { reactionsErrorCodes } from './errors-reactions';
import { rewardsErrorCodes } from './errors-rewards';
import { salesErrorCodes } from './errors-sales';
import { senceErrorCodes } from './errors-sence';
import { storeErrorCodes } from './errors-store';
import { surveysErrorCodes } from './errors-surveys';
import { transfersErrorCodes } from './errors-transfers';
import { uploadErrorCodes } from './errors-uploads';

/**
 * Every error code the API can answer with. The web maps each one to a translated message
 * (catalog key `errors.<CODE>`), so adding a code here means adding it to every catalog.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  /** A text input holds a character no text may hold (U+0000), refused before it reaches the database. */
  'TEXT_INVALID_CHARACTER',
  /** The request body is over the API's limit, or of a content type the route does not read. */
  'REQUEST_TOO_LARGE',
  'UNSUPPORTED_CONTENT_TYPE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_UNIQUE',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  'AUTH_INVALID_CREDENTIALS',
  'AUTH_USER_BLOCKED',
  'AUTH_NO_PROFILE',
  'AUTH_MAINTENANCE',
  'AUTH_AWAITING_APPROVAL',
  'AUTH_TOO_MANY_ATTEMPTS',
  'AUTH_INVALID_CLIENT',
  'AUTH_INVALID_REFRESH',
  'CLIENT_NOT_AVAILABLE',
  'LANGUAGE_NOT_FOUND',
  ...accountsErrorCodes,
  ...assessmentsErrorCodes,
  ...gamesErrorCodes,
  ...learningErrorCodes,
  ...loyaltyErrorCodes,
  ...photosErrorCodes,
  ...platformErrorCodes,
  ...dailyChallengeErrorCodes,
  ...profileErrorCodes,
  ...reactionsErrorCodes,
  ...rewardsErrorCodes,
  ...salesErrorCodes,
  ...senceErrorCodes,
  ...storeErrorCodes,
  ...surveysErrorCodes,
  ...transfersErrorCodes,
  ...uploadErrorCodes,
] as const;

export const errorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCode>;

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** RFC 6749 section 5.2 error answer of the token endpoint, with our code as an extension field. */
export const oauthErrorBody = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_grant_type',
    'invalid_scope',
    'slow_down',
  ]),
  error_description: z.string(),
  code: z.string().optional(),
  retry_after: z.number().int().optional(),
});
export type OauthErrorBody = z.infer<typeof oauthErrorBody>;
