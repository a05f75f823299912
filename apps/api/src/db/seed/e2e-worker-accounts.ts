import { and, eq, inArray } from 'drizzle-orm';
import { makeValidCpf } from '@trilha/domain/document';
import { loadConfig } from '../../config';
import type { Db } from '../client';
import type { Seeder } from './run-seeders';
import { brands, userBrands, userCompanies, userStores } from '../schema/accounts';
import { userClients, users } from '../schema/users';

/**
 * The demo accounts the browser journeys sign in with, copied once per test worker so that journeys
 * running side by side never share an account (its language, selected company, failed-login lock,
 * mailbox, blocked state). See docs/testing.md.
 */
export const workerAccountNames = [
  'learner',
  'promoter',
  'clerk',
  'moderator',
  'manager',
  'admin',
  'support',
  'superuser',
] as const;

/** The address of a demo account's copy for one test worker: `learner.w1@demo.example`. */
export function workerEmail(name: string, worker: number): string {
  return `${name}.w${worker}@demo.example`;
}

/**
 * Copies each demo account of `workerAccountNames` as seeded (profile fields, password, clients and roles,
 * company, brands and stores) for workers 0..count-1. Runs after the demo seeders, on the accounts they
 * made, so a copy stays what the demo account is when those seeders change.
 */
export async function seedWorkerAccounts(db: Db, count: number) {
  const emails = workerAccountNames.map((name) => `${name}@demo.example`);
  const originals = await db.select().from(users).where(inArray(users.email, emails));
  for (let worker = 0; worker < count; worker++) {
    for (const [n, name] of workerAccountNames.entries()) {
      const original = originals.find((u) => u.email === `${name}@demo.example`);
      if (!original) continue;
      const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = original;
      const [copy] = await db
        .insert(users)
        .values({
          ...fields,
          username: `${original.username}.w${worker}`,
          email: workerEmail(name, worker),
          document: makeValidCpf(String(800_000_000 + worker * 1_000 + n)),
          // Nothing the journeys check: a phone of its own keeps recovery by SMS to the original.
          phone: null,
          phoneVerified: false,
        })
        .returning({ id: users.id });
      const userId = copy!.id;

      const memberships = await db.select().from(userClients).where(eq(userClients.userId, original.id));
      for (const m of memberships) {
        await db.insert(userClients).values({ userId, clientId: m.clientId, roles: m.roles });
        const companies = await db
          .select()
          .from(userCompanies)
          .where(and(eq(userCompanies.userId, original.id), eq(userCompanies.clientId, m.clientId)));
        for (const c of companies) {
          await db.insert(userCompanies).values({ userId, clientId: c.clientId, companyId: c.companyId });
        }
        const brandRows = await db
          .select({ brandId: userBrands.brandId })
          .from(userBrands)
          .innerJoin(brands, eq(brands.id, userBrands.brandId))
          .where(and(eq(userBrands.userId, original.id), eq(brands.clientId, m.clientId)));
        for (const b of brandRows) await db.insert(userBrands).values({ userId, brandId: b.brandId });
      }
      const storeRows = await db
        .select({ storeId: userStores.storeId })
        .from(userStores)
        .where(eq(userStores.userId, original.id));
      for (const s of storeRows) await db.insert(userStores).values({ userId, storeId: s.storeId });
    }
  }
}

/**
 * Registered after the demo seeders only when E2E_WORKER_ACCOUNTS is set (playwright.config.ts's server),
 * never in a normal start.
 */
export function e2eWorkerSeeders(count: number = loadConfig().E2E_WORKER_ACCOUNTS): Seeder[] {
  if (!count) return [];
  return [{ name: `e2e-worker-accounts-${count}`, run: (db) => seedWorkerAccounts(db, count) }];
}
