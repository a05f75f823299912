/**
 * Personal documents: the Brazilian CPF rule and the input masks of the countries that have one.
 *
 * Countries are ISO 3166-1 alpha-3 codes. Only BRA, ARG and URY have a mask and a format rule; a document
 * from any other country only has to be present (uniqueness is the server's job).
 */

export type DocumentCountry = 'BRA' | 'ARG' | 'URY';

/** 'required' and 'invalid' map to 'CPF é obrigatório' and 'Documento inválido' on the API. */
export type DocumentCheck = 'required' | 'invalid' | 'ok';

export const CPF_MASK = '###.###.###-##';
export const EIGHT_DIGIT_MASK = '########';

const documentMasks: Record<DocumentCountry, string> = {
  BRA: CPF_MASK,
  ARG: EIGHT_DIGIT_MASK,
  URY: EIGHT_DIGIT_MASK,
};

function knownCountry(country: string): DocumentCountry | null {
  const code = country.trim().toUpperCase();
  return code === 'BRA' || code === 'ARG' || code === 'URY' ? code : null;
}

/** The mask shown in the input, or null for a country whose documents are free text. */
export function documentMask(country: string): string | null {
  const known = knownCountry(country);
  return known ? documentMasks[known] : null;
}

function digitsOnly(value: string): string {
  return value.normalize('NFKC').replace(/\D/g, '');
}

/**
 * Removes separators (dots, dashes, spaces, slashes...) but keeps letters, so that a value with a letter in
 * it stays invalid instead of being silently "repaired" into some other person's number.
 */
function withoutSeparators(value: string): string {
  return value.replace(/[^\p{L}\p{N}]/gu, '');
}

/** The two CPF check digits for the first nine digits (modulus 11, weights 10..2 then 11..2). */
export function cpfCheckDigits(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new RangeError('A CPF base has exactly 9 digits');
  const first = checkDigit(nineDigits);
  return `${first}${checkDigit(nineDigits + first)}`;
}

function checkDigit(digits: string): number {
  const topWeight = digits.length + 1;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (topWeight - i);
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

function allSameDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/**
 * Builds a valid CPF (digits only) from nine digits. Nine identical digits are refused because their check
 * digits repeat the same digit, and such numbers are invalid by rule.
 */
export function makeValidCpf(nineDigits: string): string {
  const checks = cpfCheckDigits(nineDigits);
  if (allSameDigit(nineDigits)) throw new RangeError('Nine identical digits never make a valid CPF');
  return nineDigits + checks;
}

export function isValidCpf(value: string): boolean {
  const digits = withoutSeparators(value);
  if (!/^\d{11}$/.test(digits) || allSameDigit(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/**
 * Formats what the user has typed so far: '1234' -> '123.4', '12345678901' -> '123.456.789-01'. Digits past
 * the eleventh stay visible after the check digits ('123.456.789-012') instead of being cut off, so a typo of
 * one digit too many is seen (and refused as invalid) rather than silently truncated into somebody's CPF.
 */
export function formatCpf(value: string): string {
  const digits = digitsOnly(value);
  const groups = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].filter(Boolean).join('.');
  const checks = digits.slice(9);
  return checks ? `${groups}-${checks}` : groups;
}

/** Applies the country's mask while the user types; free-text countries get their value back untouched. */
export function maskDocument(country: string, value: string): string {
  switch (knownCountry(country)) {
    case 'BRA':
      return formatCpf(value);
    case 'ARG':
    case 'URY':
      // Not cut at eight digits, for the same reason as the CPF: a ninth digit is a typo to show.
      return digitsOnly(value);
    case null:
      return value;
  }
}

/**
 * The one normalization of a document, used to store it and to find an account by it (registration,
 * complete-register, first access, recovery, login): every separator goes (dots, dashes, blanks,
 * underscores, slashes...), letters stay and are upper-cased (a Chilean RUT may end in 'K'), and
 * compatibility forms such as full-width digits become plain ones. A value the rules accept is therefore
 * always found again however it was typed. Letters are kept, not dropped, so that a value with a letter in
 * a masked country stays invalid instead of being "repaired" into some other person's number.
 */
export function normalizeDocument(value: string): string {
  return withoutSeparators(value.normalize('NFKC')).toUpperCase();
}

/**
 * The document key of a login identifier (username, e-mail or document, country unknown): its normalized
 * form when that is a number of 6 to 14 digits, else null (the identifier is no document).
 */
export function documentLookupKey(identifier: string): string | null {
  const key = normalizeDocument(identifier);
  return /^\d{6,14}$/.test(key) ? key : null;
}

export function validateDocument(country: string, value: string | null | undefined): DocumentCheck {
  const compact = normalizeDocument(value ?? '');
  if (compact === '') return 'required';
  switch (knownCountry(country)) {
    case 'BRA':
      return isValidCpf(compact) ? 'ok' : 'invalid';
    case 'ARG':
    case 'URY':
      return /^\d{8}$/.test(compact) ? 'ok' : 'invalid';
    case null:
      return 'ok';
  }
}
