import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, inArray, sql } from 'drizzle-orm';
import { makeValidCpf } from '@trilha/domain/document';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import type { Db } from '../client';
import { clients, countries } from '../schema/core';
import { courses } from '../schema/learning';
import { ledgerEntries, pointLots } from '../schema/ledger';
import { userClients, users } from '../schema/users';
import type { Seeder } from './run-seeders';

const DAY = 86_400_000;

/**
 * Aurora Varejo's colleagues of the demo learner: enough people for the ranking to scroll, with what the
 * demo courses gave them over the last four months. First names sort after "Ana" so the back office's
 * first page of users still starts with the demo accounts.
 */
const colleagues: readonly [string, string][] = [
  ['Beatriz', 'Almeida'],
  ['Bruno', 'Carvalho'],
  ['Caio', 'Fernandes'],
  ['Camila', 'Rocha'],
  ['Carla', 'Nogueira'],
  ['Daniel', 'Ribeiro'],
  ['Débora', 'Martins'],
  ['Diego', 'Araújo'],
  ['Eduarda', 'Barros'],
  ['Felipe', 'Teixeira'],
  ['Fernanda', 'Moreira'],
  ['Gabriel', 'Cardoso'],
  ['Giovana', 'Pinto'],
  ['Gustavo', 'Correia'],
  ['Helena', 'Dias'],
  ['Igor', 'Monteiro'],
  ['Isabela', 'Freitas'],
  ['João Pedro', 'Lopes'],
  ['Juliana', 'Mendes'],
  ['Karina', 'Vieira'],
  ['Larissa', 'Castro'],
  ['Leonardo', 'Campos'],
  ['Letícia', 'Cunha'],
  ['Lucas', 'Batista'],
  ['Marcelo', 'Duarte'],
  ['Mariana', 'Farias'],
  ['Mateus', 'Gomes'],
  ['Natália', 'Macedo'],
  ['Otávio', 'Nunes'],
  ['Patrícia', 'Ramos'],
  ['Paulo', 'Sales'],
  ['Rafaela', 'Tavares'],
  ['Renato', 'Xavier'],
  ['Sabrina', 'Azevedo'],
  ['Thiago', 'Brandão'],
  ['Vanessa', 'Coelho'],
  ['Vinícius', 'Damasceno'],
  ['Yasmin', 'Esteves'],
];

/** Deterministic numbers (mulberry32), so every installation's demo ranking is the same. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

/**
 * The demo ranking: Aurora's colleagues (learners who cannot sign in: their passwords are random and
 * unknown) credited through the ledger service for demo courses, each credit dated on a day of the last
 * four months; then the client's ranking scores are counted again from its ledger, so the month and
 * all-time rankings follow those dates (the trigger dates a credit by when it was written).
 */
export const rankingDemoSeeder: Seeder = {
  name: 'ranking-demo',
  async run(db) {
    const [aurora] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'aurora'));
    const [bra] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'BRA'));
    if (!aurora || !bra) return;
    const clientId = aurora.id;
    const titles = (
      await db
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(eq(courses.clientId, clientId))
        .orderBy(courses.id)
    ).filter((c) => c.title);
    if (!titles.length) return;

    const ledger = createLedgerService({ db });
    const passwordHash = await hash(randomBytes(24).toString('base64url'));
    const rand = random(2026);
    const now = Date.now();
    for (const [i, [first, last]] of colleagues.entries()) {
      const slug = `${first}.${last}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/\s+/g, '')
        .toLowerCase();
      const [user] = await db
        .insert(users)
        .values({
          username: `${slug}.aurora`,
          email: `${slug}@aurora.demo.example`,
          document: makeValidCpf(String(300_000_000 + i * 4_321_987).slice(0, 9)),
          documentCountry: 'BRA',
          passwordHash,
          firstName: first,
          lastName: last,
          status: 'active',
          countryId: bra.id,
          languageId: 1,
          selectedClientId: clientId,
          termsAcceptedAt: new Date(now - (120 + i) * DAY),
        })
        .returning({ id: users.id });
      await db.insert(userClients).values({ userId: user!.id, clientId, roles: ['sales_agent'] });

      // Two to seven finished courses each, worth 50 to 400 points and half as much XP.
      const credits = 2 + rand(6);
      for (let k = 0; k < credits; k++) {
        const course = titles[rand(titles.length)]!;
        const points = 50 * (1 + rand(8));
        const move = await ledger.credit({
          clientId,
          userId: user!.id,
          points,
          xp: points / 2,
          source: 'course',
          refType: 'course',
          refId: course.id,
          refLabel: course.title,
          idempotencyKey: `ranking-demo-${i}-${k}`,
        });
        const at = new Date(now - (1 + rand(120)) * DAY - rand(DAY));
        const ids = [move.pointsEntryId, move.xpEntryId].filter((id): id is number => id !== null);
        await db.update(ledgerEntries).set({ createdAt: at }).where(inArray(ledgerEntries.id, ids));
        await db.update(pointLots).set({ createdAt: at }).where(inArray(pointLots.entryId, ids));
      }
    }
    await recountRanking(db, clientId);
  },
};

/**
 * Counts the client's ranking scores again from its ledger entries, by their dates (the same sum the
 * ranking's trigger keeps: XP, and points earned but not spent, refunded, expired or transferred).
 */
async function recountRanking(db: Db, clientId: number) {
  await db.execute(sql`delete from ranking_scores r where r.client_id = ${clientId}`);
  await db.execute(sql`
    insert into ranking_scores (client_id, user_id, metric, period, score, reached_at)
    select client_id, user_id, ledger, period, sum(amount)::integer, max(created_at)
    from (
      select e.client_id, e.user_id, e.ledger, e.amount, e.created_at, p.period
      from ledger_entries e
      cross join lateral (values ('all'), (to_char(e.created_at at time zone 'UTC', 'YYYY-MM'))) as p(period)
      where e.client_id = ${clientId}
        and (e.ledger = 'xp' or e.source not in ('redemption', 'refund', 'expiry', 'transfer'))
    ) as counted
    group by client_id, user_id, ledger, period`);
}
