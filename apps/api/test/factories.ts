import { hash } from '@node-rs/argon2';
import { makeValidCpf } from '@trilha/domain/document';
import type { Db } from '../src/db/client';
import { clients, sites } from '../src/db/schema/core';
import { oauthApps } from '../src/db/schema/auth';
import { userClients, users } from '../src/db/schema/users';

let seq = 0;
const next = () => {
  seq += 1;
  return `${process.pid}${seq}`;
};

let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'Test@1234';
const passwordHash = () => (cachedHash ??= hash(TEST_PASSWORD));

export async function createClient(db: Db, values: Partial<typeof clients.$inferInsert> = {}) {
  const [site] = await db.select().from(sites);
  const n = next();
  const [row] = await db
    .insert(clients)
    .values({
      slug: `client-${n}`,
      name: `Client ${n}`,
      siteId: site!.id,
      flags: { has_courses: true, has_trails: true },
      ...values,
    })
    .returning();
  return row!;
}

export async function createUser(
  db: Db,
  opts: Partial<typeof users.$inferInsert> & { clientIds?: number[]; roles?: string[] } = {},
) {
  const { clientIds = [], roles = ['sales_agent'], ...values } = opts;
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      username: `user${n}`,
      email: `user${n}@test.example`,
      document: makeValidCpf(n.padStart(9, '7').slice(-9)),
      documentCountry: 'BRA',
      passwordHash: await passwordHash(),
      firstName: 'Test',
      lastName: `User ${n}`,
      languageId: 1,
      selectedClientId: clientIds[0] ?? null,
      ...values,
    })
    .returning();
  for (const clientId of clientIds) {
    await db.insert(userClients).values({ userId: row!.id, clientId, roles });
  }
  return row!;
}

export async function createConfidentialApp(db: Db, clientId: string, secret: string) {
  const [row] = await db
    .insert(oauthApps)
    .values({ clientId, name: clientId, confidential: true, secretHash: await hash(secret) })
    .returning();
  return row!;
}
