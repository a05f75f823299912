import type { LanguageCode } from '@trilha/contracts/session';
import type { AdminSurvey, SurveyBody, SurveyQuestionKind } from '@trilha/contracts/surveys';
import { isChoiceKind } from '@trilha/contracts/surveys';

export type Texts = Record<LanguageCode, string>;
export interface QuestionDraft {
  kind: SurveyQuestionKind;
  text: Texts;
  required: boolean;
  options: Texts[];
}
export interface SurveyDraft {
  title: Texts;
  description: Texts;
  startsAt: string;
  endsAt: string;
  published: boolean;
  mandatory: boolean;
  areaIds: string[];
  groupIds: string[];
  countryIds: string[];
  roles: string[];
  ownerIds: number[];
  questions: QuestionDraft[];
}

export const blank = (): Texts => ({ 'pt-BR': '', 'en-US': '', es: '', fr: '' });

/** A `datetime-local` value (local time, to the minute) of an ISO instant. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const newQuestion = (kind: SurveyQuestionKind = 'alternative'): QuestionDraft => ({
  kind,
  text: blank(),
  required: true,
  options: isChoiceKind(kind) ? [blank(), blank()] : [],
});

export function emptyDraft(now = new Date()): SurveyDraft {
  const week = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  return {
    title: blank(),
    description: blank(),
    startsAt: toLocalInput(now.toISOString()),
    endsAt: toLocalInput(week.toISOString()),
    published: false,
    mandatory: false,
    areaIds: [],
    groupIds: [],
    countryIds: [],
    roles: [],
    ownerIds: [],
    questions: [newQuestion()],
  };
}

export function draftOf(s: AdminSurvey): SurveyDraft {
  return {
    title: { ...s.title },
    description: { ...s.description },
    startsAt: toLocalInput(s.startsAt),
    endsAt: toLocalInput(s.endsAt),
    published: s.published,
    mandatory: s.mandatory,
    areaIds: s.audience.areaIds.map(String),
    groupIds: s.audience.groupIds.map(String),
    countryIds: s.audience.countryIds.map(String),
    roles: [...s.audience.roles],
    ownerIds: [...s.ownerIds],
    questions: s.questions.map((q) => ({
      kind: q.kind,
      text: { ...q.text },
      required: q.required,
      options: q.options.map((o) => ({ ...o.text })),
    })),
  };
}

/** The body the API checks: local date-times become instants, options only for the choice kinds. */
export function bodyOf(d: SurveyDraft): SurveyBody {
  const instant = (local: string) => {
    const t = new Date(local);
    return Number.isNaN(t.getTime()) ? local : t.toISOString();
  };
  return {
    title: d.title,
    description: d.description,
    startsAt: instant(d.startsAt),
    endsAt: instant(d.endsAt),
    published: d.published,
    mandatory: d.mandatory,
    audience: {
      areaIds: d.areaIds.map(Number),
      groupIds: d.groupIds.map(Number),
      countryIds: d.countryIds.map(Number),
      roles: d.roles as NonNullable<NonNullable<SurveyBody['audience']>['roles']>,
    },
    ownerIds: d.ownerIds,
    questions: d.questions.map((q) => ({
      kind: q.kind,
      text: q.text,
      required: q.required,
      options: isChoiceKind(q.kind) ? q.options.map((text) => ({ text })) : [],
    })),
  };
}

/** The survey as a learner in that language would see it (blank texts fall back to pt-BR). */
export function previewOf(d: SurveyDraft, lang: LanguageCode) {
  const pick = (t: Texts) => (t[lang] || t['pt-BR']).trim();
  return {
    title: pick(d.title),
    description: pick(d.description),
    questions: d.questions.map((q) => ({
      kind: q.kind,
      text: pick(q.text),
      required: q.required,
      options: isChoiceKind(q.kind) ? q.options.map(pick) : [],
    })),
  };
}
