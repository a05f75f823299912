import { z } from 'zod';

/**
 * The building blocks of every request schema: text that PostgreSQL can store, and ids within their
 * column's range. A schema that used a bare `z.string()` or `z.number()` for these would let a NUL
 * character or an id past 2^31-1 reach the database, which refuses it with an error instead of a row.
 */

/** U+0000: PostgreSQL `text` and `jsonb` cannot hold it, so no text input may carry it. */
export const NUL = '\u0000';
export const hasNul = (value: string) => value.includes(NUL);

/** Largest value of an `integer` (int4) column, the type of every `serial` id. */
export const INT4_MAX = 2_147_483_647;

/**
 * A text input: `z.string()` that refuses U+0000 with TEXT_INVALID_CHARACTER before any other check
 * (the field shows that one message, not a length or format error as well). Chain `.trim().max()` as usual.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasNul(value), { message: 'TEXT_INVALID_CHARACTER', abort: true });

/** A `serial` id in a body: a positive int4. */
export const serialId = () => z.number().int().positive().max(INT4_MAX);

/** A `serial` id in a path or query string (text coerced to a number), with the same range. */
export const serialIdParam = () => z.coerce.number().int().positive().max(INT4_MAX);

/** A comma-separated list of ids in a query string ("3,7"), each a positive int4. */
export const isSerialIdList = (value: string) =>
  value.split(',').every((part) => /^\d+$/.test(part) && Number(part) >= 1 && Number(part) <= INT4_MAX);

/**
 * Request schemas whose listed top-level fields may carry U+0000 because their service stores them
 * escaped (SCORM runtime data: a package may put anything in `cmi.suspend_data`). The API's NUL guard
 * skips those fields and refuses NUL everywhere else, including schemas that forgot `text()`.
 */
export const nulTolerant = z.registry<{ fields: readonly string[] }>();
