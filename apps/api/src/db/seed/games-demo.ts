import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { gameDefinition, type GameDefinition } from '@trilha/contracts/learning';
import type { RoleName } from '@trilha/contracts/session';
import { type GameOf, perfectMoves } from '@trilha/domain/games/games';
import { wrongMoves } from '@trilha/domain/games/samples';
import type { Storage } from '../../lib/storage';
import { createGameImages } from '../../modules/games/game-images';
import { createGamesService } from '../../modules/games/games.service';
import { createAuthoringService, type Actor } from '../../modules/learning/authoring.service';
import { createCatalogRepo } from '../../modules/learning/catalog.repo';
import { createContentSigner } from '../../modules/learning/content-urls';
import { createCourseContextLoader } from '../../modules/learning/course-context';
import type { LearningModule } from '../../modules/learning/learning.feature';
import { createProgressService } from '../../modules/learning/progress.service';
import { createViewerLoader } from '../../modules/learning/viewer';
import { createAwardsRepo } from '../../modules/rewards/awards.repo';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { learningCategories, learningTags } from '../schema/learning';
import { userClients, users } from '../schema/users';
import { makeCardMachine, makeFloorPlan, makeGamesCover, makeProductIcon } from './games-demo/art';
import { demoGames } from './games-demo/games';
import { fileSeeder, type FileSeederOptions } from './file-seeder';
import type { Seeder } from './run-seeders';

/** The games demo course of Aurora (docs/games.md, "Demo"). */
export const gamesCourse = {
  title: 'Desafios do varejo',
  description:
    'Oito jogos rápidos para a equipe de vendas: a planta da loja, os produtos, o atendimento e as formas de pagamento. Jogue no celular entre um cliente e outro.',
  category: 'Vendas',
  tags: ['Microlearning', 'Novo'],
  workloadMinutes: 40,
  modules: [
    {
      title: 'A loja e os produtos',
      kinds: ['drag_and_drop', 'find_the_pairs', 'this_or_that', 'flashcards'],
    },
    {
      title: 'Atendimento e caixa',
      kinds: ['drag_the_words', 'fill_in_the_blanks', 'true_or_false', 'enigma'],
    },
  ],
  /** learner@demo.example won this one, with no error… */
  won: 'this_or_that',
  /** …and lost this one, by too many errors. */
  lost: 'find_the_pairs',
} as const;

export type GamesDemoOptions = FileSeederOptions;

/**
 * The games demo: in Aurora, the course "Desafios do varejo" with one game of each kind (pictures drawn
 * here and uploaded as the game-image route stores them), built through the authoring service; each
 * game credits its own points and XP, the course its award; learner@demo.example has won one game and
 * lost an attempt at another, played through the games service.
 */
export function createGamesDemoSeeder(opts: GamesDemoOptions = {}): Seeder {
  return fileSeeder('games-demo', opts, seedGames);
}

export const gamesDemoSeeder = createGamesDemoSeeder();

async function seedGames(db: Db, storage: Storage, maxUploadBytes: number) {
  const [aurora] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'aurora'));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['manager@demo.example', 'learner@demo.example']));
  const manager = people.find((u) => u.email === 'manager@demo.example');
  const learner = people.find((u) => u.email === 'learner@demo.example');
  if (!aurora || !manager || !learner) return;
  const clientId = aurora.id;

  const authoring = createAuthoringService({
    db,
    storage,
    signer: createContentSigner(randomBytes(32), 3600),
    maxUploadBytes,
    onAudienceChange: () => {},
  });
  const contexts = createCourseContextLoader(db, createCatalogRepo(db));
  const progress = createProgressService({ db, contexts });
  const viewers = createViewerLoader(db);
  // The games service reads the learning module's contexts and progress only.
  const learning = { contexts, progress, viewers } as unknown as LearningModule;
  const games = createGamesService({ db, learning, ledger: createLedgerService({ db }) });

  // ------------------------------------------------------------------------------- pictures
  const images = createGameImages(storage);
  const uploaded = async (data: Promise<Buffer>) => (await images.upload(clientId, await data)).url;
  const games8 = demoGames({
    floorPlan: await uploaded(makeFloorPlan()),
    notebook: await uploaded(makeProductIcon('notebook')),
    smartphone: await uploaded(makeProductIcon('smartphone')),
    headphones: await uploaded(makeProductIcon('headphones')),
    smartwatch: await uploaded(makeProductIcon('smartwatch')),
    cardMachine: await uploaded(makeCardMachine()),
  });

  // ---------------------------------------------------------------------------------- course
  const actor: Actor = { userId: manager.id, clientId };
  const named = async (table: typeof learningCategories | typeof learningTags, names: readonly string[]) =>
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.clientId, clientId), inArray(table.name, [...names])))
    ).map((r) => r.id);
  const c = gamesCourse;
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
  await authoring.setCourseCover(
    actor,
    course.id,
    await makeGamesCover(c.title, `${games8.length} jogos · ${c.workloadMinutes} min`),
  );
  const activityIds = new Map<string, number>();
  const definitions = new Map<string, GameDefinition>();
  for (const m of c.modules) {
    const withModule = await authoring.addModule(actor, course.id, { title: m.title });
    const moduleId = withModule.modules.at(-1)!.id;
    for (const kind of m.kinds) {
      const game = games8.find((g) => g.kind === kind)!;
      const added = await authoring.addActivity(actor, moduleId, {
        kind: game.kind,
        title: game.title,
        description: game.description,
        settings: game.settings,
      } as Parameters<typeof authoring.addActivity>[2]);
      activityIds.set(kind, added.modules.find((x) => x.id === moduleId)!.activities.at(-1)!.id);
      definitions.set(kind, gameDefinition.parse({ kind: game.kind, settings: game.settings }));
    }
  }
  // Each game credits its own points and XP when first won; finishing the course gives its award.
  await createAwardsRepo(db, clientId).save('course', course.id, {
    points: 200,
    pointsValidityDays: null,
    xp: 100,
    badgeId: null,
    certificate: true,
    certificateValidityMonths: null,
  });
  await authoring.publishCourse(actor, course.id, true);

  // ------------------------------------------------------------ learner@demo.example's games
  const [membership] = await db
    .select({ roles: userClients.roles })
    .from(userClients)
    .where(and(eq(userClients.userId, learner.id), eq(userClients.clientId, clientId)));
  const viewer = await viewers.load(learner.id, {
    clientId,
    roles: (membership?.roles ?? []) as RoleName[],
    isSuperuser: false,
    flags: {},
  });

  // Won: each move checked as the player sends it, then the submit of them all.
  const wonId = activityIds.get(c.won)!;
  const won = await games.start(viewer, wonId);
  const moves = perfectMoves(definitions.get(c.won)! as GameOf, won.seed);
  for (const move of moves) await games.move(viewer, wonId, won.attemptId, [move]);
  await games.submit(viewer, wonId, won.attemptId, moves);

  // Lost: every turn of the memory game a miss, past the allowance.
  const lostId = activityIds.get(c.lost)!;
  const lost = await games.start(viewer, lostId);
  await games.submit(
    viewer,
    lostId,
    lost.attemptId,
    wrongMoves(definitions.get(c.lost)! as GameOf, lost.seed),
  );
}
