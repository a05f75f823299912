import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cpfCheckDigits,
  documentMask,
  formatCpf,
  isValidCpf,
  makeValidCpf,
  maskDocument,
  normalizeDocument,
  documentLookupKey,
  validateDocument,
} from './document';

/** Nine digits that are not all the same: the input makeValidCpf accepts. */
const cpfBase = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
  .map((digits) => digits.join(''))
  .filter((digits) => !/^(\d)\1{8}$/.test(digits));

const validCpf = cpfBase.map(makeValidCpf);

/** A position of the CPF and a different digit to put there. */
const singleDigitChange = fc.record({
  cpf: validCpf,
  position: fc.integer({ min: 0, max: 10 }),
  shift: fc.integer({ min: 1, max: 9 }),
});

function changeDigit(cpf: string, position: number, shift: number): string {
  const changed = (Number(cpf[position]) + shift) % 10;
  return cpf.slice(0, position) + String(changed) + cpf.slice(position + 1);
}

describe('CPF check digits', () => {
  it('computes the check digits of known numbers', () => {
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(cpfCheckDigits('111444777')).toBe('35');
    expect(makeValidCpf('123456789')).toBe('12345678909');
  });

  it('refuses a base that is not nine digits or would repeat one digit', () => {
    expect(() => makeValidCpf('12345678')).toThrow(RangeError);
    expect(() => makeValidCpf('12345678a')).toThrow(RangeError);
    expect(() => makeValidCpf('777777777')).toThrow(RangeError);
  });
});

describe('isValidCpf', () => {
  it('accepts a valid number with or without separators', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf(' 529 982 247 25 ')).toBe(true);
  });

  it('rejects wrong lengths, letters and failed check digits', () => {
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('529.982.247-2a')).toBe(false);
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('529.982.247-35')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('rejects every all-identical number even though its check digits add up', () => {
    for (let digit = 0; digit <= 9; digit++) {
      const value = String(digit).repeat(11);
      expect(cpfCheckDigits(value.slice(0, 9))).toBe(value.slice(9));
      expect(isValidCpf(value)).toBe(false);
    }
  });

  it('accepts every generated CPF, plain and masked', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(formatCpf(cpf))).toBe(true);
        expect(validateDocument('BRA', cpf)).toBe('ok');
        expect(validateDocument('BRA', formatCpf(cpf))).toBe('ok');
      }),
    );
  });

  it('rejects any change to a check digit', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (cpf, p, shift) => {
          expect(isValidCpf(changeDigit(cpf, p, shift))).toBe(false);
        },
      ),
    );
  });

  it('rejects any single-digit change when the first check digit is not 0', () => {
    fc.assert(
      fc.property(singleDigitChange, ({ cpf, position, shift }) => {
        fc.pre(cpf[9] !== '0');
        expect(isValidCpf(changeDigit(cpf, position, shift))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  // The official algorithm maps remainders 0 and 1 to the same check digit 0, and the first digit has weight
  // 11 (= 0 mod 11) in the second check. So a few single-digit changes keep both check digits. These are
  // real, Receita-valid numbers; a stricter check would reject genuine CPFs.
  it('only lets a single-digit change through where the modulus-11 rule cannot see it', () => {
    expect(isValidCpf('38474358507')).toBe(true);
    expect(isValidCpf('48474358507')).toBe(true);
    fc.assert(
      fc.property(singleDigitChange, ({ cpf, position, shift }) => {
        if (isValidCpf(changeDigit(cpf, position, shift))) {
          expect(cpf[9]).toBe('0');
          expect(position === 0 || cpf[10] === '0').toBe(true);
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe('formatCpf', () => {
  it('masks a number as it is typed', () => {
    expect(formatCpf('')).toBe('');
    expect(formatCpf('5')).toBe('5');
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('529982')).toBe('529.982');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529982247')).toBe('529.982.247');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('ignores typed separators and letters', () => {
    expect(formatCpf('529.98')).toBe('529.98');
    expect(formatCpf('52a9')).toBe('529');
  });

  it('keeps digits past the eleventh, so a 12-digit typo never masks into a valid CPF', () => {
    const valid = '52998224725';
    expect(isValidCpf(valid)).toBe(true);
    const typo = formatCpf(`${valid}9`);
    expect(typo).toBe('529.982.247-259');
    expect(validateDocument('BRA', typo)).toBe('invalid');
    expect(formatCpf('529.982.247-25999')).toBe('529.982.247-25999');
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12,14}$/), (typed) => {
        expect(validateDocument('BRA', maskDocument('BRA', typed))).toBe('invalid');
      }),
    );
  });

  it('is stable when applied to its own output', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '5', '9', '.', '-', ' ') }), (typed) => {
        const once = formatCpf(typed);
        expect(formatCpf(once)).toBe(once);
        expect(normalizeDocument(once)).toBe(typed.replace(/\D/g, ''));
      }),
    );
  });
});

describe('masks per country', () => {
  it('names the mask of each country that has one', () => {
    expect(documentMask('BRA')).toBe('###.###.###-##');
    expect(documentMask('ARG')).toBe('########');
    expect(documentMask('ury')).toBe('########');
    expect(documentMask('CHL')).toBeNull();
  });

  it('keeps digits for ARG and URY, a ninth one included so that the rule refuses it', () => {
    expect(maskDocument('ARG', '12.345.678')).toBe('12345678');
    expect(maskDocument('URY', '1234567890')).toBe('1234567890');
    expect(validateDocument('URY', maskDocument('URY', '1234567890'))).toBe('invalid');
  });

  it('leaves free-text countries alone', () => {
    expect(maskDocument('CHL', '12.345.678-K')).toBe('12.345.678-K');
  });
});

describe('normalizeDocument and documentLookupKey', () => {
  it('strips every separator and keeps letters upper-cased', () => {
    expect(normalizeDocument('529.982.247-25')).toBe('52998224725');
    expect(normalizeDocument('741_852_963_55')).toBe('74185296355');
    expect(normalizeDocument(' 741 852/963\t55 ')).toBe('74185296355');
    expect(normalizeDocument('１２.345.678')).toBe('12345678');
    expect(normalizeDocument(' 12.345.678-k ')).toBe('12345678K');
    expect(normalizeDocument('529a982')).toBe('529A982');
  });

  it('finds the same key for every spelling the validation accepts', () => {
    for (const typed of ['74185296355', '741.852.963-55', '741_852_963_55', '741 852 963 55']) {
      expect(validateDocument('BRA', typed)).toBe('ok');
      expect(documentLookupKey(typed)).toBe('74185296355');
    }
  });

  it('gives no key for an e-mail, a username or a number of the wrong size', () => {
    expect(documentLookupKey('ana@example.com')).toBeNull();
    expect(documentLookupKey('ana.lima')).toBeNull();
    expect(documentLookupKey('12345')).toBeNull();
    expect(documentLookupKey('123456789012345')).toBeNull();
  });
});

describe('validateDocument', () => {
  it('asks for a missing document in every country', () => {
    for (const country of ['BRA', 'ARG', 'URY', 'MEX']) {
      expect(validateDocument(country, '')).toBe('required');
      expect(validateDocument(country, '   ')).toBe('required');
      expect(validateDocument(country, null)).toBe('required');
      expect(validateDocument(country, undefined)).toBe('required');
    }
    expect(validateDocument('BRA', '...-')).toBe('required');
  });

  it('applies the CPF rule in Brazil', () => {
    expect(validateDocument('BRA', '529.982.247-25')).toBe('ok');
    expect(validateDocument('bra', '52998224725')).toBe('ok');
    expect(validateDocument('BRA', '529.982.247-24')).toBe('invalid');
    expect(validateDocument('BRA', '111.111.111-11')).toBe('invalid');
    expect(validateDocument('BRA', '529.982.247')).toBe('invalid');
  });

  it('requires exactly eight digits in Argentina and Uruguay', () => {
    expect(validateDocument('ARG', '12345678')).toBe('ok');
    expect(validateDocument('ARG', '12.345.678')).toBe('ok');
    expect(validateDocument('URY', '1234567')).toBe('invalid');
    expect(validateDocument('URY', '123456789')).toBe('invalid');
    expect(validateDocument('ARG', '1234567A')).toBe('invalid');
  });

  it('accepts any present document elsewhere', () => {
    expect(validateDocument('CHL', '12.345.678-K')).toBe('ok');
    expect(validateDocument('CAN', 'anything')).toBe('ok');
  });
});
