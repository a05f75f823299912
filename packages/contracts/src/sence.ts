import { z } from 'zod';
import { senceErrorCodes } from './errors-sence';
import { serialId, text } from './primitives';

/**
 * The SENCE integration (docs/sence.md): the learner gives the SENCE code and the course code, the API
 * opens a pending session and answers the authority's login form; the authority posts the learner back
 * to one of our return URLs within three minutes.
 */
export const SENCE_CODE_MIN = 10;
export const SENCE_COURSE_CODE_MIN = 7;
export const SENCE_CODE_MAX = 40;
/** Spec section 9: the entry window. */
export const SENCE_WINDOW_MINUTES = 3;
/** Letters, digits and hyphens: what the authority's codes are made of. */
export const SENCE_CODE_PATTERN = /^[A-Za-z0-9-]+$/;

const code = (min: number) => text().trim().min(min).max(SENCE_CODE_MAX).regex(SENCE_CODE_PATTERN);

export const startSenceBody = z.object({
  senceCode: code(SENCE_CODE_MIN),
  courseCode: code(SENCE_COURSE_CODE_MIN),
});
export type StartSenceBody = z.infer<typeof startSenceBody>;

/** The form the browser posts to the authority: its address and the fields, all hidden inputs. */
export const senceStart = z.object({
  id: serialId(),
  action: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type SenceStart = z.infer<typeof senceStart>;

export const senceStatuses = ['pending', 'succeeded', 'failed', 'expired'] as const;
export const senceStatus = z.enum(senceStatuses);
export type SenceStatus = z.infer<typeof senceStatus>;

export const senceSession = z.object({
  id: serialId(),
  senceCode: z.string(),
  courseCode: z.string(),
  status: senceStatus,
  /** The authority's numbered code of a failure, when it sent one. */
  authorityCode: z.string().nullable(),
  /** Our error code of a failed or expired session (errors.<CODE> in the catalogs). */
  error: z.enum(senceErrorCodes).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SenceSession = z.infer<typeof senceSession>;

export const senceLatest = z.object({ session: senceSession.nullable() });
export type SenceLatest = z.infer<typeof senceLatest>;

/** The outcome the return URLs redirect the browser with (`/sence?result=…&error=…`). */
export const senceResults = ['success', 'error'] as const;
export type SenceResult = (typeof senceResults)[number];
