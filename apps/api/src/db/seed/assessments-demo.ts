import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Answer, AttemptQuestion } from '@trilha/contracts/assessments/attempts';
import type { TestActivityKind, TestSettingsInput } from '@trilha/contracts/learning';
import type { RoleName } from '@trilha/contracts/session';
import { eventsOutsideTheApp } from '../../jobs/job-queue';
import type { Storage } from '../../lib/storage';
import { createAttemptsService } from '../../modules/assessments/attempts.service';
import { createQuestionBankService } from '../../modules/assessments/question-bank.service';
import { createAuthoringService, type Actor } from '../../modules/learning/authoring.service';
import { createCatalogRepo } from '../../modules/learning/catalog.repo';
import { createContentSigner } from '../../modules/learning/content-urls';
import { createCourseContextLoader } from '../../modules/learning/course-context';
import type { LearningModule } from '../../modules/learning/learning.feature';
import { createProgressService } from '../../modules/learning/progress.service';
import { createViewerLoader } from '../../modules/learning/viewer';
import { createAwardsRepo } from '../../modules/rewards/awards.repo';
import type { Db } from '../client';
import { assessmentAttempts } from '../schema/assessments';
import { clients } from '../schema/core';
import { learningCategories, learningTags } from '../schema/learning';
import { userClients, users } from '../schema/users';
import { makeCourseCover, makeQuestionArt } from './assessments-demo/art';
import { auroraQuestions, bodyOf, nimbusQuestions, type DemoQuestion } from './assessments-demo/questions';
import { createDemoSources } from './learning-demo/sources';
import { fileSeeder, type FileSeederOptions } from './file-seeder';
import type { Seeder } from './run-seeders';

const DAY = 86_400_000;

interface DemoTest {
  kind: TestActivityKind;
  title: string;
  description: string;
  /** Question keys of the bank (fixed), or a draw from a category of the bank. */
  questions: string[] | { count: number; category: string; tags?: string[] };
  settings: Omit<TestSettingsInput, 'questions'>;
}

interface DemoTestCourse {
  key: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  workloadMinutes: number;
  colors: [string, string];
  /** The content activity that opens the course (an HTML lesson). */
  lesson: { title: string; description: string };
  tests: DemoTest[];
}

/** The demo courses of tests and quizzes, in Aurora: together they hold one test of each of the seven kinds. */
export const assessmentCourses: DemoTestCourse[] = [
  {
    key: 'pratica',
    title: 'Avaliações na prática',
    description:
      'Conheça as provas da plataforma: uma lição curta, uma prova com tempo e um quiz de aquecimento que não vale nota.',
    category: 'Atendimento',
    tags: ['Novo'],
    workloadMinutes: 30,
    colors: ['#0b7285', '#15aabf'],
    lesson: {
      title: 'Como funcionam as provas',
      description: 'Tempo, tentativas, nota mínima e revisão: leia antes de começar.',
    },
    tests: [
      {
        kind: 'conventional_test',
        title: 'Prova de atendimento',
        description: 'Quatro questões sobre o atendimento na loja, em até 10 minutos.',
        questions: ['acolhida', 'reclamacao', 'prazo-troca', 'escuta-ativa'],
        settings: { passMark: 3, maxAttempts: 3, timeLimitMinutes: 10, review: 'answers_with_correct' },
      },
      {
        kind: 'unevaluated_quiz',
        title: 'Quiz de aquecimento',
        description: 'Pratique à vontade: este quiz não conta na nota do curso.',
        questions: ['etapas-atendimento', 'tecnicas', 'nps', 'inventario', 'planograma-nome'],
        settings: {
          passMark: 3,
          maxAttempts: null,
          shuffleQuestions: true,
          review: 'answers_with_correct',
        },
      },
    ],
  },
  {
    key: 'caixa',
    title: 'Operação de caixa',
    description:
      'Preços, descontos e ofertas no caixa. A prova final tem duas tentativas: sem aprovação, o curso fica bloqueado até o gestor liberar.',
    category: 'Vendas',
    tags: ['Obrigatório'],
    workloadMinutes: 20,
    colors: ['#e8590c', '#fab005'],
    lesson: {
      title: 'Rotina do caixa',
      description: 'Etiquetas, descontos e o momento certo de oferecer o cartão da loja.',
    },
    tests: [
      {
        kind: 'block_test',
        title: 'Prova do caixa',
        description: 'Acerte as três questões para concluir. Duas tentativas.',
        questions: ['etiqueta', 'desconto', 'cartao-antes'],
        settings: { passMark: 3, maxAttempts: 2, review: 'answers' },
      },
    ],
  },
  {
    key: 'vitrine',
    title: 'Vitrine e estoque',
    description:
      'Um quiz que vale nota (e pode ser refeito para melhorar) e uma prova de estoque: sem aprovação, o curso recomeça.',
    category: 'Loja',
    tags: ['Visual merchandising'],
    workloadMinutes: 25,
    colors: ['#5f3dc4', '#9775fa'],
    lesson: {
      title: 'Vitrine e estoque no dia a dia',
      description: 'Planograma, PEPS e conferência de mercadorias.',
    },
    tests: [
      {
        kind: 'evaluated_quiz',
        title: 'Quiz da vitrine',
        description: 'Vale nota. Três tentativas: a maior nota é a que conta.',
        questions: ['planograma-altura', 'peps', 'recebimento'],
        settings: { passMark: 2, maxAttempts: 3, countedAttempt: 'highest', review: 'answers_with_correct' },
      },
      {
        kind: 'restart_test',
        title: 'Prova de estoque',
        description: 'Acerte as três questões. Sem aprovação em duas tentativas, o curso recomeça.',
        questions: ['saldo-estoque', 'nao-sei', 'boca-a-boca'],
        settings: { passMark: 3, maxAttempts: 2, review: 'none' },
      },
    ],
  },
  {
    key: 'final',
    title: 'Avaliação final da loja',
    description:
      'Duas provas gerais do curso: abrem quando a revisão estiver concluída. Uma bloqueia, a outra recomeça o curso.',
    category: 'Carreira',
    tags: ['Obrigatório'],
    workloadMinutes: 45,
    colors: ['#2b8a3e', '#69db7c'],
    lesson: {
      title: 'Revisão geral',
      description: 'Revise atendimento, caixa e estoque antes das provas gerais.',
    },
    tests: [
      {
        kind: 'block_general_test',
        title: 'Avaliação geral de atendimento',
        description: 'Quatro questões sorteadas do banco de atendimento a cada tentativa.',
        questions: { count: 4, category: 'Atendimento', tags: ['atendimento'] },
        settings: {
          passMark: 3,
          maxAttempts: 2,
          shuffleQuestions: true,
          shuffleAnswers: true,
          review: 'answers',
        },
      },
      {
        kind: 'restart_general_test',
        title: 'Avaliação final',
        description: 'Cinco questões, uma dissertativa corrigida pelo instrutor. 20 minutos.',
        questions: ['desconto', 'fidelidade', 'saldo-estoque', 'nps', 'peps'],
        settings: { passMark: 4, maxAttempts: 3, timeLimitMinutes: 20, review: 'answers_with_correct' },
      },
    ],
  },
];

/**
 * The right answer to a question as an attempt shows it (options by their place in the attempt), found
 * by the texts of its demo definition.
 */
export function rightAnswer(shown: AttemptQuestion, q: DemoQuestion): Answer {
  const s = q.spec;
  const at = (list: { index: number; text: string }[] | null, text: string) =>
    list!.find((x) => x.text === text)!.index;
  switch (s.kind) {
    case 'single_choice':
      return { kind: s.kind, option: at(shown.options, s.options[s.correct]![0]) };
    case 'multiple_choice':
      return {
        kind: s.kind,
        options: s.options.filter(([, w]) => w > 0).map(([o]) => at(shown.options, o[0])),
      };
    case 'true_false':
      return { kind: s.kind, value: s.answer };
    case 'matching':
      return {
        kind: s.kind,
        pairs: s.pairs.map(([l, r]) => ({ left: at(shown.left, l[0]), right: at(shown.right, r[0]) })),
      };
    case 'ordering':
      return { kind: s.kind, order: s.items.map((i) => at(shown.items, i[0])) };
    case 'numeric':
      return { kind: s.kind, value: s.value };
    case 'short_answer':
      return { kind: s.kind, text: s.answers[0]! };
    case 'essay':
      return {
        kind: s.kind,
        text: 'Eu diria em uma frase o benefício principal e ofereceria o cadastro pelo celular.',
      };
  }
}

export type AssessmentsDemoOptions = FileSeederOptions;

/**
 * The assessments demo (docs/assessments.md, "Demo"): a question bank per demo client, with images
 * uploaded as the bank's image route stores them; four courses in Aurora holding one test of each kind,
 * with awards; and learner@demo.example's attempts, taken through the attempts service.
 */
export function createAssessmentsDemoSeeder(opts: AssessmentsDemoOptions = {}): Seeder {
  return fileSeeder('assessments-demo', opts, seedAssessments);
}

export const assessmentsDemoSeeder = createAssessmentsDemoSeeder();

async function seedAssessments(db: Db, storage: Storage, maxUploadBytes: number) {
  const clientRows = await db
    .select({ id: clients.id, slug: clients.slug })
    .from(clients)
    .where(inArray(clients.slug, ['aurora', 'nimbus']));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['manager@demo.example', 'learner@demo.example']));
  const manager = people.find((u) => u.email === 'manager@demo.example');
  const learner = people.find((u) => u.email === 'learner@demo.example');
  const aurora = clientRows.find((c) => c.slug === 'aurora')?.id;
  const nimbus = clientRows.find((c) => c.slug === 'nimbus')?.id;
  if (!manager || !learner || !aurora || !nimbus) return;

  const bank = createQuestionBankService({ db, storage });
  const signer = createContentSigner(randomBytes(32), 3600);
  const authoring = createAuthoringService({
    db,
    storage,
    signer,
    maxUploadBytes,
    onAudienceChange: () => {},
  });
  const contexts = createCourseContextLoader(db, createCatalogRepo(db));
  const progress = createProgressService({ db, contexts });
  const viewers = createViewerLoader(db);
  // The attempts service reads the learning module's contexts, progress and viewers only.
  const learning = { contexts, progress, viewers } as unknown as LearningModule;
  const attempts = createAttemptsService({ db, learning, events: eventsOutsideTheApp() });
  const source = createDemoSources();

  // ------------------------------------------------------------------------------ question banks
  const questionIds = new Map<string, number>();
  const categoryIds = new Map<string, number>();
  for (const [clientId, questions] of [
    [aurora, auroraQuestions],
    [nimbus, nimbusQuestions],
  ] as const) {
    const actor = { userId: manager.id, clientId };
    for (const name of [...new Set(questions.map((q) => q.category))]) {
      categoryIds.set(`${clientId}:${name}`, (await bank.createCategory(actor, { name })).id);
    }
    for (const q of questions) {
      const media = q.art ? (await bank.uploadImage(clientId, await makeQuestionArt(q.art))).url : null;
      const created = await bank.create(
        actor,
        bodyOf(q, categoryIds.get(`${clientId}:${q.category}`)!, media),
      );
      questionIds.set(`${clientId}:${q.key}`, created.id);
    }
  }

  // ------------------------------------------------------------------------- courses of Aurora
  const actor: Actor = { userId: manager.id, clientId: aurora };
  const named = async (table: typeof learningCategories | typeof learningTags, names: string[]) =>
    names.length
      ? (
          await db
            .select({ id: table.id })
            .from(table)
            .where(and(eq(table.clientId, aurora), inArray(table.name, names)))
        ).map((r) => r.id)
      : [];
  const awards = createAwardsRepo(db, aurora);
  const reward = (points: number) => ({
    points,
    pointsValidityDays: null,
    xp: points / 2,
    badgeId: null,
    certificate: false,
    certificateValidityMonths: null,
  });
  const testIds = new Map<string, number>();
  const lessonIds = new Map<string, number>();
  for (const c of assessmentCourses) {
    const course = await authoring.createCourse(actor, {
      title: c.title,
      description: c.description,
      workloadMinutes: c.workloadMinutes,
      categoryId: (await named(learningCategories, [c.category]))[0] ?? null,
      tagIds: await named(learningTags, c.tags),
      subscriptionMode: 'open',
      prerequisiteIds: [],
      isPublic: false,
    });
    const minutes = `${c.workloadMinutes} min · ${c.tests.length} ${c.tests.length > 1 ? 'avaliações' : 'avaliação'}`;
    await authoring.setCourseCover(actor, course.id, await makeCourseCover(c.title, minutes, c.colors));
    const withModule = await authoring.addModule(actor, course.id, { title: c.title });
    const moduleId = withModule.modules.at(-1)!.id;
    const added = await authoring.addActivity(actor, moduleId, { kind: 'html', ...c.lesson });
    const lessonId = added.modules[0]!.activities.at(-1)!.id;
    await authoring.uploadActivityFile(actor, lessonId, await source('html-lesson.html'), 'index.html');
    lessonIds.set(c.key, lessonId);
    await awards.save('activity', lessonId, reward(10));
    for (const t of c.tests) {
      const questions = Array.isArray(t.questions)
        ? { mode: 'fixed' as const, questionIds: t.questions.map((k) => questionIds.get(`${aurora}:${k}`)!) }
        : {
            mode: 'drawn' as const,
            count: t.questions.count,
            categoryId: categoryIds.get(`${aurora}:${t.questions.category}`)!,
            tags: t.questions.tags ?? [],
          };
      const withTest = await authoring.addActivity(actor, moduleId, {
        kind: t.kind,
        title: t.title,
        description: t.description,
        settings: { ...t.settings, questions },
      } as Parameters<typeof authoring.addActivity>[2]);
      const id = withTest.modules[0]!.activities.at(-1)!.id;
      testIds.set(`${c.key}:${t.kind}`, id);
      await awards.save('activity', id, reward(t.kind === 'unevaluated_quiz' ? 10 : 30));
    }
    await awards.save('course', course.id, { ...reward(150), certificate: true });
    await authoring.publishCourse(actor, course.id, true);
  }

  // --------------------------------------------------------- learner@demo.example's attempts
  const [membership] = await db
    .select({ roles: userClients.roles })
    .from(userClients)
    .where(and(eq(userClients.userId, learner.id), eq(userClients.clientId, aurora)));
  const viewer = await viewers.load(learner.id, {
    clientId: aurora,
    roles: (membership?.roles ?? []) as RoleName[],
    isSuperuser: false,
    flags: {},
  });
  const byStem = new Map(auroraQuestions.map((q) => [q.stem[0], q]));
  /** One attempt: the questions whose keys are in `right` answered right, the others left blank. */
  const take = async (testKey: string, right: (key: string) => boolean, daysAgo: number) => {
    const activityId = testIds.get(testKey)!;
    const { attempt } = await attempts.start(viewer, activityId, undefined, 'pt-BR');
    for (const shown of attempt.questions) {
      const q = byStem.get(shown.stem)!;
      if (right(q.key))
        await attempts.saveAnswer(viewer, activityId, attempt.id, shown.index, rightAnswer(shown, q));
    }
    await attempts.submit(viewer, activityId, attempt.id);
    const at = sql`now() - ${daysAgo * DAY} * interval '1 millisecond'`;
    await db
      .update(assessmentAttempts)
      .set({ startedAt: sql`${at} - interval '4 minutes'`, submittedAt: at })
      .where(eq(assessmentAttempts.id, attempt.id));
  };
  const all = () => true;
  // Passed the timed test at the first attempt, then practised the warm-up quiz.
  await take('pratica:conventional_test', all, 9);
  await take('pratica:unevaluated_quiz', (k) => k !== 'inventario' && k !== 'planograma-nome', 9);
  // The graded quiz: failed, then passed, then a better grade (the course shows "improved").
  await take('vitrine:evaluated_quiz', (k) => k === 'peps', 5);
  await take('vitrine:evaluated_quiz', (k) => k !== 'recebimento', 4);
  await take('vitrine:evaluated_quiz', all, 3);
  // Then the lesson and the restart test: the course is finished, its status "improved".
  await progress.report(viewer, lessonIds.get('vitrine')!, { type: 'open' });
  await progress.report(viewer, lessonIds.get('vitrine')!, { type: 'loaded' });
  await take('vitrine:restart_test', all, 2);
}
