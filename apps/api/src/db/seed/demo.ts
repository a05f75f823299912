import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { makeValidCpf } from '@trilha/domain/document';
import type { Seeder } from './run-seeders';
import { clients, countries, sites } from '../schema/core';
import { userClients, users } from '../schema/users';
import { wordmark } from './brand';

export const DEMO_PASSWORD = 'Demo@1234';

/** The demo accounts, one per role of the spec; printed at start and listed in the README. */
export const demoAccounts = [
  {
    email: 'learner@demo.example',
    first: 'Ana',
    last: 'Souza',
    roles: ['sales_agent'],
    clients: ['aurora', 'nimbus'],
    what: 'learner, sales agent (two clients)',
  },
  {
    email: 'promoter@demo.example',
    first: 'Bruno',
    last: 'Carvalho',
    roles: ['promoter'],
    clients: ['nimbus'],
    what: 'promoter',
  },
  {
    email: 'storeowner@demo.example',
    first: 'Carla',
    last: 'Mendes',
    roles: ['store_owner'],
    clients: ['nimbus'],
    what: 'store owner',
  },
  {
    email: 'clerk@demo.example',
    first: 'Diego',
    last: 'Ramos',
    roles: ['counter_clerk'],
    clients: ['nimbus'],
    what: 'counter clerk',
  },
  {
    email: 'instructor@demo.example',
    first: 'Elisa',
    last: 'Prado',
    roles: ['instructor'],
    clients: ['aurora'],
    what: 'instructor',
  },
  {
    email: 'moderator@demo.example',
    first: 'Fábio',
    last: 'Lima',
    roles: ['moderator'],
    clients: ['aurora'],
    what: 'moderator',
  },
  {
    email: 'manager@demo.example',
    first: 'Gabriela',
    last: 'Rocha',
    roles: ['manager'],
    clients: ['aurora', 'nimbus'],
    what: 'manager (builds trainings)',
  },
  {
    email: 'admin@demo.example',
    first: 'Henrique',
    last: 'Alves',
    roles: ['program_admin'],
    clients: ['aurora', 'nimbus'],
    what: 'program administrator',
  },
  {
    email: 'auditor@demo.example',
    first: 'Isabela',
    last: 'Nunes',
    roles: ['auditor'],
    clients: ['nimbus'],
    what: 'auditor',
  },
  {
    email: 'support@demo.example',
    first: 'João',
    last: 'Pereira',
    roles: ['support'],
    clients: ['aurora', 'nimbus'],
    what: 'support',
  },
  {
    email: 'superuser@demo.example',
    first: 'Marina',
    last: 'Costa',
    roles: [],
    clients: [],
    superuser: true,
    what: 'superuser',
  },
  {
    email: 'blocked@demo.example',
    first: 'Rafael',
    last: 'Teixeira',
    roles: ['sales_agent'],
    clients: ['aurora'],
    status: 'blocked',
    what: 'blocked sales agent',
  },
] as const;

export const demoSeeder: Seeder = {
  name: 'demo-accounts',
  async run(db) {
    const [site] = await db.select().from(sites);
    const [bra] = await db.select().from(countries).where(eq(countries.code, 'BRA'));
    const inserted = await db
      .insert(clients)
      .values([
        {
          slug: 'aurora',
          name: 'Aurora Varejo',
          siteId: site!.id,
          homeRoute: '/home',
          primaryColor: '#0b7285',
          logoUrl: wordmark('Aurora', '#0b7285', 'Varejo'),
          flags: {
            has_ranking: true,
            group_training_use_score: false,
            has_library: true,
            has_news: true,
            has_webcasts: true,
            has_profile: true,
            has_courses: true,
            has_trails: true,
            has_presentials: true,
            has_live_classes: true,
            has_podcasts: true,
            has_reward_store: true,
            has_events: true,
            has_faq: true,
          },
        },
        {
          slug: 'nimbus',
          name: 'Nimbus Tech',
          siteId: site!.id,
          homeRoute: '/online-courses',
          primaryColor: '#5f3dc4',
          logoUrl: wordmark('Nimbus', '#5f3dc4', 'Tech Trade'),
          flags: {
            has_ranking: false,
            group_training_use_score: true,
            has_library: false,
            has_news: false,
            has_webcasts: false,
            has_profile: true,
            has_courses: true,
            has_trails: true,
            has_campaigns: true,
            has_insert_sales: true,
            has_upload_photos: true,
            has_points_table: true,
            has_reward_store: true,
            has_faq: true,
          },
        },
      ])
      .returning({ id: clients.id, slug: clients.slug });
    const clientId = (slug: string) => inserted.find((c) => c.slug === slug)!.id;
    const passwordHash = await hash(DEMO_PASSWORD);
    let n = 0;
    for (const account of demoAccounts) {
      n += 1;
      const [user] = await db
        .insert(users)
        .values({
          username: account.email.split('@')[0]!,
          email: account.email,
          document: makeValidCpf(String(100_000_000 + n * 7_654_321).slice(0, 9)),
          documentCountry: 'BRA',
          passwordHash,
          firstName: account.first,
          lastName: account.last,
          isSuperuser: 'superuser' in account && account.superuser,
          status: 'status' in account ? account.status : 'active',
          countryId: bra!.id,
          languageId: 1,
          selectedClientId: account.clients[0] ? clientId(account.clients[0]) : null,
          termsAcceptedAt: new Date(),
          blockedAt: 'status' in account ? new Date() : null,
        })
        .returning({ id: users.id });
      for (const slug of account.clients) {
        await db
          .insert(userClients)
          .values({ userId: user!.id, clientId: clientId(slug), roles: [...account.roles] });
      }
    }
  },
};
