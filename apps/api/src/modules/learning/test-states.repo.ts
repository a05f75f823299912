import { sql } from 'drizzle-orm';
import type { ProgressStatus } from '@trilha/contracts/learning';
import { practiceTestKinds, testActivityKinds } from '@trilha/contracts/learning';
import { rowsOf, type DbOrTx } from '../../db/client';
import { intArrayParam } from './viewer';

/**
 * What tests decided about a learner in a course (table `assessment_course_states`, written by the
 * assessments module): blocked, restarted, reproved, improved. Learning reads it to show the course's
 * status and to lock a blocked learner out of the course's content.
 */
export interface TestState {
  blocked: boolean;
  restarted: boolean;
  reproved: boolean;
  improved: boolean;
  /** The course has tests that are graded (every test kind but the practice quiz). */
  graded: boolean;
}

const gradedKinds = testActivityKinds.filter((k) => !practiceTestKinds.includes(k));

/**
 * The status a course shows, from its progress status and what tests decided: blocked first; a finished
 * course with graded tests is approved (improved once a later attempt raised a grade); a course not
 * finished is reproved when a graded test's attempts ran out without a pass, restarted after a restart
 * test reset it.
 */
export function courseStatusWithTests(base: ProgressStatus, state: TestState | undefined): ProgressStatus {
  if (!state) return base;
  if (state.blocked) return 'blocked';
  if (base === 'finished') return state.graded ? (state.improved ? 'improved' : 'approved') : 'finished';
  if (state.reproved) return 'reproved';
  if (state.restarted) return 'restarted';
  return base;
}

/** The states of a learner in some courses of a client, by course id (courses without tests are left out). */
export async function testStatesOf(
  db: DbOrTx,
  clientId: number,
  userId: number,
  courseIds: readonly number[],
): Promise<Map<number, TestState>> {
  if (courseIds.length === 0) return new Map();
  const rows = rowsOf<{
    course_id: number;
    blocked: boolean | null;
    restarted: boolean | null;
    reproved: boolean | null;
    improved: boolean | null;
    graded: boolean;
  }>(
    await db.execute(sql`
      select c.id as course_id,
        s.blocked_at is not null as blocked, s.restarted_at is not null as restarted,
        s.reproved_at is not null as reproved, s.improved_at is not null as improved,
        exists (select 1 from activities a where a.course_id = c.id and a.client_id = ${clientId}
          and a.kind = any(${sql.raw(`array[${gradedKinds.map((k) => `'${k}'`).join(',')}]`)})) as graded
      from courses c
      left join assessment_course_states s on s.course_id = c.id and s.user_id = ${userId} and s.client_id = ${clientId}
      where c.client_id = ${clientId} and c.id = any(${intArrayParam([...courseIds])}::int[])
        and (s.user_id is not null or exists (select 1 from activities a where a.course_id = c.id
          and a.client_id = ${clientId} and a.kind = any(${sql.raw(`array[${gradedKinds.map((k) => `'${k}'`).join(',')}]`)})))`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.course_id),
      {
        blocked: Boolean(r.blocked),
        restarted: Boolean(r.restarted),
        reproved: Boolean(r.reproved),
        improved: Boolean(r.improved),
        graded: Boolean(r.graded),
      },
    ]),
  );
}
