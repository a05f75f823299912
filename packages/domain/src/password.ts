/**
 * Password rules. The site's login configuration picks the strength level; the same check runs under the
 * form as hints and on the server as the rule.
 *
 * Letters and digits are judged by Unicode category, so 'É' is upper case and a password typed in any
 * script is judged fairly. Lengths count code points.
 */

export type PasswordLevel = 'weak' | 'medium' | 'strong';

export type PasswordRequirement = 'min_length' | 'uppercase' | 'lowercase' | 'digit' | 'symbol';

export const PASSWORD_MIN_LENGTH = 6;
export const NEW_PASSWORD_MIN_LENGTH = 8;

const requirementsByLevel: Record<PasswordLevel, readonly PasswordRequirement[]> = {
  weak: ['min_length'],
  medium: ['min_length', 'uppercase', 'lowercase', 'digit'],
  strong: ['min_length', 'uppercase', 'lowercase', 'digit', 'symbol'],
};

const hasUppercase = (password: string) => /\p{Lu}/u.test(password);
const hasLowercase = (password: string) => /\p{Ll}/u.test(password);
const hasDigit = (password: string) => /\p{Nd}/u.test(password);
// Anything that is neither a letter nor a number counts, space included, as in OWASP's list.
const hasSymbol = (password: string) => /[^\p{L}\p{N}]/u.test(password);

/** A password being set now (registration, reset, change) needs 8; signing in with an older one needs 6. */
export function passwordMinLength(isNew: boolean): number {
  return isNew ? NEW_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;
}

/** The requirements of the level the password does not meet yet, in display order; empty when it passes. */
export function checkPassword(
  password: string,
  level: PasswordLevel,
  options: { isNew?: boolean } = {},
): PasswordRequirement[] {
  const met: Record<PasswordRequirement, boolean> = {
    min_length: Array.from(password).length >= passwordMinLength(options.isNew ?? false),
    uppercase: hasUppercase(password),
    lowercase: hasLowercase(password),
    digit: hasDigit(password),
    symbol: hasSymbol(password),
  };
  return requirementsByLevel[level].filter((requirement) => !met[requirement]);
}

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/**
 * A 0..4 reading for the strength meter: 0 below the minimum length, then one point each for mixed case,
 * digits, symbols and a length of 12 or more, capped at 4. A password meeting the 'medium' level scores at
 * least 3 and one meeting 'strong' scores 4. It is a hint; `checkPassword` is the rule.
 */
export function passwordScore(password: string): PasswordScore {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) return 0;
  // A single repeated character has no variety to reward.
  if (new Set(password).size === 1) return 1;
  const bonuses = [
    hasUppercase(password) && hasLowercase(password),
    hasDigit(password),
    hasSymbol(password),
    length >= 12,
  ].filter(Boolean).length;
  return Math.min(4, 1 + bonuses) as PasswordScore;
}
