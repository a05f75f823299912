import { z } from 'zod';
import { serialId, serialIdParam, text } from '../primitives';

/**
 * The question bank (docs/assessments.md). A question's structure (which option is right, the pairs, the
 * numeric answer) and its pt-BR texts are the body's fields; `translations` holds the same texts in
 * en-US, es and fr, position by position, and a language left out falls back to pt-BR.
 */

export const questionKinds = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'matching',
  'ordering',
  'numeric',
  'short_answer',
  'essay',
] as const;
export const questionKind = z.enum(questionKinds);
export type QuestionKind = z.infer<typeof questionKind>;

/** Bounds of every part of a question. */
export const questionLimits = {
  title: 200,
  stem: 5_000,
  feedback: 2_000,
  option: 1_000,
  options: 20,
  pair: 500,
  item: 500,
  answer: 200,
  answers: 20,
  tags: 10,
  tag: 40,
  points: 1_000,
  url: 2_000,
  /** Numeric answers stay well inside a double's exact integers. */
  number: 1e12,
} as const;

const L = questionLimits;
const stem = text().trim().min(1).max(L.stem);
const feedback = text().trim().max(L.feedback).default('');
const finite = z.number().min(-L.number).max(L.number);

const choiceOption = z.object({
  text: text().trim().min(1).max(L.option),
  correct: z.boolean().default(false),
  feedback,
});
/** A multiple-answer option: its weight in percent of the points (negative for a wrong one). */
const weightedOption = z.object({
  text: text().trim().min(1).max(L.option),
  weight: z.number().min(-100).max(100),
  feedback,
});
const pair = z.object({
  left: text().trim().min(1).max(L.pair),
  right: text().trim().min(1).max(L.pair),
});

export const numericAnswer = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('value'), value: finite, tolerance: z.number().min(0).max(L.number) }),
  z.object({ mode: z.literal('range'), min: finite, max: finite }),
]);
export type NumericAnswer = z.infer<typeof numericAnswer>;

/** What each kind needs, beside the common fields. */
const kindParts = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single_choice'), options: z.array(choiceOption).max(L.options) }),
  z.object({ kind: z.literal('multiple_choice'), options: z.array(weightedOption).max(L.options) }),
  z.object({
    kind: z.literal('true_false'),
    answer: z.boolean(),
    /** Shown to whoever answers "true", and to whoever answers "false". */
    feedbackTrue: feedback,
    feedbackFalse: feedback,
  }),
  z.object({ kind: z.literal('matching'), pairs: z.array(pair).max(L.options) }),
  /** Items in their right order; the learner gets them shuffled. */
  z.object({ kind: z.literal('ordering'), items: z.array(text().trim().min(1).max(L.item)).max(L.options) }),
  z.object({ kind: z.literal('numeric'), answer: numericAnswer }),
  z.object({
    kind: z.literal('short_answer'),
    answers: z.array(text().trim().min(1).max(L.answer)).max(L.answers),
    caseSensitive: z.boolean().default(false),
  }),
  z.object({ kind: z.literal('essay') }),
]);

/** The texts of one more language, in the same positions as the pt-BR ones. */
export const questionTranslation = z.object({
  stem,
  generalFeedback: feedback,
  options: z
    .array(z.object({ text: text().trim().min(1).max(L.option), feedback }))
    .max(L.options)
    .optional(),
  pairs: z.array(pair).max(L.options).optional(),
  items: z.array(text().trim().min(1).max(L.item)).max(L.options).optional(),
  feedbackTrue: feedback.optional(),
  feedbackFalse: feedback.optional(),
});
export type QuestionTranslation = z.infer<typeof questionTranslation>;

export const questionTranslations = z
  .object({
    'en-US': questionTranslation.optional(),
    es: questionTranslation.optional(),
    fr: questionTranslation.optional(),
  })
  .default({});

/** An image uploaded through the storage port, or a video or audio address. */
export const questionMedia = z.object({
  kind: z.enum(['image', 'video', 'audio']),
  url: text()
    .trim()
    .max(L.url)
    .refine((u) => /^https:\/\/[^\s]+$/.test(u) || /^\/api\/media\/[\w./-]+$/.test(u), {
      message: 'ASSESSMENT_MEDIA_URL_INVALID',
    }),
  /** What an image shows, read aloud by screen readers in its place (empty: decorative). */
  alt: text().trim().max(300).optional(),
});
export type QuestionMedia = z.infer<typeof questionMedia>;

/** POST /api/admin/question-bank/images: the address to put in `media.url` (kind `image`). */
export const questionImageResponse = z.object({ url: z.string() });
export type QuestionImageResponse = z.infer<typeof questionImageResponse>;

const common = z.object({
  categoryId: serialId().nullable().default(null),
  /** GIFT's ::title::, shown in the bank's list only. */
  title: text().trim().max(L.title).default(''),
  stem,
  generalFeedback: feedback,
  points: z.number().min(0).max(L.points).default(1),
  tags: z
    .array(text().trim().min(1).max(L.tag))
    .max(L.tags)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  media: questionMedia.nullable().default(null),
  translations: questionTranslations,
});

type Issue = { path: (string | number)[]; message: string };

/** The rules of each kind; each failure names its field and its error code. */
export function kindIssues(q: z.infer<typeof kindParts>): Issue[] {
  const issues: Issue[] = [];
  switch (q.kind) {
    case 'single_choice':
      if (q.options.length < 2) issues.push({ path: ['options'], message: 'ASSESSMENT_OPTIONS_TOO_FEW' });
      else if (q.options.filter((o) => o.correct).length !== 1)
        issues.push({ path: ['options'], message: 'ASSESSMENT_SINGLE_CHOICE_ONE_CORRECT' });
      break;
    case 'multiple_choice': {
      if (q.options.length < 2) {
        issues.push({ path: ['options'], message: 'ASSESSMENT_OPTIONS_TOO_FEW' });
        break;
      }
      const positive = q.options.filter((o) => o.weight > 0);
      const sum = positive.reduce((s, o) => s + o.weight, 0);
      if (positive.length === 0)
        issues.push({ path: ['options'], message: 'ASSESSMENT_MULTIPLE_CHOICE_NO_CORRECT' });
      // Thirds are written 33.33333 in GIFT: a small slack keeps them whole.
      else if (Math.abs(sum - 100) > 0.01)
        issues.push({ path: ['options'], message: 'ASSESSMENT_WEIGHTS_NOT_100' });
      break;
    }
    case 'matching':
      if (q.pairs.length < 2) issues.push({ path: ['pairs'], message: 'ASSESSMENT_PAIRS_TOO_FEW' });
      break;
    case 'ordering':
      if (q.items.length < 2) issues.push({ path: ['items'], message: 'ASSESSMENT_ITEMS_TOO_FEW' });
      break;
    case 'numeric':
      if (q.answer.mode === 'range' && q.answer.min > q.answer.max)
        issues.push({ path: ['answer'], message: 'ASSESSMENT_NUMERIC_RANGE_INVALID' });
      break;
    case 'short_answer':
      if (q.answers.length < 1) issues.push({ path: ['answers'], message: 'ASSESSMENT_ANSWERS_TOO_FEW' });
      break;
    default:
      break;
  }
  return issues;
}

/** A translation must have as many options, pairs and items as the pt-BR texts, or none of them. */
function translationIssues(
  q: z.infer<typeof kindParts>,
  translations: z.infer<typeof questionTranslations>,
): Issue[] {
  const issues: Issue[] = [];
  const counts = {
    options: 'options' in q ? q.options.length : undefined,
    pairs: 'pairs' in q ? q.pairs.length : undefined,
    items: 'items' in q ? q.items.length : undefined,
  };
  for (const [lang, t] of Object.entries(translations)) {
    if (!t) continue;
    for (const part of ['options', 'pairs', 'items'] as const) {
      const given = t[part];
      if (given !== undefined && given.length !== counts[part]) {
        issues.push({ path: ['translations', lang, part], message: 'ASSESSMENT_TRANSLATION_MISMATCH' });
      }
    }
  }
  return issues;
}

/** POST /api/admin/question-bank/questions and PUT …/questions/:id */
export const questionBody = z.intersection(common, kindParts).superRefine((q, ctx) => {
  for (const issue of [...kindIssues(q), ...translationIssues(q, q.translations)]) {
    ctx.addIssue({ code: 'custom', ...issue });
  }
});
export type QuestionBody = z.input<typeof questionBody>;
export type QuestionValues = z.output<typeof questionBody>;

export const questionParams = z.object({ id: serialIdParam() });

/** GET /api/admin/question-bank/questions */
export const questionListQuery = z.object({
  search: text().trim().max(200).optional(),
  kind: questionKind.optional(),
  categoryId: serialIdParam().optional(),
  tag: text().trim().max(L.tag).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;

/** A question as the back office reads it: the body's shape, plus its id, category and dates. */
export const question = z.intersection(
  z.object({
    id: z.number().int(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    title: z.string(),
    stem: z.string(),
    generalFeedback: z.string(),
    points: z.number(),
    tags: z.array(z.string()),
    media: z
      .object({ kind: z.enum(['image', 'video', 'audio']), url: z.string(), alt: z.string().optional() })
      .nullable(),
    translations: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  kindParts,
);
export type Question = z.infer<typeof question>;

export const questionResponse = z.object({ question });
export type QuestionResponse = z.infer<typeof questionResponse>;

export const questionList = z.object({
  questions: z.array(question),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type QuestionList = z.infer<typeof questionList>;

/** Categories */
export const questionCategoryBody = z.object({ name: text().trim().min(1).max(100) });
export type QuestionCategoryBody = z.input<typeof questionCategoryBody>;

export const questionCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  questions: z.number().int(),
});
export type QuestionCategory = z.infer<typeof questionCategory>;
export const questionCategoryList = z.object({ categories: z.array(questionCategory) });
export const questionCategoryResponse = z.object({ category: questionCategory });
