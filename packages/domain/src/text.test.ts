import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  LINK_MAX_LENGTH,
  TEXT_LIMIT,
  cleanFilter,
  isNumeric,
  isWithinTextLimit,
  shortenLink,
  stripUrlQuery,
  textLength,
} from './text';

describe('isNumeric', () => {
  it('accepts finite numbers', () => {
    expect(isNumeric(0)).toBe(true);
    expect(isNumeric(-12.5)).toBe(true);
    expect(isNumeric(Number.NaN)).toBe(false);
    expect(isNumeric(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('accepts strings that read as decimal numbers once trimmed', () => {
    for (const value of ['0', '42', ' 42 ', '-3', '+3', '3.14', '.5', '5.', '1e3', '-2.5E-2', '007']) {
      expect(isNumeric(value), value).toBe(true);
    }
  });

  it('rejects empty, blank and non-decimal strings', () => {
    for (const value of [
      '',
      '   ',
      'abc',
      '12abc',
      '1,5',
      '1.2.3',
      '0x1f',
      '0b101',
      'Infinity',
      '-',
      '.',
      'e5',
    ]) {
      expect(isNumeric(value), value).toBe(false);
    }
  });

  it('rejects other types', () => {
    expect(isNumeric(null)).toBe(false);
    expect(isNumeric(undefined)).toBe(false);
    expect(isNumeric(true)).toBe(false);
    expect(isNumeric([1])).toBe(false);
    expect(isNumeric(10n)).toBe(false);
  });

  it('agrees with the printed form of any finite number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(isNumeric(String(n))).toBe(true);
      }),
    );
  });
});

describe('cleanFilter', () => {
  it('removes every % and keeps the rest', () => {
    expect(cleanFilter('50% off')).toBe('50 off');
    expect(cleanFilter('%%a%b%')).toBe('ab');
    expect(cleanFilter('plain')).toBe('plain');
  });
});

describe('stripUrlQuery', () => {
  it('drops everything from the question mark on', () => {
    expect(stripUrlQuery('https://example.com/a/b?utm_source=x&y=1')).toBe('https://example.com/a/b');
    expect(stripUrlQuery('https://example.com/a?x=1#top')).toBe('https://example.com/a');
    expect(stripUrlQuery('https://example.com/?')).toBe('https://example.com/');
  });

  it('keeps URLs without a query', () => {
    expect(stripUrlQuery('https://example.com/a')).toBe('https://example.com/a');
    expect(stripUrlQuery('https://example.com/a#what?')).toBe('https://example.com/a#what?');
  });
});

describe('shortenLink', () => {
  const long = 'https://www.example.com/courses/safety-basics/lesson-12/video.mp4';

  it('leaves links of up to 50 characters alone', () => {
    const exactly50 = 'https://example.com/' + 'a'.repeat(30);
    expect(exactly50).toHaveLength(50);
    expect(shortenLink(exactly50)).toBe(exactly50);
    expect(shortenLink('https://example.com')).toBe('https://example.com');
  });

  it('cuts the middle of a longer link to exactly 50 characters', () => {
    const short = shortenLink(long);
    expect(short).toBe('https://www.example.com/c…sics/lesson-12/video.mp4');
    expect(textLength(short)).toBe(LINK_MAX_LENGTH);
    expect(short.startsWith(long.slice(0, 25))).toBe(true);
    expect(short.endsWith(long.slice(-24))).toBe(true);
    expect(short.slice(25, 26)).toBe(ELLIPSIS);
  });

  it('can drop the query before measuring', () => {
    const withQuery = 'https://example.com/page?utm_source=newsletter&utm_medium=email&utm_campaign=q3';
    expect(shortenLink(withQuery, { stripQuery: true })).toBe('https://example.com/page');
    expect(textLength(shortenLink(withQuery))).toBe(50);
  });

  it('honours another limit and never splits an emoji', () => {
    expect(shortenLink('abcdefghij', { maxLength: 5 })).toBe('ab…ij');
    expect(shortenLink('abcdefghij', { maxLength: 1 })).toBe('…');
    expect(shortenLink('😀😀😀😀😀😀', { maxLength: 5 })).toBe('😀😀…😀😀');
    expect(() => shortenLink('abc', { maxLength: 0 })).toThrow(RangeError);
  });

  it('never exceeds the limit and keeps both ends of the link', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200, unit: 'grapheme-ascii' }),
        fc.integer({ min: 2, max: 80 }),
        (link, max) => {
          const short = shortenLink(link, { maxLength: max });
          expect(textLength(short)).toBeLessThanOrEqual(max);
          if (textLength(link) <= max) {
            expect(short).toBe(link);
          } else {
            expect(textLength(short)).toBe(max);
            expect(short).toContain(ELLIPSIS);
            expect(link.startsWith(short.slice(0, short.indexOf(ELLIPSIS)))).toBe(true);
            expect(link.endsWith(short.slice(short.indexOf(ELLIPSIS) + 1))).toBe(true);
          }
        },
      ),
    );
  });
});

describe('text limit', () => {
  it('allows 256 characters and refuses 257', () => {
    expect(TEXT_LIMIT).toBe(256);
    expect(isWithinTextLimit('a'.repeat(256))).toBe(true);
    expect(isWithinTextLimit('a'.repeat(257))).toBe(false);
    expect(isWithinTextLimit('')).toBe(true);
  });

  it('counts an emoji as one character', () => {
    const emojis = '😀'.repeat(256);
    expect(emojis.length).toBe(512);
    expect(isWithinTextLimit(emojis)).toBe(true);
    expect(isWithinTextLimit(emojis + 'a')).toBe(false);
  });

  it('accepts another limit', () => {
    expect(isWithinTextLimit('abcd', 3)).toBe(false);
    expect(isWithinTextLimit('abc', 3)).toBe(true);
  });
});
