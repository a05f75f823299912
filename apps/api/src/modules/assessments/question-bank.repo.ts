import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { QuestionKind } from '@trilha/contracts/assessments/questions';
import type { DbOrTx } from '../../db/client';
import { questionCategories, questions } from '../../db/schema/assessments';
import { tenantScope } from '../../db/tenant-scope';

export type QuestionRow = typeof questions.$inferSelect & { categoryName: string | null };
export type CategoryRow = typeof questionCategories.$inferSelect;

/** What a question row is written from. */
export interface QuestionValues {
  categoryId: number | null;
  kind: QuestionKind;
  title: string;
  stem: string;
  generalFeedback: string;
  points: number;
  tags: string[];
  body: unknown;
  media: unknown;
  translations: unknown;
}

export interface QuestionFilter {
  search?: string;
  kind?: QuestionKind;
  categoryId?: number;
  tag?: string;
}

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One client's question bank: its questions and their categories. */
export function createQuestionBankRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);

  const filterOf = (f: QuestionFilter): SQL =>
    scope.where(
      questions,
      f.search ? sql`${questions.stem} ilike ${`%${likeLiteral(f.search)}%`}` : undefined,
      f.kind ? eq(questions.kind, f.kind) : undefined,
      f.categoryId ? eq(questions.categoryId, f.categoryId) : undefined,
      f.tag ? sql`${questions.tags} @> array[${f.tag}]::text[]` : undefined,
    );

  const selectQuestions = () =>
    db
      .select({ question: questions, categoryName: questionCategories.name })
      .from(questions)
      .leftJoin(
        questionCategories,
        and(eq(questionCategories.id, questions.categoryId), eq(questionCategories.clientId, clientId)),
      );

  const withCategory = (r: { question: typeof questions.$inferSelect; categoryName: string | null }) => ({
    ...r.question,
    categoryName: r.categoryName,
  });

  return {
    async page(f: QuestionFilter, page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(questions).where(filterOf(f));
      const rows = await selectQuestions()
        .where(filterOf(f))
        .orderBy(asc(questions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows: rows.map(withCategory), total: Number(total?.n ?? 0) };
    },

    /** At most `limit` questions (of a category, or all), by category then id, for an export. */
    async forExport(categoryId: number | undefined, limit: number): Promise<QuestionRow[]> {
      const rows = await selectQuestions()
        .where(filterOf({ categoryId }))
        .orderBy(sql`${questionCategories.name} nulls first`, asc(questions.id))
        .limit(limit);
      return rows.map(withCategory);
    },

    async findOr404(id: number): Promise<QuestionRow> {
      const row = await scope.findOr404(questions, id);
      const category = row.categoryId ? await scope.find(questionCategories, row.categoryId) : undefined;
      return { ...row, categoryName: category?.name ?? null };
    },

    async create(values: QuestionValues, createdBy: number) {
      const [row] = await db
        .insert(questions)
        .values(scope.row({ ...values, createdBy }))
        .returning({ id: questions.id });
      return row!.id;
    },

    /** Many questions in one statement (an import). */
    async createMany(values: QuestionValues[], createdBy: number) {
      if (values.length === 0) return;
      await db.insert(questions).values(values.map((v) => scope.row({ ...v, createdBy })));
    },

    async update(id: number, values: QuestionValues) {
      await db
        .update(questions)
        .set({ ...values, updatedAt: new Date() })
        .where(scope.byId(questions, id));
    },

    async remove(id: number) {
      await db.delete(questions).where(scope.byId(questions, id));
    },

    async categories(): Promise<(CategoryRow & { questions: number })[]> {
      const rows = await db
        .select({
          category: questionCategories,
          // The outer column spelled out: inside the subquery a bare "id" would be the question's own.
          questions: sql<number>`(select count(*)::int from ${questions} q
            where q.category_id = question_categories.id and q.client_id = ${clientId})`,
        })
        .from(questionCategories)
        .where(scope.where(questionCategories))
        .orderBy(asc(sql`lower(${questionCategories.name})`), asc(questionCategories.id));
      return rows.map((r) => ({ ...r.category, questions: Number(r.questions) }));
    },

    async findCategory(id: number) {
      return scope.find(questionCategories, id);
    },

    async findCategoryOr404(id: number) {
      return scope.findOr404(questionCategories, id);
    },

    async categoryByName(name: string) {
      const [row] = await db
        .select()
        .from(questionCategories)
        .where(scope.where(questionCategories, sql`lower(${questionCategories.name}) = lower(${name})`))
        .limit(1);
      return row;
    },

    /** The new category, or undefined when the client already has one of that name. */
    async createCategory(name: string) {
      const [row] = await db
        .insert(questionCategories)
        .values(scope.row({ name }))
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** False when another category of the client has that name. */
    async renameCategory(id: number, name: string): Promise<boolean> {
      const taken = await db
        .select({ id: questionCategories.id })
        .from(questionCategories)
        .where(
          scope.where(
            questionCategories,
            sql`lower(${questionCategories.name}) = lower(${name})`,
            sql`${questionCategories.id} <> ${id}`,
          ),
        )
        .limit(1);
      if (taken.length > 0) return false;
      await db
        .update(questionCategories)
        .set({ name, updatedAt: new Date() })
        .where(scope.byId(questionCategories, id));
      return true;
    },

    async categoryQuestions(id: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(questions)
        .where(scope.where(questions, eq(questions.categoryId, id)));
      return Number(row?.n ?? 0);
    },

    async removeCategory(id: number) {
      await db.delete(questionCategories).where(scope.byId(questionCategories, id));
    },
  };
}
export type QuestionBankRepo = ReturnType<typeof createQuestionBankRepo>;
