import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { languages } from '../../db/schema/core';
import { users } from '../../db/schema/users';
import { createRedisPubSub, type PubSub } from '../../lib/pubsub';

const REDIS_URL = 'redis://127.0.0.1:6379';

let database: Database;
let drop: () => Promise<void>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trilha-notify-'));
/** Two API instances on one database, in step through Redis, as two processes behind a balancer. */
const instances: (BuiltApp & { url: string })[] = [];

async function startInstance(pubsub: PubSub, work: boolean) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    JOB_WORKERS: String(work),
  });
  const built = await buildApp({
    config,
    db: database.db,
    jobQueueConnection: database.jobQueueConnection,
    pubsub,
    logger: false,
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const instance = { ...built, url: `ws://127.0.0.1:${port}/api/realtime` };
  instances.push(instance);
  return instance;
}

/** Opens the realtime channel as a tab would and collects what arrives. */
async function openTab(url: string, token: string) {
  const socket = new WebSocket(url);
  const received: unknown[] = [];
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
  socket.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))));
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  return { socket, received, closed };
}

async function until(check: () => boolean, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return check();
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  // Instance A runs the jobs (and so the push to tabs); instance B only holds the tab's channel.
  await startInstance(createRedisPubSub(REDIS_URL), true);
  await startInstance(createRedisPubSub(REDIS_URL), false);
});

afterAll(async () => {
  for (const i of instances) await i.app.close();
  await database?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('notifications', () => {
  it('has a title and a text for every kind in every language', async () => {
    const { notificationKinds } = await import('@trilha/contracts/notifications');
    for (const lang of ['pt-BR', 'en-US', 'es', 'fr']) {
      const catalog = JSON.parse(
        fs.readFileSync(
          path.resolve(import.meta.dirname, `../../../../../packages/i18n/locales/${lang}/profile.json`),
          'utf8',
        ),
      ) as { notifications: Record<string, Record<string, { title?: string; body?: string }>> };
      for (const kind of notificationKinds) {
        const [area = '', event = ''] = kind.split('.');
        expect({ lang, kind, title: Boolean(catalog.notifications[area]?.[event]?.title) }).toEqual({
          lang,
          kind,
          title: true,
        });
        expect({ lang, kind, body: Boolean(catalog.notifications[area]?.[event]?.body) }).toEqual({
          lang,
          kind,
          body: true,
        });
      }
    }
  });

  it('writes the inbox message in the user’s language and reaches a tab open on the other instance', async () => {
    const [a, b] = instances as [BuiltApp & { url: string }, BuiltApp & { url: string }];
    const client = await createClient(database.db, { name: 'Aurora Varejo' });
    const user = await createUser(database.db, { clientIds: [client.id] });
    const [spanish] = await database.db.select().from(languages).where(eq(languages.code, 'es'));
    await database.db.update(users).set({ languageId: spanish!.id }).where(eq(users.id, user.id));
    const tokens = await login(
      { ...a, database, config: a.ctx.config, close: async () => {} },
      user.username,
    );
    const tab = await openTab(b.url, tokens.user_firebase_token);
    expect(await until(() => tab.received.length > 0)).toBe(true);
    expect(tab.received[0]).toEqual({ type: 'ready' });

    await a.services.notifications.notify({
      userId: user.id,
      clientId: client.id,
      kind: 'account.approved',
      data: { clientName: client.name },
    });

    expect(await until(() => tab.received.length > 1)).toBe(true);
    expect(tab.received[1]).toEqual({ type: 'inbox', clientId: client.id });
    const inbox = await b.app.inject({
      method: 'GET',
      url: '/api/profile/inbox?page=1&pageSize=10',
      headers: bearer(tokens.access_token),
    });
    expect(inbox.statusCode).toBe(200);
    const [message] = inbox.json<{ items: { title: string; body: string }[] }>().items;
    expect(message).toMatchObject({
      title: 'Registro aprobado',
      body: 'Tu registro en Aurora Varejo fue aprobado. ¡Te damos la bienvenida!',
    });
    tab.socket.close();
  });

  it('writes nothing and pushes nothing when the caller’s transaction rolls back', async () => {
    const [a, b] = instances as [BuiltApp & { url: string }, BuiltApp & { url: string }];
    const client = await createClient(database.db);
    const user = await createUser(database.db, { clientIds: [client.id] });
    const tokens = await login(
      { ...a, database, config: a.ctx.config, close: async () => {} },
      user.username,
    );
    const tab = await openTab(b.url, tokens.user_firebase_token);
    expect(await until(() => tab.received.length > 0)).toBe(true);

    await expect(
      database.db.transaction(async (tx) => {
        await a.services.notifications.notify(
          { userId: user.id, clientId: client.id, kind: 'account.approved', data: { clientName: 'X' } },
          { tx },
        );
        throw new Error('approval failed');
      }),
    ).rejects.toThrow('approval failed');
    await new Promise((r) => setTimeout(r, 3_000));
    expect(tab.received).toEqual([{ type: 'ready' }]);
    const unread = await a.app.inject({
      method: 'GET',
      url: '/api/profile/inbox/unread-count',
      headers: bearer(tokens.access_token),
    });
    expect(unread.json()).toEqual({ count: 0 });
    tab.socket.close();
  });

  it('closes a channel whose first message is not a valid realtime token', async () => {
    const [a] = instances;
    const client = await createClient(database.db);
    const user = await createUser(database.db, { clientIds: [client.id] });
    const tokens = await login(
      { ...a!, database, config: a!.ctx.config, close: async () => {} },
      user.username,
    );
    // An access token is not a realtime token.
    const wrongKind = await openTab(a!.url, tokens.access_token);
    expect(await wrongKind.closed).toBe(4401);
    const garbage = await openTab(a!.url, 'not-a-token');
    expect(await garbage.closed).toBe(4401);
    expect(wrongKind.received).toEqual([]);
  });
});
