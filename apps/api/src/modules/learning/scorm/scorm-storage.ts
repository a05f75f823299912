import { sql } from 'drizzle-orm';
import type { FlatCmi } from '@trilha/domain/scorm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import type { StoredAttempt } from './scorm-runtime';

/**
 * SCORM runtime data as kept in `scorm_runtime_data.cmi` (jsonb). A package may put any character in its
 * values (`cmi.suspend_data` is the package's own serialization), but jsonb cannot hold U+0000. So a value
 * with a NUL is stored escaped and read back exactly:
 *
 * - a value with no NUL that does not start with the marker U+E000 (a private-use character) is stored as
 *   it is, so data saved before this rule reads the same;
 * - any other value is stored as the marker followed by the value with each U+E000 doubled and each NUL
 *   written as U+E000 "0".
 */
const MARK = '\uE000';
const NUL = '\u0000';

export function escapeCmiValue(value: string): string {
  if (!value.includes(NUL) && !value.startsWith(MARK)) return value;
  return MARK + value.replaceAll(MARK, MARK + MARK).replaceAll(NUL, `${MARK}0`);
}

export function unescapeCmiValue(stored: string): string {
  if (!stored.startsWith(MARK)) return stored;
  let out = '';
  for (let i = 1; i < stored.length; i++) {
    const ch = stored[i]!;
    if (ch === MARK && (stored[i + 1] === MARK || stored[i + 1] === '0')) {
      out += stored[i + 1] === MARK ? MARK : NUL;
      i++;
    } else {
      out += ch;
    }
  }
  return out;
}

/** The runtime data as written to the database. */
export function storedCmi(cmi: FlatCmi): FlatCmi {
  return Object.fromEntries(Object.entries(cmi).map(([key, value]) => [key, escapeCmiValue(value)]));
}

/** The runtime data as read from the database, exactly as the package sent it. */
export function readCmi(stored: FlatCmi): FlatCmi {
  return Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, unescapeCmiValue(value)]));
}

/**
 * A learner's stored attempt of a SCORM activity (null: never launched), its data read back exactly.
 * `forUpdate` holds the row until the transaction ends (a commit merging into it).
 */
export async function loadAttempt(
  db: DbOrTx,
  who: { userId: number; clientId: number },
  activityId: number,
  forUpdate = false,
): Promise<StoredAttempt | null> {
  const [row] = rowsOf<{
    cmi: Record<string, string>;
    attempt: number;
    ended_with: 'suspend' | 'normal' | null;
    total_seconds: number;
  }>(
    await db.execute(sql`select cmi, attempt, ended_with, total_seconds from scorm_runtime_data
      where user_id = ${who.userId} and activity_id = ${activityId} and client_id = ${who.clientId}
      ${forUpdate ? sql`for update` : sql``}`),
  );
  return row
    ? {
        attempt: row.attempt,
        endedWith: row.ended_with,
        totalSeconds: row.total_seconds,
        cmi: readCmi(row.cmi),
      }
    : null;
}
