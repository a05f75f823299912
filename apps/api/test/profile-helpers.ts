import sharp from 'sharp';
import type { TestApp } from './build-test-app';
import { createClient, createUser } from './factories';
import { bearer, login } from './http';

/** A PNG of the given size (a gradient, so crops are distinguishable). */
export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** A multipart body with text fields then one file, as a browser's FormData sends it. */
export function multipart(
  file: { name: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const boundary = `----trilha${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  chunks.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Two clients with their own people; the admin, support and manager of A see nothing of B. */
export async function twoClients(t: TestApp) {
  const db = t.database.db;
  const a = await createClient(db, { name: 'Alpha Varejo' });
  const b = await createClient(db, { name: 'Beta Tech' });
  const adminA = await createUser(db, {
    clientIds: [a.id],
    roles: ['program_admin'],
    firstName: 'Adriana',
    lastName: 'Admin',
  });
  const supportA = await createUser(db, {
    clientIds: [a.id],
    roles: ['support'],
    firstName: 'Sergio',
    lastName: 'Suporte',
  });
  const managerA = await createUser(db, {
    clientIds: [a.id],
    roles: ['manager'],
    firstName: 'Marta',
    lastName: 'Gestora',
  });
  const learnerA = await createUser(db, {
    clientIds: [a.id],
    roles: ['sales_agent'],
    firstName: 'Lucas',
    lastName: 'Vendedor',
  });
  const adminB = await createUser(db, {
    clientIds: [b.id],
    roles: ['program_admin'],
    firstName: 'Bia',
    lastName: 'Admin',
  });
  const learnerB = await createUser(db, {
    clientIds: [b.id],
    roles: ['sales_agent'],
    firstName: 'Bruno',
    lastName: 'Beta',
  });
  return { a, b, adminA, supportA, managerA, learnerA, adminB, learnerB };
}

export async function authAs(t: TestApp, username: string) {
  const tokens = await login(t, username);
  return { tokens, headers: bearer(tokens.access_token) };
}
