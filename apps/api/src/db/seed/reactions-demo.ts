import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ReactionSettingsInput } from '@trilha/contracts/learning';
import type { RoleName } from '@trilha/contracts/session';
import type { AnswerBody } from '@trilha/contracts/surveys';
import type { Storage } from '../../lib/storage';
import { createAuthoringService, type Actor } from '../../modules/learning/authoring.service';
import { createCatalogRepo } from '../../modules/learning/catalog.repo';
import { createContentSigner } from '../../modules/learning/content-urls';
import { createCourseContextLoader } from '../../modules/learning/course-context';
import { createProgressService } from '../../modules/learning/progress.service';
import { createReactionsService } from '../../modules/learning/reactions.service';
import { createViewerLoader } from '../../modules/learning/viewer';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { learningCategories, learningTags } from '../schema/learning';
import { userClients, users } from '../schema/users';
import { makeCourseCover } from './assessments-demo/art';
import { createDemoSources } from './learning-demo/sources';
import { fileSeeder, type FileSeederOptions } from './file-seeder';
import type { Seeder } from './run-seeders';

/** The demo course that ends with a reaction evaluation (learner@demo.example has not started it). */
export const REACTION_DEMO_COURSE = 'Atendimento por mensagem';
export const REACTION_DEMO_LESSON = 'Responder rápido, sem perder o tom';
export const REACTION_DEMO_TITLE = 'Avaliação de reação do treinamento';

type Texts = { 'pt-BR': string; 'en-US': string; es: string; fr: string };
const t = (pt: string, en: string, es: string, fr: string): Texts => ({ 'pt-BR': pt, 'en-US': en, es, fr });

export const reactionDemoSettings: ReactionSettingsInput = {
  questions: [
    {
      kind: 'alternative',
      text: t(
        'Como você avalia o treinamento?',
        'How do you rate the training?',
        '¿Cómo evalúas la capacitación?',
        'Comment évaluez-vous la formation ?',
      ),
      required: true,
      options: [
        { text: t('Excelente', 'Excellent', 'Excelente', 'Excellente') },
        { text: t('Bom', 'Good', 'Buena', 'Bonne') },
        { text: t('Regular', 'Fair', 'Regular', 'Moyenne') },
        { text: t('Ruim', 'Poor', 'Mala', 'Mauvaise') },
      ],
    },
    {
      kind: 'alternative_justified',
      text: t(
        'O conteúdo vai ajudar no seu dia a dia?',
        'Will the content help you in your daily work?',
        '¿El contenido te ayudará en tu día a día?',
        'Le contenu vous aidera-t-il au quotidien ?',
      ),
      required: true,
      options: [
        { text: t('Sim', 'Yes', 'Sí', 'Oui') },
        { text: t('Em parte', 'Partly', 'En parte', 'En partie') },
        { text: t('Não', 'No', 'No', 'Non') },
      ],
    },
    {
      kind: 'multiple_choice',
      text: t(
        'O que você mais gostou?',
        'What did you like most?',
        '¿Qué te gustó más?',
        'Qu’avez-vous le plus apprécié ?',
      ),
      required: false,
      options: [
        { text: t('Os exemplos', 'The examples', 'Los ejemplos', 'Les exemples') },
        { text: t('A duração', 'The length', 'La duración', 'La durée') },
        { text: t('O formato', 'The format', 'El formato', 'Le format') },
      ],
    },
    {
      kind: 'essay',
      text: t(
        'Deixe uma sugestão para a próxima turma',
        'Leave a suggestion for the next class',
        'Deja una sugerencia para el próximo grupo',
        'Laissez une suggestion pour la prochaine session',
      ),
      required: false,
      options: [],
    },
  ],
};

/** Answers of other demo accounts, so the results screen has something to show. */
const demoAnswers: [string, AnswerBody][] = [
  [
    'moderator@demo.example',
    {
      answers: [
        { question: 0, options: [0] },
        { question: 1, options: [0], text: 'Uso os modelos de resposta todo dia.' },
        { question: 2, options: [0, 1] },
        { question: 3, text: 'Mais exemplos de clientes irritados.' },
      ],
    },
  ],
  [
    'instructor@demo.example',
    {
      answers: [
        { question: 0, options: [1] },
        { question: 1, options: [1], text: '' },
        { question: 2, options: [2] },
      ],
    },
  ],
  [
    'admin@demo.example',
    {
      answers: [
        { question: 0, options: [0] },
        { question: 1, options: [0] },
        { question: 3, text: 'Curto e direto: ótimo para a equipe.' },
      ],
    },
  ],
];

export type ReactionsDemoOptions = FileSeederOptions;

/**
 * The reaction evaluation demo (docs/assessments.md, "Reaction evaluations"): in Aurora, the short course
 * "Atendimento por mensagem" (one HTML lesson) closes with a reaction evaluation in four languages, which
 * three demo accounts already answered. learner@demo.example has not started it: the lesson first, then
 * the reaction opens.
 */
export function createReactionsDemoSeeder(opts: ReactionsDemoOptions = {}): Seeder {
  return fileSeeder('reactions-demo', opts, seedReactions);
}

export const reactionsDemoSeeder = createReactionsDemoSeeder();

async function seedReactions(db: Db, storage: Storage, maxUploadBytes: number) {
  const [aurora] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'aurora'));
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'manager@demo.example'));
  if (!aurora || !manager) return;
  const clientId = aurora.id;
  const actor: Actor = { userId: manager.id, clientId };
  const authoring = createAuthoringService({
    db,
    storage,
    signer: createContentSigner(randomBytes(32), 3600),
    maxUploadBytes,
    onAudienceChange: () => {},
  });
  const named = async (table: typeof learningCategories | typeof learningTags, names: string[]) =>
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.clientId, clientId), inArray(table.name, names)))
    ).map((r) => r.id);

  const course = await authoring.createCourse(actor, {
    title: REACTION_DEMO_COURSE,
    description:
      'Um microcurso sobre responder clientes por mensagem, com uma avaliação de reação ao final: conte o que achou do treinamento.',
    workloadMinutes: 10,
    categoryId: (await named(learningCategories, ['Atendimento']))[0] ?? null,
    tagIds: await named(learningTags, ['Microlearning']),
  });
  await authoring.setCourseCover(
    actor,
    course.id,
    await makeCourseCover(REACTION_DEMO_COURSE, '10 min · avaliação de reação', ['#0b7285', '#3bc9db']),
  );
  const withModule = await authoring.addModule(actor, course.id, { title: 'Conversas por mensagem' });
  const moduleId = withModule.modules[0]!.id;
  const withLesson = await authoring.addActivity(actor, moduleId, {
    kind: 'html',
    title: REACTION_DEMO_LESSON,
    description: 'Modelos de resposta, tempo de retorno e o tom certo em cada canal.',
  });
  const lessonId = withLesson.modules[0]!.activities.at(-1)!.id;
  await authoring.uploadActivityFile(
    actor,
    lessonId,
    await createDemoSources()('html-lesson.html'),
    'index.html',
  );
  const withReaction = await authoring.addActivity(actor, moduleId, {
    kind: 'reaction_evaluation',
    title: REACTION_DEMO_TITLE,
    description: 'Leva dois minutos. Suas respostas não contam para a nota.',
    settings: reactionDemoSettings,
  });
  const reactionId = withReaction.modules[0]!.activities.at(-1)!.id;
  await authoring.publishCourse(actor, course.id, true);

  // Three other demo accounts finished the lesson and answered.
  const viewers = createViewerLoader(db);
  const contexts = createCourseContextLoader(db, createCatalogRepo(db));
  const progress = createProgressService({ db, contexts });
  const reactions = createReactionsService({ db, contexts, progress });
  for (const [email, body] of demoAnswers) {
    const [member] = await db
      .select({ id: users.id, roles: userClients.roles })
      .from(users)
      .innerJoin(userClients, and(eq(userClients.userId, users.id), eq(userClients.clientId, clientId)))
      .where(eq(users.email, email));
    if (!member) continue;
    const v = await viewers.load(member.id, {
      clientId,
      roles: member.roles as RoleName[],
      isSuperuser: false,
      flags: {},
    });
    await progress.report(v, lessonId, { type: 'loaded' });
    await reactions.answer(v, reactionId, undefined, body);
  }
}
