import {
  questionBody,
  type Question,
  type QuestionBody,
  type QuestionKind,
} from '@trilha/contracts/assessments/questions';

/**
 * The editor keeps every kind's parts at once, so that switching the kind back and forth does not lose
 * what was typed; `toBody` keeps only the chosen kind's parts.
 */
export interface QuestionFormValues {
  kind: QuestionKind;
  title: string;
  stem: string;
  generalFeedback: string;
  points: number;
  tags: string[];
  categoryId: string | null;
  mediaKind: 'none' | 'image' | 'video' | 'audio';
  mediaUrl: string;
  /** The image's description for screen readers. */
  mediaAlt: string;
  options: { text: string; correct: boolean; weight: number; feedback: string }[];
  answer: 'true' | 'false';
  feedbackTrue: string;
  feedbackFalse: string;
  pairs: { left: string; right: string }[];
  items: { text: string }[];
  numericMode: 'value' | 'range';
  value: number;
  tolerance: number;
  min: number;
  max: number;
  answers: { text: string }[];
  caseSensitive: boolean;
  translations: QuestionBody['translations'];
}

export const translationLanguages = ['en-US', 'es', 'fr'] as const;
type Translation = NonNullable<NonNullable<QuestionBody['translations']>['en-US']>;

const filled = (s: string | undefined) => Boolean(s?.trim());

/**
 * A language is sent only when its stem is written, and a list of options, pairs or items only when all
 * of its entries are: a half-written tab would otherwise fail the pt-BR structure check.
 */
function cleanTranslations(v: QuestionFormValues): QuestionBody['translations'] {
  const out: Record<string, Translation> = {};
  for (const lang of translationLanguages) {
    const tr = v.translations?.[lang];
    if (!tr || !filled(tr.stem)) continue;
    const kept: Translation = { stem: tr.stem, generalFeedback: tr.generalFeedback ?? '' };
    const choice = v.kind === 'single_choice' || v.kind === 'multiple_choice';
    const options = tr.options?.slice(0, v.options.length);
    if (choice && options?.length === v.options.length && options.every((o) => filled(o?.text)))
      kept.options = options.map((o) => ({ text: o.text, feedback: o.feedback ?? '' }));
    const pairs = tr.pairs?.slice(0, v.pairs.length);
    if (
      v.kind === 'matching' &&
      pairs?.length === v.pairs.length &&
      pairs.every((p) => filled(p?.left) && filled(p?.right))
    )
      kept.pairs = pairs;
    const items = tr.items?.slice(0, v.items.length);
    if (v.kind === 'ordering' && items?.length === v.items.length && items.every(filled)) kept.items = items;
    if (v.kind === 'true_false') {
      kept.feedbackTrue = tr.feedbackTrue ?? '';
      kept.feedbackFalse = tr.feedbackFalse ?? '';
    }
    out[lang] = kept;
  }
  return out;
}

const blankOption = () => ({ text: '', correct: false, weight: 0, feedback: '' });
export const newOption = blankOption;

export function emptyValues(): QuestionFormValues {
  return {
    kind: 'single_choice',
    title: '',
    stem: '',
    generalFeedback: '',
    points: 1,
    tags: [],
    categoryId: null,
    mediaKind: 'none',
    mediaUrl: '',
    mediaAlt: '',
    options: [blankOption(), blankOption()],
    answer: 'true',
    feedbackTrue: '',
    feedbackFalse: '',
    pairs: [
      { left: '', right: '' },
      { left: '', right: '' },
    ],
    items: [{ text: '' }, { text: '' }],
    numericMode: 'value',
    value: 0,
    tolerance: 0,
    min: 0,
    max: 0,
    answers: [{ text: '' }],
    caseSensitive: false,
    translations: {},
  };
}

export function fromQuestion(q: Question): QuestionFormValues {
  const v = emptyValues();
  Object.assign(v, {
    kind: q.kind,
    title: q.title,
    stem: q.stem,
    generalFeedback: q.generalFeedback,
    points: q.points,
    tags: q.tags,
    categoryId: q.categoryId === null ? null : String(q.categoryId),
    mediaKind: q.media?.kind ?? 'none',
    mediaUrl: q.media?.url ?? '',
    mediaAlt: q.media?.alt ?? '',
    translations: q.translations as QuestionBody['translations'],
  });
  switch (q.kind) {
    case 'single_choice':
      v.options = q.options.map((o) => ({ ...o, weight: 0 }));
      break;
    case 'multiple_choice':
      v.options = q.options.map((o) => ({ ...o, correct: o.weight > 0 }));
      break;
    case 'true_false':
      v.answer = q.answer ? 'true' : 'false';
      v.feedbackTrue = q.feedbackTrue;
      v.feedbackFalse = q.feedbackFalse;
      break;
    case 'matching':
      v.pairs = q.pairs;
      break;
    case 'ordering':
      v.items = q.items.map((text) => ({ text }));
      break;
    case 'numeric':
      v.numericMode = q.answer.mode;
      if (q.answer.mode === 'value')
        Object.assign(v, { value: q.answer.value, tolerance: q.answer.tolerance });
      else Object.assign(v, { min: q.answer.min, max: q.answer.max });
      break;
    case 'short_answer':
      v.answers = q.answers.map((text) => ({ text }));
      v.caseSensitive = q.caseSensitive;
      break;
    default:
      break;
  }
  return v;
}

export function toBody(v: QuestionFormValues): QuestionBody {
  const common = {
    title: v.title,
    stem: v.stem,
    generalFeedback: v.generalFeedback,
    points: v.points,
    tags: v.tags,
    categoryId: v.categoryId === null ? null : Number(v.categoryId),
    media:
      v.mediaKind === 'none' || !v.mediaUrl.trim()
        ? null
        : v.mediaKind === 'image' && v.mediaAlt.trim()
          ? { kind: v.mediaKind, url: v.mediaUrl, alt: v.mediaAlt.trim() }
          : { kind: v.mediaKind, url: v.mediaUrl },
    translations: cleanTranslations(v),
  };
  switch (v.kind) {
    case 'single_choice':
      return {
        ...common,
        kind: v.kind,
        options: v.options.map(({ text, correct, feedback }) => ({ text, correct, feedback })),
      };
    case 'multiple_choice':
      return {
        ...common,
        kind: v.kind,
        options: v.options.map(({ text, weight, feedback }) => ({ text, weight, feedback })),
      };
    case 'true_false':
      return {
        ...common,
        kind: v.kind,
        answer: v.answer === 'true',
        feedbackTrue: v.feedbackTrue,
        feedbackFalse: v.feedbackFalse,
      };
    case 'matching':
      return { ...common, kind: v.kind, pairs: v.pairs };
    case 'ordering':
      return { ...common, kind: v.kind, items: v.items.map((i) => i.text) };
    case 'numeric':
      return {
        ...common,
        kind: v.kind,
        answer:
          v.numericMode === 'value'
            ? { mode: 'value', value: v.value, tolerance: v.tolerance }
            : { mode: 'range', min: v.min, max: v.max },
      };
    case 'short_answer':
      return {
        ...common,
        kind: v.kind,
        answers: v.answers.map((a) => a.text),
        caseSensitive: v.caseSensitive,
      };
    case 'essay':
      return { ...common, kind: v.kind };
  }
}

/** Where a path of the body's schema (or of the API's error details) lands in the editor. */
export function formPath(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  if (head === 'media') return rest[0] === 'alt' ? 'mediaAlt' : 'mediaUrl';
  if (head === 'answer' && rest.length) return rest[0] === 'tolerance' ? 'tolerance' : rest[0]!;
  if ((head === 'items' || head === 'answers') && rest.length) return `${head}.${rest[0]}.text`;
  return [head, ...rest].join('.');
}

/** The contract's check of the body: its issues as (form path, error code). */
export function validate(v: QuestionFormValues) {
  const result = questionBody.safeParse(toBody(v));
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: formPath(issue.path), message: issue.message }));
}
