import { createHash, randomBytes } from 'node:crypto';
import { errorCode, type ErrorCode } from '@trilha/contracts/errors';
import {
  isSenceAuthorityCode,
  senceAuthorityErrors,
  type SenceErrorCode,
} from '@trilha/contracts/errors-sence';
import {
  SENCE_WINDOW_MINUTES,
  type SenceLatest,
  type SenceResult,
  type SenceStart,
  type StartSenceBody,
} from '@trilha/contracts/sence';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { unitOfWork } from '../../db/unit-of-work';
import { createSenceRepo, type SenceOutcome, type SenceRow } from './sence.repo';

export interface SenceCaller {
  userId: number;
  clientId: number;
}

/** What the authority posts back to a return URL (form fields; the names are the authority's). */
export interface SenceReturnForm {
  IdSesionAlumno?: string;
  IdSesionSence?: string;
  GlosaError?: string;
}

export interface SenceServiceDeps {
  db: Db;
  /** The authority's login endpoint (SENCE_AUTH_URL). */
  authUrl: string;
  /** Tax id of the training company (SENCE_RUT_OTEC). */
  rutOtec: string;
  /** Public origin of the API, where the return URLs point. */
  publicUrl: string;
  now: () => Date;
}

/** Training line the platform's courses are given under: e-learning. */
const LINE_ELEARNING = '3';
const WINDOW_MS = SENCE_WINDOW_MINUTES * 60_000;
/** Entries a learner may open within one window: enough to retry, not enough to fill the table. */
export const MAX_STARTS_PER_WINDOW = 5;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Where the browser goes after a return: the app's SENCE screen with the outcome. */
export interface SenceRedirect {
  result: SenceResult;
  error?: ErrorCode;
}

export const redirectPath = (r: SenceRedirect) =>
  `/sence?result=${r.result}${r.error ? `&error=${encodeURIComponent(r.error)}` : ''}`;

const toSession = (row: SenceRow): NonNullable<SenceLatest['session']> => ({
  id: row.id,
  senceCode: row.sence_code,
  courseCode: row.course_code,
  status: row.status,
  authorityCode: row.authority_code,
  error: row.error as SenceErrorCode | null,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

/** The authority's code of a failure, kept only when it looks like one (a few digits). */
const authorityCodeOf = (raw: string | undefined) => {
  const code = raw?.trim() ?? '';
  return /^\d{1,6}$/.test(code) ? code : null;
};

/**
 * The SENCE integration (docs/sence.md): opens a pending session with a random state (kept as its
 * SHA-256 only), gives the browser the authority's login form, and records what the authority posts back
 * within the three-minute window. A return whose state is unknown, already used or past the window
 * changes nothing but the expiry.
 */
export function createSenceService(deps: SenceServiceDeps) {
  const { db, now } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  return {
    async start(caller: SenceCaller, body: StartSenceBody): Promise<SenceStart> {
      const state = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + WINDOW_MS);
      const repo = createSenceRepo(db);
      const recent = await repo.openedSince(
        caller.clientId,
        caller.userId,
        new Date(createdAt.getTime() - WINDOW_MS),
      );
      if (recent >= MAX_STARTS_PER_WINDOW) throw new AppError('RATE_LIMITED', 429);
      const id = await repo.create({
        ...caller,
        senceCode: body.senceCode,
        courseCode: body.courseCode,
        stateHash: sha256(state),
        createdAt,
        expiresAt,
      });
      const query = `client=${caller.clientId}&state=${state}`;
      return {
        id,
        action: deps.authUrl,
        fields: {
          RutOtec: deps.rutOtec,
          CodSence: body.senceCode,
          CodigoCurso: body.courseCode,
          LineaCapacitacion: LINE_ELEARNING,
          IdSesionAlumno: state,
          UrlRetoma: `${base}/api/sence/return/success?${query}`,
          UrlError: `${base}/api/sence/return/error?${query}`,
        },
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Records the authority's answer posted to a return URL; says where the browser goes next. */
    async handleReturn(
      kind: 'success' | 'error',
      ref: { clientId: number; state: string },
      form: SenceReturnForm,
    ): Promise<SenceRedirect> {
      const at = now();
      return unitOfWork(db).run(async () => {
        const repo = createSenceRepo(db);
        const session = await repo.byState(ref.clientId, sha256(ref.state));
        // The form echoes the state too; one that names another state is not this session's answer.
        const echoed = form.IdSesionAlumno?.trim();
        if (!session || (echoed && echoed !== ref.state)) {
          return { result: 'error', error: 'SENCE_STATE_INVALID' };
        }
        if (session.status !== 'pending') return { result: 'error', error: 'SENCE_STATE_USED' };
        const finish = async (outcome: Omit<SenceOutcome, 'at'>) => {
          const done = await repo.finish(ref.clientId, session.id, { ...outcome, at });
          return done !== undefined;
        };
        if (at.getTime() > new Date(session.expires_at).getTime()) {
          const expired = await finish({
            status: 'expired',
            authorityCode: null,
            error: 'SENCE_WINDOW_EXPIRED',
            authoritySessionHash: null,
          });
          return { result: 'error', error: expired ? 'SENCE_WINDOW_EXPIRED' : 'SENCE_STATE_USED' };
        }
        let outcome: Omit<SenceOutcome, 'at'>;
        if (kind === 'success') {
          const authoritySession = form.IdSesionSence?.trim();
          outcome = authoritySession
            ? {
                status: 'succeeded',
                authorityCode: null,
                error: null,
                authoritySessionHash: sha256(authoritySession),
              }
            : {
                status: 'failed',
                authorityCode: null,
                error: 'SENCE_RESPONSE_INVALID',
                authoritySessionHash: null,
              };
        } else {
          const code = authorityCodeOf(form.GlosaError);
          const error: SenceErrorCode =
            code === null
              ? 'SENCE_RESPONSE_INVALID'
              : isSenceAuthorityCode(code)
                ? senceAuthorityErrors[code]
                : 'SENCE_AUTHORITY_UNKNOWN';
          outcome = { status: 'failed', authorityCode: code, error, authoritySessionHash: null };
        }
        if (!(await finish(outcome))) return { result: 'error', error: 'SENCE_STATE_USED' };
        return outcome.status === 'succeeded'
          ? { result: 'success' }
          : { result: 'error', error: errorCode.parse(outcome.error) };
      });
    },

    /** The caller's latest session; a pending one past its window reads as expired. */
    async latest(caller: SenceCaller): Promise<SenceLatest> {
      const row = await createSenceRepo(db).latest(caller.clientId, caller.userId);
      if (!row) return { session: null };
      const session = toSession(row);
      if (session.status === 'pending' && now().getTime() > Date.parse(session.expiresAt)) {
        return { session: { ...session, status: 'expired', error: 'SENCE_WINDOW_EXPIRED' } };
      }
      return { session };
    },
  };
}

export type SenceService = ReturnType<typeof createSenceService>;
