import {
  isChoiceKind,
  justifiedKinds,
  surveyBody,
  type AdminSurvey,
  type AdminSurveyList,
  type AnswerBody,
  type EssayList,
  type EssayListQuery,
  type LearnerSurvey,
  type LearnerSurveyList,
  type LocalizedText,
  type OwnedSurveyList,
  type SurveyBody,
  type SurveyListQuery,
  type SurveyQuestion,
  type SurveyResults,
  type SurveyValues,
} from '@trilha/contracts/surveys';
import { can } from '@trilha/contracts/permissions';
import type { LanguageCode } from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { fieldError, validationFailed } from '../../lib/field-errors';
import { audit } from '../audit/audit';
import { csvCell } from '../audit/audit.routes';
import { checkSurveyAnswers } from './answers';
import { createSurveysRepo, type SurveyRow, type SurveyViewer, type SurveysRepo } from './surveys.repo';

export interface Actor {
  userId: number;
  clientId: number;
}

/** Someone in the selected client: who they are and what they hold there. */
export interface SurveyMember extends SurveyViewer {
  clientId: number;
  isSuperuser: boolean;
}

/** What the surveys module needs of the others (learning's taxonomy, users' memberships, the session). */
export interface SurveysDeps {
  db: Db;
  now: () => Date;
  /** The client's audience areas and groups (learning's taxonomy). */
  taxonomy: (clientId: number) => Promise<{ areas: { id: number }[]; groups: { id: number }[] }>;
  /** Whether the user belongs to the client and is not blocked there. */
  isMember: (userId: number, clientId: number) => Promise<boolean>;
  sessions: { invalidate(userId: number): Promise<void>; invalidateEveryone(): Promise<void> };
}

/** Most responses one CSV holds. */
export const SURVEY_CSV_MAX_ROWS = 50_000;

const textIn = (t: LocalizedText, lang: LanguageCode) => (t[lang] || t['pt-BR']).trim();

function adminOf(row: SurveyRow, responses: number): AdminSurvey {
  return {
    id: row.id,
    title: row.title as AdminSurvey['title'],
    description: row.description as AdminSurvey['description'],
    mandatory: row.mandatory,
    published: row.published,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    audience: {
      areaIds: row.audienceAreaIds,
      groupIds: row.audienceGroupIds,
      countryIds: row.audienceCountryIds,
      roles: row.audienceRoles,
    },
    ownerIds: row.ownerIds,
    questions: row.questions as AdminSurvey['questions'],
    responses,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function learnerOf(row: SurveyRow, answered: boolean, lang: LanguageCode): LearnerSurvey {
  return {
    id: row.id,
    title: textIn(row.title as LocalizedText, lang),
    description: textIn(row.description as LocalizedText, lang),
    mandatory: row.mandatory,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    answered,
    questions: (row.questions as SurveyQuestion[]).map((q) => ({
      kind: q.kind,
      text: textIn(q.text, lang),
      required: q.required,
      options: q.options.map((o) => textIn(o.text, lang)),
    })),
  };
}

/** Kinds, requirement and option counts: what answers depend on, frozen once there are answers. */
const structureOf = (questions: readonly SurveyQuestion[]) =>
  JSON.stringify(questions.map((q) => [q.kind, q.options.length]));

const isOpenAt = (row: SurveyRow, at: Date) => row.published && row.startsAt <= at && row.endsAt > at;

/**
 * Surveys (docs/surveys.md): the back office writes them, learners of their audience answer each once
 * while it is open, and its owners and whoever reads the client's reports see the results.
 */
export function createSurveysService(deps: SurveysDeps) {
  const { db } = deps;

  function parseSurvey(input: SurveyBody): SurveyValues {
    const parsed = surveyBody.safeParse(input);
    if (!parsed.success) throw validationFailed(parsed.error.issues);
    return parsed.data;
  }

  async function checkRefs(repo: SurveysRepo, clientId: number, v: SurveyValues) {
    const { areas, groups } = await deps.taxonomy(clientId);
    const areaIds = new Set(areas.map((a) => a.id));
    const groupIds = new Set(groups.map((g) => g.id));
    if (v.audience.areaIds.some((id) => !areaIds.has(id))) {
      throw fieldError('audience.areaIds', 'SURVEY_AUDIENCE_INVALID');
    }
    if (v.audience.groupIds.some((id) => !groupIds.has(id))) {
      throw fieldError('audience.groupIds', 'SURVEY_AUDIENCE_INVALID');
    }
    const countries = [...new Set(v.audience.countryIds)];
    if ((await repo.knownCountries(countries)) !== countries.length) {
      throw fieldError('audience.countryIds', 'SURVEY_AUDIENCE_INVALID');
    }
    for (const ownerId of new Set(v.ownerIds)) {
      if (!(await deps.isMember(ownerId, clientId))) throw fieldError('ownerIds', 'SURVEY_OWNER_INVALID');
    }
  }

  const rowValues = (v: SurveyValues) => ({
    title: v.title,
    description: v.description,
    mandatory: v.mandatory,
    published: v.published,
    startsAt: new Date(v.startsAt),
    endsAt: new Date(v.endsAt),
    audienceAreaIds: [...new Set(v.audience.areaIds)],
    audienceGroupIds: [...new Set(v.audience.groupIds)],
    audienceCountryIds: [...new Set(v.audience.countryIds)],
    audienceRoles: [...new Set(v.audience.roles)],
    ownerIds: [...new Set(v.ownerIds)],
    questions: v.questions,
  });

  async function get(clientId: number, id: number): Promise<AdminSurvey> {
    const repo = createSurveysRepo(db, clientId);
    const row = await repo.findOr404(id);
    return adminOf(row, await repo.responses(id));
  }

  async function list(clientId: number, q: SurveyListQuery): Promise<AdminSurveyList> {
    const { rows, total } = await createSurveysRepo(db, clientId).page(q.page, q.pageSize);
    return {
      surveys: rows.map((r) => adminOf(r.survey, Number(r.responses))),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function create(actor: Actor, input: SurveyBody): Promise<AdminSurvey> {
    const values = parseSurvey(input);
    const id = await unitOfWork(db).run(async (tx) => {
      const repo = createSurveysRepo(tx, actor.clientId);
      await checkRefs(repo, actor.clientId, values);
      const created = await repo.create(rowValues(values), actor.userId);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'survey.create',
        target: { type: 'survey', id: created },
        after: values,
      });
      // A published mandatory survey changes what many sessions say.
      await deps.sessions.invalidateEveryone();
      return created;
    });
    return get(actor.clientId, id);
  }

  async function update(actor: Actor, id: number, input: SurveyBody): Promise<AdminSurvey> {
    const values = parseSurvey(input);
    await unitOfWork(db).run(async (tx) => {
      const repo = createSurveysRepo(tx, actor.clientId);
      const before = await repo.findOr404(id);
      await checkRefs(repo, actor.clientId, values);
      if (
        structureOf(before.questions as SurveyQuestion[]) !== structureOf(values.questions) &&
        (await repo.responses(id)) > 0
      ) {
        throw new AppError('SURVEY_HAS_RESPONSES', 409);
      }
      await repo.update(id, rowValues(values));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'survey.update',
        target: { type: 'survey', id },
        before: adminOf(before, 0),
        after: values,
      });
      await deps.sessions.invalidateEveryone();
    });
    return get(actor.clientId, id);
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    await unitOfWork(db).run(async (tx) => {
      const repo = createSurveysRepo(tx, actor.clientId);
      const before = await repo.findOr404(id);
      await repo.remove(id);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'survey.delete',
        target: { type: 'survey', id },
        before: { title: before.title, mandatory: before.mandatory, published: before.published },
      });
      await deps.sessions.invalidateEveryone();
    });
  }

  async function openTo(m: SurveyMember, lang: LanguageCode): Promise<LearnerSurveyList> {
    const rows = await createSurveysRepo(db, m.clientId).openTo(m, deps.now());
    return {
      surveys: rows.map((r) => {
        const { questions: _q, ...rest } = learnerOf(r.survey, Boolean(r.answered), lang);
        return rest;
      }),
    };
  }

  /** A survey of the member's audience; an unpublished one, or another client's, is not found. */
  async function forLearner(m: SurveyMember, id: number, lang: LanguageCode): Promise<LearnerSurvey> {
    const row = await createSurveysRepo(db, m.clientId).visibleTo(m, id);
    if (!row) throw notFound();
    return learnerOf(row.survey, Boolean(row.answered), lang);
  }

  /**
   * Keeps a member's answers, once: the response row is unique per survey and user, so a second submit,
   * however close to the first, finds it taken and changes nothing.
   */
  async function answer(m: SurveyMember, id: number, body: AnswerBody): Promise<void> {
    await unitOfWork(db).run(async (tx) => {
      const repo = createSurveysRepo(tx, m.clientId);
      const found = await repo.visibleTo(m, id);
      if (!found) throw notFound();
      if (!isOpenAt(found.survey, deps.now())) throw new AppError('SURVEY_NOT_OPEN', 409);
      const answers = checkSurveyAnswers(found.survey.questions as SurveyQuestion[], body);
      const responseId = await repo.createResponse(id, m.userId);
      if (responseId === undefined) throw new AppError('SURVEY_ALREADY_ANSWERED', 409);
      await repo.addAnswers(id, responseId, answers);
      if (found.survey.mandatory) await deps.sessions.invalidate(m.userId);
    });
  }

  /** The survey, if the member may read its results: an owner, or someone who reads the client's reports. */
  async function readable(m: SurveyMember, id: number) {
    const repo = createSurveysRepo(db, m.clientId);
    const row = await repo.findOr404(id);
    const allowed = row.ownerIds.includes(m.userId) || can(m, 'learning.reports');
    if (!allowed) throw new AppError('FORBIDDEN', 403);
    return { repo, row };
  }

  async function owned(m: SurveyMember, lang: LanguageCode): Promise<OwnedSurveyList> {
    const rows = await createSurveysRepo(db, m.clientId).owned(m.userId, can(m, 'learning.reports'));
    return {
      surveys: rows.map(({ survey: s, responses }) => ({
        id: s.id,
        title: textIn(s.title as LocalizedText, lang),
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        published: s.published,
        mandatory: s.mandatory,
        responses: Number(responses),
      })),
    };
  }

  async function results(m: SurveyMember, id: number, lang: LanguageCode): Promise<SurveyResults> {
    const { repo, row } = await readable(m, id);
    const [responses, { perQuestion, perOption }] = await Promise.all([repo.responses(id), repo.tallies(id)]);
    const questions = row.questions as SurveyQuestion[];
    return {
      survey: { id: row.id, title: textIn(row.title as LocalizedText, lang) },
      responses,
      questions: questions.map((q, index) => {
        const tally = perQuestion.find((p) => Number(p.question_index) === index);
        return {
          index,
          kind: q.kind,
          text: textIn(q.text, lang),
          answered: Number(tally?.answered ?? 0),
          texts: Number(tally?.texts ?? 0),
          options: q.options.map((o, oi) => ({
            text: textIn(o.text, lang),
            count: Number(
              perOption.find((p) => Number(p.question_index) === index && Number(p.option_index) === oi)?.n ??
                0,
            ),
          })),
        };
      }),
    };
  }

  async function essays(m: SurveyMember, id: number, q: EssayListQuery): Promise<EssayList> {
    const { repo, row } = await readable(m, id);
    if (q.question >= (row.questions as SurveyQuestion[]).length) throw notFound();
    const { rows, total } = await repo.texts(id, q.question, q.page, q.pageSize);
    return {
      texts: rows.map((r) => ({ text: r.text, answeredAt: r.answeredAt.toISOString() })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** One line per response: when, then per question the chosen options' texts and the written text. */
  async function csv(m: SurveyMember, id: number, lang: LanguageCode): Promise<string> {
    const { repo, row } = await readable(m, id);
    const questions = row.questions as SurveyQuestion[];
    const rows = await repo.responsesForExport(id, SURVEY_CSV_MAX_ROWS);
    const header = ['response', 'answered_at'];
    questions.forEach((q, i) => {
      const label = `${i + 1}. ${textIn(q.text, lang)}`;
      if (isChoiceKind(q.kind)) header.push(label);
      if (!isChoiceKind(q.kind) || justifiedKinds.includes(q.kind)) {
        header.push(isChoiceKind(q.kind) ? `${label} (+)` : label);
      }
    });
    const lines = [header.map(csvCell).join(',')];
    const byResponse = new Map<number, typeof rows>();
    for (const r of rows) byResponse.set(r.responseId, [...(byResponse.get(r.responseId) ?? []), r]);
    let n = 0;
    for (const [, answers] of byResponse) {
      n += 1;
      const cells: string[] = [String(n), answers[0]!.answeredAt.toISOString()];
      questions.forEach((q, i) => {
        const a = answers.find((x) => x.questionIndex === i);
        if (isChoiceKind(q.kind)) {
          cells.push((a?.optionIndexes ?? []).map((o) => textIn(q.options[o]!.text, lang)).join('; '));
        }
        if (!isChoiceKind(q.kind) || justifiedKinds.includes(q.kind)) cells.push(a?.text ?? '');
      });
      lines.push(cells.map(csvCell).join(','));
    }
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  async function mandatoryFor(m: SurveyMember): Promise<number | null> {
    return createSurveysRepo(db, m.clientId).mandatoryFor(m, deps.now());
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    openTo,
    forLearner,
    answer,
    owned,
    results,
    essays,
    csv,
    mandatoryFor,
  };
}
export type SurveysService = ReturnType<typeof createSurveysService>;
