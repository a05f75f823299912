import { describe, expect, it } from 'vitest';
import { emptyValues, formPath, toBody, validate } from './question-values';

describe("the question editor's values", () => {
  it('sends only the chosen kind’s parts', () => {
    const v = { ...emptyValues(), kind: 'numeric' as const, stem: 'Quanto é 2 + 2?', value: 4, tolerance: 0 };
    const body = toBody(v);
    expect(body).toMatchObject({ kind: 'numeric', answer: { mode: 'value', value: 4, tolerance: 0 } });
    expect(body).not.toHaveProperty('options');
  });

  it('puts the contract’s per-kind codes on the editor’s fields', () => {
    const range = {
      ...emptyValues(),
      kind: 'numeric' as const,
      stem: 'x',
      numericMode: 'range' as const,
      min: 5,
      max: 1,
    };
    expect(validate(range)).toContainEqual({ path: 'answer', message: 'ASSESSMENT_NUMERIC_RANGE_INVALID' });
    const ordering = { ...emptyValues(), kind: 'ordering' as const, stem: 'x', items: [{ text: 'a' }] };
    expect(validate(ordering)).toContainEqual({ path: 'items', message: 'ASSESSMENT_ITEMS_TOO_FEW' });
    expect(formPath(['items', 1])).toBe('items.1.text');
    expect(formPath(['answer', 'tolerance'])).toBe('tolerance');
    expect(formPath(['media', 'url'])).toBe('mediaUrl');
    expect(formPath(['media', 'alt'])).toBe('mediaAlt');
  });

  it('keeps an image’s description, and none for other media', () => {
    const base = {
      ...emptyValues(),
      kind: 'essay' as const,
      stem: 'x',
      mediaUrl: '/api/media/question-images/1-a',
    };
    expect(toBody({ ...base, mediaKind: 'image', mediaAlt: '  Uma vitrine  ' }).media).toEqual({
      kind: 'image',
      url: '/api/media/question-images/1-a',
      alt: 'Uma vitrine',
    });
    expect(toBody({ ...base, mediaKind: 'image', mediaAlt: ' ' }).media).toEqual({
      kind: 'image',
      url: '/api/media/question-images/1-a',
    });
    expect(
      toBody({ ...base, mediaKind: 'video', mediaUrl: 'https://v.example/a', mediaAlt: 'x' }).media,
    ).toEqual({
      kind: 'video',
      url: 'https://v.example/a',
    });
  });

  it('leaves out a language without a stem, and a half-translated list of options', () => {
    const v = {
      ...emptyValues(),
      stem: 'Qual?',
      options: [
        { text: 'Sim', correct: true, weight: 0, feedback: '' },
        { text: 'Não', correct: false, weight: 0, feedback: '' },
      ],
      translations: {
        'en-US': {
          stem: 'Which?',
          generalFeedback: '',
          options: [
            { text: 'Yes', feedback: '' },
            { text: '', feedback: '' },
          ],
        },
        es: { stem: '', generalFeedback: 'nada' },
        fr: {
          stem: 'Laquelle ?',
          generalFeedback: '',
          options: [
            { text: 'Oui', feedback: '' },
            { text: 'Non', feedback: '' },
          ],
        },
      },
    };
    const body = toBody(v);
    expect(body.translations).toEqual({
      'en-US': { stem: 'Which?', generalFeedback: '' },
      fr: {
        stem: 'Laquelle ?',
        generalFeedback: '',
        options: [
          { text: 'Oui', feedback: '' },
          { text: 'Non', feedback: '' },
        ],
      },
    });
    expect(validate(v)).toEqual([]);
  });
});
