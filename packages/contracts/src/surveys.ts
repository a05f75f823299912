import { z } from 'zod';
import { serialId, serialIdParam, text } from './primitives';
import { languageCodes } from './session';
import { audienceBody } from './learning/audience';

/**
 * Surveys (docs/surveys.md). A survey's texts are given per language: pt-BR is required, en-US, es and fr
 * are optional and fall back to pt-BR. Questions and their options are addressed by position; once a
 * survey has answers its questions keep their kinds and options (only texts may change).
 *
 *   Back office (learning.author):
 *   GET    /api/admin/surveys                     surveyListQuery     → adminSurveyList
 *   POST   /api/admin/surveys                     surveyBody          → adminSurveyResponse
 *   GET    /api/admin/surveys/:id                                     → adminSurveyResponse
 *   PUT    /api/admin/surveys/:id                 surveyBody          → adminSurveyResponse
 *   DELETE /api/admin/surveys/:id                                     → ok
 *   Results (the survey's owners, and whoever has learning.reports):
 *   GET    /api/surveys/owned                                        → ownedSurveyList
 *   GET    /api/surveys/:id/results                                   → surveyResults
 *   GET    /api/surveys/:id/results/essays        essayListQuery      → essayList
 *   GET    /api/surveys/:id/results.csv                               → text/csv
 *   Learner (any member of the client, within the survey's audience):
 *   GET    /api/surveys                                               → learnerSurveyList
 *   GET    /api/surveys/:id                                           → learnerSurveyResponse
 *   POST   /api/surveys/:id/answers               answerBody          → ok
 */

export const surveyQuestionKinds = [
  'alternative',
  'alternative_justified',
  'multiple_choice',
  'multiple_choice_justified',
  'essay',
] as const;
export const surveyQuestionKind = z.enum(surveyQuestionKinds);
export type SurveyQuestionKind = z.infer<typeof surveyQuestionKind>;

/** Kinds whose answer is a choice among options. */
export const choiceKinds: readonly SurveyQuestionKind[] = [
  'alternative',
  'alternative_justified',
  'multiple_choice',
  'multiple_choice_justified',
];
/** Kinds whose answer carries a justification beside the choice. */
export const justifiedKinds: readonly SurveyQuestionKind[] = [
  'alternative_justified',
  'multiple_choice_justified',
];
export const isChoiceKind = (kind: SurveyQuestionKind) => choiceKinds.includes(kind);

export const surveyLimits = {
  title: 200,
  description: 5_000,
  question: 1_000,
  option: 500,
  options: 20,
  questions: 50,
  owners: 50,
  justification: 1_000,
  essay: 5_000,
} as const;
const L = surveyLimits;

/** Texts per language: pt-BR required, the others optional (blank = pt-BR's). */
const localized = (max: number, required = true) =>
  z.object({
    'pt-BR': required ? text().trim().min(1).max(max) : text().trim().max(max).default(''),
    'en-US': text().trim().max(max).default(''),
    es: text().trim().max(max).default(''),
    fr: text().trim().max(max).default(''),
  });
export const localizedText = localized(L.description, false);
export type LocalizedText = z.output<typeof localizedText>;
export const surveyLanguages = languageCodes;

export const surveyQuestionBody = z
  .object({
    kind: surveyQuestionKind,
    text: localized(L.question),
    required: z.boolean().default(true),
    options: z
      .array(z.object({ text: localized(L.option) }))
      .max(L.options)
      .default([]),
  })
  .superRefine((q, ctx) => {
    if (isChoiceKind(q.kind) && q.options.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'SURVEY_OPTIONS_TOO_FEW' });
    }
    if (!isChoiceKind(q.kind) && q.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'SURVEY_ESSAY_HAS_OPTIONS' });
    }
  });
export type SurveyQuestionBody = z.input<typeof surveyQuestionBody>;
export type SurveyQuestion = z.output<typeof surveyQuestionBody>;

const isoDate = z.iso.datetime({ offset: true });

/** POST and PUT /api/admin/surveys */
export const surveyBody = z
  .object({
    title: localized(L.title),
    description: localized(L.description, false).default({ 'pt-BR': '', 'en-US': '', es: '', fr: '' }),
    mandatory: z.boolean().default(false),
    published: z.boolean().default(false),
    startsAt: isoDate,
    endsAt: isoDate,
    audience: audienceBody.default({ areaIds: [], groupIds: [], countryIds: [], roles: [] }),
    ownerIds: z.array(serialId()).max(L.owners).default([]),
    questions: z.array(surveyQuestionBody).min(1).max(L.questions),
  })
  .superRefine((s, ctx) => {
    if (Date.parse(s.endsAt) <= Date.parse(s.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'SURVEY_DATES_INVALID' });
    }
  });
export type SurveyBody = z.input<typeof surveyBody>;
export type SurveyValues = z.output<typeof surveyBody>;

export const surveyParams = z.object({ id: serialIdParam() });

const timestamp = z.string();

/** A survey as the back office sees it. */
export const adminSurvey = z.object({
  id: z.number().int(),
  title: localized(L.title),
  description: localized(L.description, false),
  mandatory: z.boolean(),
  published: z.boolean(),
  startsAt: timestamp,
  endsAt: timestamp,
  audience: z.object({
    areaIds: z.array(z.number().int()),
    groupIds: z.array(z.number().int()),
    countryIds: z.array(z.number().int()),
    roles: z.array(z.string()),
  }),
  ownerIds: z.array(z.number().int()),
  questions: z.array(
    z.object({
      kind: surveyQuestionKind,
      text: localized(L.question),
      required: z.boolean(),
      options: z.array(z.object({ text: localized(L.option) })),
    }),
  ),
  responses: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AdminSurvey = z.infer<typeof adminSurvey>;
export const adminSurveyResponse = z.object({ survey: adminSurvey });

export const surveyListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type SurveyListQuery = z.infer<typeof surveyListQuery>;
export const adminSurveyList = z.object({
  surveys: z.array(adminSurvey),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminSurveyList = z.infer<typeof adminSurveyList>;

/** A survey as a learner answers it: texts in the learner's language, no audience or owners. */
export const learnerSurvey = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  mandatory: z.boolean(),
  startsAt: timestamp,
  endsAt: timestamp,
  answered: z.boolean(),
  questions: z.array(
    z.object({
      kind: surveyQuestionKind,
      text: z.string(),
      required: z.boolean(),
      options: z.array(z.string()),
    }),
  ),
});
export type LearnerSurvey = z.infer<typeof learnerSurvey>;
export const learnerSurveyResponse = z.object({ survey: learnerSurvey });
export const learnerSurveyList = z.object({
  surveys: z.array(learnerSurvey.omit({ questions: true })),
});
export type LearnerSurveyList = z.infer<typeof learnerSurveyList>;

/** GET /api/surveys/owned: the surveys whose results the caller may read (owned, or all with learning.reports). */
export const ownedSurveyList = z.object({
  surveys: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      startsAt: timestamp,
      endsAt: timestamp,
      published: z.boolean(),
      mandatory: z.boolean(),
      responses: z.number().int(),
    }),
  ),
});
export type OwnedSurveyList = z.infer<typeof ownedSurveyList>;

/** One question's answer: options by position (choice kinds), text (essay or justification). */
export const surveyAnswer = z.object({
  question: z
    .number()
    .int()
    .min(0)
    .max(L.questions - 1),
  options: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(L.options - 1),
    )
    .max(L.options)
    .default([]),
  text: text().trim().max(L.essay).default(''),
});
export type SurveyAnswer = z.output<typeof surveyAnswer>;
/** POST /api/surveys/:id/answers */
export const answerBody = z.object({ answers: z.array(surveyAnswer).max(L.questions) });
export type AnswerBody = z.input<typeof answerBody>;

/** GET /api/surveys/:id/results */
export const surveyResults = z.object({
  survey: z.object({ id: z.number().int(), title: z.string() }),
  responses: z.number().int(),
  questions: z.array(
    z.object({
      index: z.number().int(),
      kind: surveyQuestionKind,
      text: z.string(),
      answered: z.number().int(),
      options: z.array(z.object({ text: z.string(), count: z.number().int() })),
      texts: z.number().int(),
    }),
  ),
});
export type SurveyResults = z.infer<typeof surveyResults>;

export const essayListParams = surveyParams;
export const essayListQuery = z.object({
  question: z.coerce
    .number()
    .int()
    .min(0)
    .max(L.questions - 1)
    .default(0),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type EssayListQuery = z.infer<typeof essayListQuery>;
export const essayList = z.object({
  texts: z.array(z.object({ text: z.string(), answeredAt: timestamp })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EssayList = z.infer<typeof essayList>;
