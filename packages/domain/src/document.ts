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

const CPF_LENGTH = 11;
const EIGHT_DIGITS = 8;

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
  return value.replace(/\D/g, '');
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

/** Formats what the user has typed so far: '1234' -> '123.4', '12345678901' -> '123.456.789-01'. */
export function formatCpf(value: string): string {
  const digits = digitsOnly(value).slice(0, CPF_LENGTH);
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
      return digitsOnly(value).slice(0, EIGHT_DIGITS);
    case null:
      return value;
  }
}

/**
 * The value to store and send: digits only for masked countries. Other countries keep their letters
 * (a Chilean RUT may end in 'K'), so only surrounding blanks go.
 */
export function unmaskDocument(country: string, value: string): string {
  return knownCountry(country) ? digitsOnly(value) : value.trim();
}

export function validateDocument(country: string, value: string | null | undefined): DocumentCheck {
  const compact = withoutSeparators(value ?? '');
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
