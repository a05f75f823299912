import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { countries } from '../../db/schema/core';
import { surveyAnswers, surveyResponses, surveys } from '../../db/schema/surveys';
import { tenantScope } from '../../db/tenant-scope';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyValues = Omit<SurveyRow, 'id' | 'clientId' | 'createdBy' | 'createdAt' | 'updatedAt'>;

/** Who is asking, for the audience test: the learning catalog's facts about a viewer. */
export interface SurveyViewer {
  userId: number;
  roles: readonly string[];
  countryId: number | null;
  areaIds: readonly number[];
  groupIds: readonly number[];
}

const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;

/** The audience test of the learning catalog (learning/viewer.ts `visibleTo`), on a survey row. */
const inAudience = (v: SurveyViewer) => sql`
  (cardinality(${surveys.audienceAreaIds}) = 0 or ${surveys.audienceAreaIds} && ${intArray(v.areaIds)}::int[])
  and (cardinality(${surveys.audienceGroupIds}) = 0 or ${surveys.audienceGroupIds} && ${intArray(v.groupIds)}::int[])
  and (cardinality(${surveys.audienceCountryIds}) = 0 or ${v.countryId ?? 0} = any(${surveys.audienceCountryIds}))
  and (cardinality(${surveys.audienceRoles}) = 0 or ${surveys.audienceRoles} && ${textArray(v.roles)}::text[])`;

const isOpen = (at: Date) =>
  sql`${surveys.published} and ${surveys.startsAt} <= ${at.toISOString()} and ${surveys.endsAt} > ${at.toISOString()}`;

/** One client's surveys, their responses and answers. */
export function createSurveysRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);
  // The outer column spelled out: inside the subqueries a bare "id" would be the response's own.
  const outerId = sql.raw('"surveys"."id"');
  const responseCount = sql<number>`(select count(*)::int from ${surveyResponses} r
    where r.survey_id = ${outerId} and r.client_id = ${clientId})`;
  const answeredBy = (userId: number) => sql<boolean>`exists (select 1 from ${surveyResponses} r
    where r.survey_id = ${outerId} and r.user_id = ${userId} and r.client_id = ${clientId})`;

  return {
    async page(page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(surveys).where(scope.where(surveys));
      const rows = await db
        .select({ survey: surveys, responses: responseCount })
        .from(surveys)
        .where(scope.where(surveys))
        .orderBy(desc(surveys.startsAt), desc(surveys.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The surveys owned by a user, or every survey of the client (`all`), newest first, at most 200. */
    async owned(userId: number, all: boolean) {
      return db
        .select({ survey: surveys, responses: responseCount })
        .from(surveys)
        .where(scope.where(surveys, all ? undefined : sql`${userId} = any(${surveys.ownerIds})`))
        .orderBy(desc(surveys.startsAt), desc(surveys.id))
        .limit(200);
    },

    async findOr404(id: number) {
      return scope.findOr404(surveys, id);
    },

    async responses(id: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(surveyResponses)
        .where(scope.where(surveyResponses, eq(surveyResponses.surveyId, id)));
      return Number(row?.n ?? 0);
    },

    async create(values: SurveyValues, createdBy: number) {
      const [row] = await db
        .insert(surveys)
        .values(scope.row({ ...values, createdBy }))
        .returning({ id: surveys.id });
      return row!.id;
    },

    async update(id: number, values: SurveyValues) {
      await db
        .update(surveys)
        .set({ ...values, updatedAt: new Date() })
        .where(scope.byId(surveys, id));
    },

    async remove(id: number) {
      await db.delete(surveys).where(scope.byId(surveys, id));
    },

    /** How many of these country ids exist (countries are the platform's, not a client's). */
    async knownCountries(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(countries)
        .where(inArray(countries.id, [...ids]));
      return Number(row?.n ?? 0);
    },

    /** The surveys open to a viewer now, with whether they answered each. */
    async openTo(v: SurveyViewer, at: Date) {
      return db
        .select({ survey: surveys, answered: answeredBy(v.userId) })
        .from(surveys)
        .where(scope.where(surveys, isOpen(at), inAudience(v)))
        .orderBy(desc(surveys.mandatory), asc(surveys.endsAt), asc(surveys.id))
        .limit(100);
    },

    /** A published survey of the viewer's audience (open or not), with whether they answered it. */
    async visibleTo(v: SurveyViewer, id: number) {
      const [row] = await db
        .select({ survey: surveys, answered: answeredBy(v.userId) })
        .from(surveys)
        .where(scope.where(surveys, eq(surveys.id, id), sql`${surveys.published}`, inAudience(v)));
      return row;
    },

    /**
     * The first open, mandatory survey of the viewer's audience they have not answered: one query on the
     * partial index of published mandatory surveys.
     */
    async mandatoryFor(v: SurveyViewer, at: Date): Promise<number | null> {
      const [row] = await db
        .select({ id: surveys.id })
        .from(surveys)
        .where(
          scope.where(
            surveys,
            sql`${surveys.mandatory}`,
            isOpen(at),
            inAudience(v),
            sql`not ${answeredBy(v.userId)}`,
          ),
        )
        .orderBy(asc(surveys.startsAt), asc(surveys.id))
        .limit(1);
      return row?.id ?? null;
    },

    /** The user's response, or undefined when they already have one (the unique pair decides, once). */
    async createResponse(surveyId: number, userId: number): Promise<number | undefined> {
      const [row] = await db
        .insert(surveyResponses)
        .values(scope.row({ surveyId, userId }))
        .onConflictDoNothing()
        .returning({ id: surveyResponses.id });
      return row?.id;
    },

    async addAnswers(
      surveyId: number,
      responseId: number,
      answers: { questionIndex: number; optionIndexes: number[]; text: string }[],
    ) {
      if (answers.length === 0) return;
      await db.insert(surveyAnswers).values(answers.map((a) => scope.row({ ...a, surveyId, responseId })));
    },

    /** Per question: how many answered it, how many wrote a text, and per option how many chose it. */
    async tallies(surveyId: number) {
      const perQuestion = rowsOf<{ question_index: number; answered: number; texts: number }>(
        await db.execute(sql`
          select question_index, count(*)::int as answered, count(*) filter (where text <> '')::int as texts
          from ${surveyAnswers} where client_id = ${clientId} and survey_id = ${surveyId}
          group by question_index`),
      );
      const perOption = rowsOf<{ question_index: number; option_index: number; n: number }>(
        await db.execute(sql`
          select a.question_index, o.option_index, count(*)::int as n
          from ${surveyAnswers} a, unnest(a.option_indexes) as o(option_index)
          where a.client_id = ${clientId} and a.survey_id = ${surveyId}
          group by a.question_index, o.option_index`),
      );
      return { perQuestion, perOption };
    },

    /** The texts written for a question, oldest first, paged. */
    async texts(surveyId: number, questionIndex: number, page: number, pageSize: number) {
      const written = [
        eq(surveyAnswers.surveyId, surveyId),
        eq(surveyAnswers.questionIndex, questionIndex),
        sql`${surveyAnswers.text} <> ''`,
      ];
      const [total] = await db
        .select({ n: count() })
        .from(surveyAnswers)
        .where(scope.where(surveyAnswers, ...written));
      const rows = await db
        .select({ text: surveyAnswers.text, answeredAt: surveyAnswers.createdAt })
        .from(surveyAnswers)
        .where(scope.where(surveyAnswers, ...written))
        .orderBy(asc(surveyAnswers.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Every response with its answers, for the CSV (bounded by the caller). */
    async responsesForExport(surveyId: number, limit: number) {
      return db
        .select({
          responseId: surveyResponses.id,
          answeredAt: surveyResponses.createdAt,
          questionIndex: surveyAnswers.questionIndex,
          optionIndexes: surveyAnswers.optionIndexes,
          text: surveyAnswers.text,
        })
        .from(surveyResponses)
        .leftJoin(
          surveyAnswers,
          and(eq(surveyAnswers.responseId, surveyResponses.id), eq(surveyAnswers.clientId, clientId)),
        )
        .where(
          and(
            scope.where(surveyResponses, eq(surveyResponses.surveyId, surveyId)),
            sql`${surveyResponses.id} in (select id from ${surveyResponses} r2
              where r2.client_id = ${clientId} and r2.survey_id = ${surveyId} order by r2.id limit ${limit})`,
          ),
        )
        .orderBy(asc(surveyResponses.id), asc(surveyAnswers.questionIndex));
    },
  };
}
export type SurveysRepo = ReturnType<typeof createSurveysRepo>;
