import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { loadConfig } from '../../config';
import { userBrands, userCompanies, userStores } from '../schema/accounts';
import { userClients, users } from '../schema/users';
import { accountsDemoSeeder } from './accounts';
import { demoSeeder, DEMO_PASSWORD } from './demo';
import { e2eWorkerSeeders, workerAccountNames, workerEmail } from './e2e-worker-accounts';
import { runSeeders } from './run-seeders';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('is registered only when the browser journeys ask for worker accounts', () => {
  expect(loadConfig({}).E2E_WORKER_ACCOUNTS).toBe(0);
  expect(e2eWorkerSeeders(0)).toEqual([]);
  expect(() => loadConfig({ E2E_WORKER_ACCOUNTS: 'two' })).toThrow(/E2E_WORKER_ACCOUNTS/);
  expect(loadConfig({ E2E_WORKER_ACCOUNTS: '2' }).E2E_WORKER_ACCOUNTS).toBe(2);
  expect(e2eWorkerSeeders(2).map((s) => s.name)).toEqual(['e2e-worker-accounts-2']);
});

it('copies each demo account per worker with its clients, roles and affiliations, able to sign in', async () => {
  const { db } = t.database;
  await runSeeders(db, [demoSeeder, accountsDemoSeeder, ...e2eWorkerSeeders(2)]);

  const copies = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        [0, 1].flatMap((w) => workerAccountNames.map((n) => workerEmail(n, w))),
      ),
    );
  expect(copies).toHaveLength(workerAccountNames.length * 2);

  const [original] = await db.select().from(users).where(eq(users.email, 'learner@demo.example'));
  const copy = copies.find((u) => u.email === 'learner.w1@demo.example')!;
  expect(copy).toMatchObject({
    firstName: original!.firstName,
    lastName: original!.lastName,
    status: 'active',
    selectedClientId: original!.selectedClientId,
  });
  expect(copy.document).not.toBe(original!.document);
  const roles = async (userId: number) =>
    (await db.select().from(userClients).where(eq(userClients.userId, userId)))
      .map((m) => `${m.clientId}:${m.roles.join(',')}`)
      .sort();
  expect(await roles(copy.id)).toEqual(await roles(original!.id));
  const affiliations = async (userId: number) => [
    (await db.select().from(userCompanies).where(eq(userCompanies.userId, userId))).map((r) => r.companyId),
    (await db.select().from(userBrands).where(eq(userBrands.userId, userId))).map((r) => r.brandId),
    (await db.select().from(userStores).where(eq(userStores.userId, userId))).map((r) => r.storeId),
  ];
  const copied = await affiliations(copy.id);
  expect(copied.every((ids) => ids.length > 0)).toBe(true);
  expect(copied).toEqual(await affiliations(original!.id));
  expect(copies.find((u) => u.email === 'superuser.w0@demo.example')?.isSuperuser).toBe(true);

  const { clientId } = (await t.app.inject({ url: '/api/site/oauth-client' })).json() as { clientId: string };
  const token = await t.app.inject({
    method: 'POST',
    url: '/o/token/',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:`).toString('base64')}`,
    },
    payload: `grant_type=password&username=${encodeURIComponent(copy.email!)}&password=${encodeURIComponent(DEMO_PASSWORD)}`,
  });
  expect(token.statusCode, token.body).toBe(200);
});
