import { sql } from 'drizzle-orm';
import type { SenceStatus } from '@trilha/contracts/sence';
import { rowsOf, type DbOrTx } from '../../db/client';

export interface SenceRow {
  id: number;
  client_id: number;
  user_id: number;
  sence_code: string;
  course_code: string;
  status: SenceStatus;
  authority_code: string | null;
  error: string | null;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
}

const columns =
  sql.raw(`x.id, x.client_id, x.user_id, x.sence_code, x.course_code, x.status, x.authority_code,
  x.error, x.created_at::text as created_at, x.expires_at::text as expires_at, x.finished_at::text as finished_at`);

/** The end of a pending session: what the authority answered, or the window closing. */
export interface SenceOutcome {
  status: Exclude<SenceStatus, 'pending'>;
  authorityCode: string | null;
  error: string | null;
  authoritySessionHash: string | null;
  at: Date;
}

/** SQL of `sence_sessions` (docs/sence.md); every statement names its client. */
export function createSenceRepo(db: DbOrTx) {
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

  return {
    async create(input: {
      clientId: number;
      userId: number;
      senceCode: string;
      courseCode: string;
      stateHash: string;
      createdAt: Date;
      expiresAt: Date;
    }) {
      const [row] = await rows<{ id: number }>(sql`
        insert into sence_sessions as x (client_id, user_id, sence_code, course_code, state_hash, created_at, expires_at)
        values (${input.clientId}, ${input.userId}, ${input.senceCode}, ${input.courseCode}, ${input.stateHash},
          ${input.createdAt.toISOString()}, ${input.expiresAt.toISOString()})
        returning x.id`);
      return row!.id;
    },

    /** How many sessions the user opened in the client since a moment. */
    async openedSince(clientId: number, userId: number, since: Date) {
      const [row] = await rows<{ n: string | number }>(sql`
        select count(*) as n from sence_sessions x
        where x.client_id = ${clientId} and x.user_id = ${userId} and x.created_at > ${since.toISOString()}`);
      return Number(row?.n ?? 0);
    },

    /** The session a return URL names, by its client and the hash of its state. */
    async byState(clientId: number, stateHash: string) {
      const [row] = await rows<SenceRow>(sql`
        select ${columns} from sence_sessions x
        where x.client_id = ${clientId} and x.state_hash = ${stateHash}`);
      return row;
    },

    /**
     * Ends a session that is still pending; undefined when it no longer is (a replayed or concurrent
     * return): of two posts of the same state only one finishes it.
     */
    async finish(clientId: number, id: number, outcome: SenceOutcome) {
      const [row] = await rows<SenceRow>(sql`
        update sence_sessions x set status = ${outcome.status}, authority_code = ${outcome.authorityCode},
          error = ${outcome.error}, authority_session_hash = ${outcome.authoritySessionHash},
          finished_at = ${outcome.at.toISOString()}
        where x.client_id = ${clientId} and x.id = ${id} and x.status = 'pending'
        returning ${columns}`);
      return row;
    },

    /** The user's most recent session in the client. */
    async latest(clientId: number, userId: number) {
      const [row] = await rows<SenceRow>(sql`
        select ${columns} from sence_sessions x
        where x.client_id = ${clientId} and x.user_id = ${userId}
        order by x.created_at desc, x.id desc
        limit 1`);
      return row;
    },
  };
}

export type SenceRepo = ReturnType<typeof createSenceRepo>;
