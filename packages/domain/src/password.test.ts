import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPassword, passwordMinLength, passwordScore } from './password';

describe('checkPassword', () => {
  it('needs 6 characters, or 8 for a new password', () => {
    expect(passwordMinLength(false)).toBe(6);
    expect(passwordMinLength(true)).toBe(8);
    expect(checkPassword('abcde', 'weak')).toEqual(['min_length']);
    expect(checkPassword('abcdef', 'weak')).toEqual([]);
    expect(checkPassword('abcdefg', 'weak', { isNew: true })).toEqual(['min_length']);
    expect(checkPassword('abcdefgh', 'weak', { isNew: true })).toEqual([]);
  });

  it('asks nothing beyond length at the weak level', () => {
    expect(checkPassword('      ', 'weak')).toEqual([]);
    expect(checkPassword('', 'weak')).toEqual(['min_length']);
  });

  it('adds upper case, lower case and digits at the medium level', () => {
    expect(checkPassword('abcdef', 'medium')).toEqual(['uppercase', 'digit']);
    expect(checkPassword('ABCDEF', 'medium')).toEqual(['lowercase', 'digit']);
    expect(checkPassword('123456', 'medium')).toEqual(['uppercase', 'lowercase']);
    expect(checkPassword('Abc12', 'medium')).toEqual(['min_length']);
    expect(checkPassword('Abcde1', 'medium')).toEqual([]);
    expect(checkPassword('', 'medium')).toEqual(['min_length', 'uppercase', 'lowercase', 'digit']);
  });

  it('adds symbols at the strong level', () => {
    expect(checkPassword('Abcde1', 'strong')).toEqual(['symbol']);
    expect(checkPassword('Abcde1!', 'strong')).toEqual([]);
    expect(checkPassword('Abcde 1', 'strong')).toEqual([]);
    expect(checkPassword('Abcd1!', 'strong', { isNew: true })).toEqual(['min_length']);
    expect(checkPassword('', 'strong')).toEqual(['min_length', 'uppercase', 'lowercase', 'digit', 'symbol']);
  });

  it('judges accented letters and counts an emoji as one character', () => {
    expect(checkPassword('ÉÇÃabc1', 'medium')).toEqual([]);
    expect(checkPassword('éçãabc1', 'medium')).toEqual(['uppercase']);
    expect(checkPassword('Aa1😀😀', 'strong')).toEqual(['min_length']);
    expect(checkPassword('Aa1😀😀😀', 'strong')).toEqual([]);
  });
});

describe('passwordScore', () => {
  it('reads 0 below the minimum length', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('Ab1!x')).toBe(0);
  });

  it('rises with variety and length', () => {
    expect(passwordScore('aaaaaaaaaaaaaaaa')).toBe(1);
    expect(passwordScore('abcdef')).toBe(1);
    expect(passwordScore('abcdefghijkl')).toBe(2);
    expect(passwordScore('Abcdef')).toBe(2);
    expect(passwordScore('Abcde1')).toBe(3);
    expect(passwordScore('Abcde1!')).toBe(4);
    expect(passwordScore('correct horse battery staple')).toBe(3);
  });

  it('agrees with the levels: medium scores at least 3, strong scores 4', () => {
    const passwordChars = fc.constantFrom(...'aZé1 !#Ç9xY'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: passwordChars, maxLength: 20 }), (password) => {
        const score = passwordScore(password);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(4);
        if (checkPassword(password, 'medium').length === 0) expect(score).toBeGreaterThanOrEqual(3);
        if (checkPassword(password, 'strong').length === 0) expect(score).toBe(4);
        if (checkPassword(password, 'weak').length > 0) expect(score).toBe(0);
      }),
    );
  });
});
