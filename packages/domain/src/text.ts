/**
 * Small text rules of forms, filters and lists.
 *
 * Lengths are counted in Unicode code points, as PostgreSQL counts characters, so that an emoji is one
 * character on both sides and a cut never splits it in two.
 */

export const TEXT_LIMIT = 256;
export const LINK_MAX_LENGTH = 50;
export const ELLIPSIS = '…';

// Plain decimal notation only: Number() would also take '0x1f', '0b1' and 'Infinity', which no one types
// into a quantity or a filter meaning a number.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A finite number, or a string that reads as one once trimmed (empty and blank strings do not). */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) && Number.isFinite(Number(trimmed));
}

/** '%' is the SQL LIKE wildcard: a user's filter must match literally, not widen the search. */
export function cleanFilter(value: string): string {
  return value.replaceAll('%', '');
}

/**
 * Drops the query string (from '?' on, fragment included). A '?' that only appears inside the fragment is
 * not a query, so such a URL is returned as it is.
 */
export function stripUrlQuery(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const fragment = url.indexOf('#');
  if (fragment !== -1 && fragment < query) return url;
  return url.slice(0, query);
}

export function textLength(text: string): number {
  return Array.from(text).length;
}

/**
 * Shortens a link for display: past the limit, the middle gives way to '…' so both the host and the end of
 * the path stay readable. The result is at most `maxLength` characters.
 */
export function shortenLink(
  link: string,
  options: { maxLength?: number; stripQuery?: boolean } = {},
): string {
  const { maxLength = LINK_MAX_LENGTH, stripQuery = false } = options;
  if (!Number.isInteger(maxLength) || maxLength < 1)
    throw new RangeError('maxLength must be a positive integer');
  const text = stripQuery ? stripUrlQuery(link) : link;
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  const kept = maxLength - 1;
  const head = Math.ceil(kept / 2);
  const tail = kept - head;
  return chars.slice(0, head).join('') + ELLIPSIS + (tail > 0 ? chars.slice(-tail).join('') : '');
}

/** Forum posts and reviews: 'Seu texto tem mais que 256 caracteres' when this is false. */
export function isWithinTextLimit(text: string, limit: number = TEXT_LIMIT): boolean {
  return textLength(text) <= limit;
}
