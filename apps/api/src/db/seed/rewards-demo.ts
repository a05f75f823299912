import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { BadgeCriterion, BadgeTexts } from '@trilha/contracts/rewards/badges';
import { loadConfig } from '../../config';
import { createStorage, type Storage } from '../../lib/storage';
import { renderWebp } from '../../lib/image-upload';
import { createAwardsRepo } from '../../modules/rewards/awards.repo';
import { isoWeekStart } from '../../modules/rewards/badge-criteria';
import { createBadgesRepo } from '../../modules/rewards/badges.repo';
import { createCertificatesRepo } from '../../modules/rewards/certificates.repo';
import { newCertificateCode } from '../../modules/rewards/certificates.service';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import type { Db } from '../client';
import { userBadges } from '../schema/awards';
import { clients } from '../schema/core';
import { activities, courses, learningCategories, trails } from '../schema/learning';
import { ledgerEntries, pointLots } from '../schema/ledger';
import { users } from '../schema/users';
import type { Seeder } from './run-seeders';
import { courses as demoCourses, trails as demoTrails, type ClientSlug } from './learning-demo/content';
import { makeBadgeArt, type BadgeGlyph } from './rewards-demo/badge-art';

const DAY = 86_400_000;

interface DemoBadge {
  key: string;
  glyph: BadgeGlyph;
  colors: [string, string];
  texts: BadgeTexts;
  criterion: BadgeCriterion;
  /** A course or trail key of the learning demo, or a category name. */
  ref?: string;
  count?: number;
}

const texts = (
  pt: [string, string],
  en: [string, string],
  es: [string, string],
  fr: [string, string],
): BadgeTexts => ({
  'pt-BR': { name: pt[0], description: pt[1] },
  'en-US': { name: en[0], description: en[1] },
  es: { name: es[0], description: es[1] },
  fr: { name: fr[0], description: fr[1] },
});

const demoBadges: Record<ClientSlug, DemoBadge[]> = {
  aurora: [
    {
      key: 'primeiro-atendimento',
      glyph: 'star',
      colors: ['#1c7ed6', '#f5c84c'],
      criterion: 'course',
      ref: 'atendimento',
      texts: texts(
        ['Atendimento nota 10', 'Concluiu o curso Atendimento que encanta.'],
        ['Top-notch service', 'Finished the course Atendimento que encanta.'],
        ['Atención de diez', 'Completó el curso Atendimento que encanta.'],
        ['Service au top', 'A terminé le cours Atendimento que encanta.'],
      ),
    },
    {
      key: 'consultor',
      glyph: 'trophy',
      colors: ['#7048e8', '#f5c84c'],
      criterion: 'trail',
      ref: 'consultor',
      texts: texts(
        ['Consultor de vendas', 'Concluiu a Trilha do consultor de vendas.'],
        ['Sales consultant', 'Finished the sales consultant trail.'],
        ['Consultor de ventas', 'Completó la ruta del consultor de ventas.'],
        ['Conseiller de vente', 'A terminé le parcours du conseiller de vente.'],
      ),
    },
    {
      key: 'maratonista',
      glyph: 'flame',
      colors: ['#c2255c', '#ffd8a8'],
      criterion: 'category_courses',
      ref: 'Vendas',
      count: 3,
      texts: texts(
        ['Maratonista de vendas', 'Concluiu 3 cursos da categoria Vendas.'],
        ['Sales marathoner', 'Finished 3 courses of the Sales category.'],
        ['Maratonista de ventas', 'Completó 3 cursos de la categoría Ventas.'],
        ['Marathonien de la vente', 'A terminé 3 cours de la catégorie Ventes.'],
      ),
    },
    {
      key: 'mil-pontos',
      glyph: 'bolt',
      colors: ['#2f9e44', '#f5c84c'],
      criterion: 'points',
      count: 1000,
      texts: texts(
        ['Mil pontos', 'Acumulou 1.000 pontos em treinamentos e campanhas.'],
        ['A thousand points', 'Earned 1,000 points from trainings and campaigns.'],
        ['Mil puntos', 'Acumuló 1.000 puntos en capacitaciones y campañas.'],
        ['Mille points', 'A cumulé 1 000 points en formations et campagnes.'],
      ),
    },
    {
      key: 'ritmo',
      glyph: 'flag',
      colors: ['#e8590c', '#ffe066'],
      criterion: 'streak_weeks',
      count: 3,
      texts: texts(
        ['Ritmo constante', 'Concluiu atividades em 3 semanas seguidas.'],
        ['Steady pace', 'Finished activities 3 weeks in a row.'],
        ['Ritmo constante', 'Completó actividades 3 semanas seguidas.'],
        ['Rythme régulier', 'A terminé des activités 3 semaines de suite.'],
      ),
    },
    {
      key: 'destaque',
      glyph: 'heart',
      colors: ['#f08c00', '#fff3bf'],
      criterion: 'manual',
      texts: texts(
        ['Destaque do mês', 'Reconhecimento da equipe pelo atendimento da loja.'],
        ['Star of the month', "The team's recognition for outstanding service in store."],
        ['Destacado del mes', 'Reconocimiento del equipo por la atención en la tienda.'],
        ['Vedette du mois', "La reconnaissance de l'équipe pour l'accueil en magasin."],
      ),
    },
  ],
  nimbus: [
    {
      key: 'seguranca',
      glyph: 'shield',
      colors: ['#0c8599', '#99e9f2'],
      criterion: 'course',
      ref: 'seguranca',
      texts: texts(
        ['Segurança em dia', 'Concluiu o curso Segurança da informação.'],
        ['Security first', 'Finished the Information security course.'],
        ['Seguridad al día', 'Completó el curso de Seguridad de la información.'],
        ['Sécurité à jour', 'A terminé le cours Sécurité de l’information.'],
      ),
    },
    {
      key: 'especialista',
      glyph: 'chip',
      colors: ['#343a40', '#74c0fc'],
      criterion: 'trail',
      ref: 'especialista',
      texts: texts(
        ['Especialista Nimbus', 'Concluiu a trilha Especialista Nimbus.'],
        ['Nimbus specialist', 'Finished the Nimbus specialist trail.'],
        ['Especialista Nimbus', 'Completó la ruta Especialista Nimbus.'],
        ['Spécialiste Nimbus', 'A terminé le parcours Spécialiste Nimbus.'],
      ),
    },
    {
      key: 'quinhentos',
      glyph: 'bolt',
      colors: ['#1971c2', '#a5d8ff'],
      criterion: 'points',
      count: 500,
      texts: texts(
        ['Primeiros 500', 'Acumulou 500 pontos na Nimbus.'],
        ['First 500', 'Earned 500 points at Nimbus.'],
        ['Primeros 500', 'Acumuló 500 puntos en Nimbus.'],
        ['Les 500 premiers', 'A cumulé 500 points chez Nimbus.'],
      ),
    },
  ],
};

const templates: Record<ClientSlug, { signatures: { name: string; role: string }[]; accent: string }> = {
  aurora: {
    accent: '#f5c84c',
    signatures: [
      { name: 'Marina Alves', role: 'Diretora de Treinamento' },
      { name: 'Rafael Costa', role: 'Gerente Nacional de Varejo' },
    ],
  },
  nimbus: { accent: '#74c0fc', signatures: [{ name: 'Laura Mendes', role: 'Head of Partner Enablement' }] },
};

const certificateTitles = {
  'pt-BR': 'Certificado de conclusão',
  'en-US': 'Certificate of completion',
  es: 'Certificado de finalización',
  fr: 'Certificat de réussite',
};

/** What finishing each demo course gives: more for longer courses, a certificate for every course. */
const courseAward = (workloadMinutes: number | null) => {
  const points = Math.max(50, Math.round(((workloadMinutes ?? 30) * 4) / 10) * 10);
  return { points, xp: points / 2 };
};

export interface RewardsDemoOptions {
  storage?: Storage;
}

/**
 * The demo's rewards for Aurora Varejo and Nimbus Tech: badges with artwork, a certificate template,
 * awards on every demo course, activity and trail, the term of learning points, and learner@demo.example's
 * history (what the courses the learning demo finished gave, a welcome bonus that expired, a manual
 * badge and an adjustment), written through the ledger service so lots and balances hold as in use.
 */
export function createRewardsDemoSeeder(opts: RewardsDemoOptions = {}): Seeder {
  return {
    name: 'rewards-demo',
    async run(db) {
      const storage = opts.storage ?? createStorage(loadConfig());
      await seedRewards(db, storage);
    },
  };
}

export const rewardsDemoSeeder = createRewardsDemoSeeder();

async function seedRewards(db: Db, storage: Storage) {
  const clientRows = await db
    .select({ id: clients.id, slug: clients.slug })
    .from(clients)
    .where(inArray(clients.slug, ['aurora', 'nimbus']));
  const people = await db
    .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.email, ['admin@demo.example', 'learner@demo.example']));
  const admin = people.find((u) => u.email === 'admin@demo.example');
  const learner = people.find((u) => u.email === 'learner@demo.example');
  const clientIds = Object.fromEntries(clientRows.map((c) => [c.slug, c.id])) as Partial<
    Record<ClientSlug, number>
  >;
  if (!admin || !learner || !clientIds.aurora || !clientIds.nimbus) return;

  const ledger = createLedgerService({ db });
  const certificatesRepo = createCertificatesRepo(db);
  const now = Date.now();

  /** Moves an entry (and the lot it made) to `daysAgo`, as the history happened then. */
  const backdate = async (entryIds: (number | null)[], daysAgo: number) => {
    const ids = entryIds.filter((id): id is number => id !== null);
    if (!ids.length) return;
    const at = new Date(now - daysAgo * DAY);
    await db.update(ledgerEntries).set({ createdAt: at }).where(inArray(ledgerEntries.id, ids));
    await db.update(pointLots).set({ createdAt: at }).where(inArray(pointLots.entryId, ids));
  };

  const backdateBadge = async (userId: number, badgeId: number, daysAgo: number) => {
    await db
      .update(userBadges)
      .set({ earnedAt: new Date(now - daysAgo * DAY) })
      .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeId, badgeId)));
  };

  for (const slug of ['aurora', 'nimbus'] as const) {
    const clientId = clientIds[slug]!;
    const awardsRepo = createAwardsRepo(db, clientId);
    const badgesRepo = createBadgesRepo(db, clientId);

    const courseRows = await db
      .select({
        id: courses.id,
        title: courses.title,
        workload: courses.workloadMinutes,
        categoryId: courses.categoryId,
      })
      .from(courses)
      .where(eq(courses.clientId, clientId));
    const courseByKey = new Map(
      demoCourses
        .filter((c) => c.client === slug)
        .map((c) => [c.key, courseRows.find((r) => r.title === c.title)])
        .filter((entry): entry is [string, (typeof courseRows)[number]] => Boolean(entry[1])),
    );
    const trailRows = await db
      .select({ id: trails.id, title: trails.title })
      .from(trails)
      .where(eq(trails.clientId, clientId));
    const trailByKey = new Map(
      demoTrails
        .filter((t) => t.client === slug)
        .map((t) => [t.key, trailRows.find((r) => r.title === t.title)])
        .filter((entry): entry is [string, (typeof trailRows)[number]] => Boolean(entry[1])),
    );
    const categories = await db
      .select({ id: learningCategories.id, name: learningCategories.name })
      .from(learningCategories)
      .where(eq(learningCategories.clientId, clientId));

    // Badges, with their artwork stored as the badge back office stores an upload.
    const badgeIds = new Map<string, number>();
    for (const b of demoBadges[slug]) {
      const refId =
        b.criterion === 'course'
          ? courseByKey.get(b.ref!)?.id
          : b.criterion === 'trail'
            ? trailByKey.get(b.ref!)?.id
            : b.criterion === 'category_courses'
              ? categories.find((c) => c.name === b.ref)?.id
              : undefined;
      if (b.ref && refId === undefined) continue;
      const badge = await badgesRepo.create({
        texts: b.texts,
        criterion: b.criterion,
        criterionRefId: refId ?? null,
        criterionCount: b.count ?? null,
        active: true,
      });
      const webp = await renderWebp(await makeBadgeArt(b.colors[0], b.colors[1], b.glyph), {
        width: 512,
        height: 512,
        fit: 'cover',
        quality: 90,
      });
      const key = `badges/c${clientId}/${badge.id}-${randomBytes(6).toString('hex')}.webp`;
      await storage.put(key, webp);
      await badgesRepo.setImage(badge.id, key);
      badgeIds.set(b.key, badge.id);
    }

    // The certificate template in the client's colours, and the term of learning points.
    const client = await certificatesRepo.client(clientId);
    await certificatesRepo.saveTemplate(clientId, {
      titles: certificateTitles,
      primaryColor: client?.primaryColor ?? '#1c7ed6',
      accentColor: templates[slug].accent,
      logoKey: null,
      signatures: templates[slug].signatures,
    });
    await awardsRepo.saveSettings({
      learningPointsValidityDays: slug === 'aurora' ? 365 : null,
      certificateReminderDays: 30,
    });

    // Awards: every course (points, XP, a certificate), each of its activities, every trail.
    for (const [, course] of courseByKey) {
      await awardsRepo.save('course', course.id, {
        ...courseAward(course.workload),
        pointsValidityDays: null,
        badgeId: null,
        certificate: true,
        certificateValidityMonths: slug === 'nimbus' ? 12 : null,
      });
      const acts = await db
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.clientId, clientId), eq(activities.courseId, course.id)));
      for (const a of acts) {
        await awardsRepo.save('activity', a.id, {
          points: 10,
          pointsValidityDays: null,
          xp: 5,
          badgeId: null,
          certificate: false,
          certificateValidityMonths: null,
        });
      }
    }
    for (const [, trail] of trailByKey) {
      await awardsRepo.save('trail', trail.id, {
        points: 300,
        pointsValidityDays: null,
        xp: 150,
        badgeId: null,
        certificate: true,
        certificateValidityMonths: null,
      });
    }

    // learner@demo.example's history, oldest first so each entry's running balance reads in order.
    const credit = async (
      daysAgo: number,
      input: Omit<Parameters<typeof ledger.credit>[0], 'clientId' | 'userId'>,
    ) => {
      const move = await ledger.credit({ clientId, userId: learner.id, ...input });
      await backdate([move.pointsEntryId, move.xpEntryId], daysAgo);
      return move;
    };

    if (slug === 'aurora') {
      // A welcome bonus of the last campaign: it expired 15 days ago, unspent.
      await credit(75, {
        points: 200,
        xp: 0,
        source: 'adjustment',
        actorId: admin.id,
        reason: 'Bônus de boas-vindas da campanha de inverno',
        idempotencyKey: 'demo:welcome-bonus',
        expiresAt: new Date(now - 15 * DAY),
      });
      const expired = await ledger.expireDue(new Date(now - 15 * DAY + 60_000));
      if (expired > 0) {
        const expiry = await db
          .select({ id: ledgerEntries.id })
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.clientId, clientId),
              eq(ledgerEntries.userId, learner.id),
              eq(ledgerEntries.source, 'expiry'),
            ),
          );
        await backdate(
          expiry.map((e) => e.id),
          15,
        );
      }

      // "Atendimento que encanta", finished 12 days ago by the learning demo: its activities, the course.
      const atendimento = courseByKey.get('atendimento');
      if (atendimento) {
        const acts = await db
          .select({ id: activities.id, title: activities.title })
          .from(activities)
          .where(and(eq(activities.clientId, clientId), eq(activities.courseId, atendimento.id)))
          .orderBy(activities.position, activities.id);
        for (const a of acts) {
          await awardsRepo.insertGrant({
            userId: learner.id,
            targetType: 'activity',
            targetId: a.id,
            moment: 'finish',
            points: 10,
            xp: 5,
            badgeId: null,
          });
          await credit(12, {
            points: 10,
            xp: 5,
            source: 'activity',
            refType: 'activity',
            refId: a.id,
            refLabel: a.title,
            actorId: learner.id,
            idempotencyKey: `award:activity:${a.id}`,
          });
        }
        const { points, xp } = courseAward(atendimento.workload);
        const grant = await awardsRepo.insertGrant({
          userId: learner.id,
          targetType: 'course',
          targetId: atendimento.id,
          moment: 'finish',
          points,
          xp,
          badgeId: null,
        });
        await credit(12, {
          points,
          xp,
          source: 'course',
          refType: 'course',
          refId: atendimento.id,
          refLabel: atendimento.title,
          actorId: learner.id,
          idempotencyKey: `award:course:${atendimento.id}`,
        });
        const issuedAt = new Date(now - 12 * DAY);
        const code = newCertificateCode();
        const certificate = await certificatesRepo.insertOnce({
          clientId,
          userId: learner.id,
          targetType: 'course',
          targetId: atendimento.id,
          code,
          learnerName: `${learner.first} ${learner.last}`.trim(),
          title: atendimento.title,
          workloadMinutes: atendimento.workload,
          language: 'pt-BR',
          issuedAt,
          expiresAt: null,
        });
        if (grant && certificate)
          await awardsRepo.setGrantCertificate(grant.id, { id: certificate.id, code });
        const badgeId = badgeIds.get('primeiro-atendimento');
        if (badgeId) {
          await badgesRepo.grant(learner.id, badgeId, { type: 'course', id: atendimento.id });
          await backdateBadge(learner.id, badgeId, 12);
        }
        await awardsRepo.markActiveWeek(learner.id, isoWeekStart(issuedAt));
      }

      // The store's recognition: a manual badge and points from the program administrator.
      const highlight = badgeIds.get('destaque');
      if (highlight) {
        await badgesRepo.grant(learner.id, highlight, { type: 'manual', id: null });
        await backdateBadge(learner.id, highlight, 8);
      }
      await credit(8, {
        points: 150,
        xp: 0,
        source: 'adjustment',
        actorId: admin.id,
        reason: 'Destaque da loja na semana da Black Friday',
        idempotencyKey: 'demo:black-friday-highlight',
      });

      // The film of "Vendas consultivas", watched two days ago.
      const vendas = courseByKey.get('vendas');
      if (vendas) {
        const [film] = await db
          .select({ id: activities.id, title: activities.title })
          .from(activities)
          .where(and(eq(activities.clientId, clientId), eq(activities.courseId, vendas.id)))
          .orderBy(activities.position, activities.id)
          .limit(1);
        if (film) {
          await awardsRepo.insertGrant({
            userId: learner.id,
            targetType: 'activity',
            targetId: film.id,
            moment: 'finish',
            points: 10,
            xp: 5,
            badgeId: null,
          });
          await credit(2, {
            points: 10,
            xp: 5,
            source: 'activity',
            refType: 'activity',
            refId: film.id,
            refLabel: film.title,
            actorId: learner.id,
            idempotencyKey: `award:activity:${film.id}`,
          });
          await awardsRepo.markActiveWeek(learner.id, isoWeekStart(new Date(now - 2 * DAY)));
        }
      }
    } else {
      await credit(30, {
        points: 100,
        xp: 0,
        source: 'adjustment',
        actorId: admin.id,
        reason: 'Boas-vindas ao programa de parceiros Nimbus',
        idempotencyKey: 'demo:nimbus-welcome',
      });
    }
  }
}
