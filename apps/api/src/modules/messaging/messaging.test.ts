import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../../../test/build-test-app';
import { startSmtpServer } from '../../../test/accounts-smtp';
import { createClient, createUser } from '../../../test/factories';
import { openDatabase, rowsOf, type Database } from '../../db/client';
import { outbox } from '../../db/schema/accounts';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { createUserDirectory } from '../users/user-directory';
import { createMessagingService, SEND_RETRY_LIMIT, type MessagingService } from './messaging.service';
import { captureDir, readCaptured } from './capture';
import { createEmailTransport, createTextProvider } from './providers';
import { createReachability } from './reachability';
import { createSealer } from './sealed';
import { HIDDEN_SECRET, templateNames } from './templates';

/** The send jobs as the job table keeps them (live and dead), as text. */
async function jobRows(database: Database) {
  return rowsOf<{ name: string; state: string; data: string }>(
    await database.db.execute(
      sql`select name, state, data::text as data from pgboss.job where name like 'messaging.send%' order by created_on`,
    ),
  );
}

/** Lets the back-off of every send job waiting for a retry run out (it is 30 s and more). */
async function endBackOff(database: Database) {
  await database.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'messaging.send' and state = 'retry'`,
  );
}

async function outboxRow(database: Database, id: number) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

describe('messaging over a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let messaging: MessagingService;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Trilha <no-reply@trilha.test>' });
    messaging = t.modules.messaging;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers an e-mail in the chosen language and records it in the outbox', async () => {
    const client = await createClient(t.database.db);
    const user = await createUser(t.database.db, { clientIds: [client.id] });
    const sent = await messaging.send({
      channel: 'email',
      to: 'ana@example.com',
      template: 'support_ticket_received',
      params: { name: 'Ana', protocol: '2026-000123', workingDays: 7 },
      lang: 'pt-BR',
      userId: user.id,
    });
    // The request only queues it; the job (run here, as a test app has no workers) delivers it.
    expect(sent.status).toBe('queued');
    expect(sent.clientId).toBe(client.id);
    expect(await messaging.deliverQueued()).toBe(1);
    const mail = await smtp.lastTo('ana@example.com');
    expect(mail.from).toBe('no-reply@trilha.test');
    expect(mail.subject).toBe('Recebemos sua mensagem — protocolo 2026-000123');
    expect(mail.text).toContain('em até 7 dias úteis');

    await messaging.send({
      channel: 'email',
      to: 'bob@example.com',
      template: 'support_ticket_received',
      params: { name: 'Bob', protocol: 'X-1', workingDays: 7 },
      lang: 'en-US',
    });
    await messaging.deliverQueued();
    expect((await smtp.lastTo('bob@example.com')).text).toContain('within 7 working days');

    const page = await messaging.listOutbox({ search: 'ana@example.com' });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ channel: 'email', to: 'ana@example.com', status: 'sent' });
    expect(await outboxRow(t.database, sent.id)).toMatchObject({ attempts: 1, error: null });
    const scoped = await messaging.listOutbox({ clientId: client.id });
    expect(scoped.items.map((m) => m.to)).toEqual(['ana@example.com']);
  });

  it('has every template in the four languages', async () => {
    for (const template of templateNames) {
      for (const lang of ['pt-BR', 'en-US', 'es', 'fr'] as const) {
        const sent = await messaging.send({
          channel: 'sms',
          to: '+5511987654321',
          template,
          params: {
            name: 'Ana',
            code: '123456',
            minutes: 10,
            link: 'https://x.test/l',
            hours: 24,
            protocol: 'P',
            workingDays: 7,
          },
          lang,
        });
        expect(sent.body).not.toMatch(/\{\{/);
        expect(sent.body.length).toBeGreaterThan(10);
      }
    }
  });

  it('keeps links and codes out of the outbox: the recipient gets them, staff see that they were sent', async () => {
    const client = await createClient(t.database.db);
    const user = await createUser(t.database.db, { clientIds: [client.id] });
    const link = 'https://app.test/set-password/joana/MTI/abc-SECRETTOKEN';
    await messaging.send({
      channel: 'email',
      to: 'joana@example.com',
      template: 'set_password',
      params: { name: 'Joana', link, hours: 72 },
      lang: 'pt-BR',
      userId: user.id,
    });
    // Queued, the link travels sealed: not in the job table, not even in part.
    const queued = await jobRows(t.database);
    expect(queued.length).toBeGreaterThan(0);
    for (const job of queued) {
      expect(job.data).not.toContain('SECRETTOKEN');
      expect(job.data).not.toContain('/set-password/');
    }
    await messaging.deliverQueued();
    expect((await smtp.lastTo('joana@example.com')).text).toContain(link);
    const [stored] = (await messaging.listOutbox({ search: 'joana@example.com' })).items;
    expect(stored).toMatchObject({ template: 'set_password', to: 'joana@example.com', status: 'sent' });
    expect(stored!.body).not.toContain('SECRETTOKEN');
    expect(stored!.body).not.toContain('/set-password/');
    expect(stored!.body).toContain(HIDDEN_SECRET);
    // Not even a search for a part of the secret finds it.
    expect((await messaging.listOutbox({ search: 'SECRETTOKEN' })).total).toBe(0);
    // The development capture is the recipient's copy, secret included.
    const [captured] = await readCaptured(captureDir(t.config.DATA_DIR), 'joana@example.com');
    expect(captured).toMatchObject({ template: 'set_password' });
    expect(captured!.body).toContain(link);

    await messaging.send({
      channel: 'sms',
      to: '+5511955554444',
      template: 'recovery_code',
      params: { code: '918273', minutes: 10 },
      lang: 'en-US',
    });
    const [code] = (await messaging.listOutbox({ search: '+5511955554444' })).items;
    expect(code!.body).not.toContain('918273');
    expect(JSON.stringify(await jobRows(t.database))).not.toContain('918273');
    await messaging.deliverQueued();
    expect((await jobRows(t.database)).map((j) => j.state)).not.toContain('created');
    expect(JSON.stringify(await jobRows(t.database))).not.toContain('918273');
  });

  it("files a message under the client it was sent for, never the recipient's selected client", async () => {
    const a = await createClient(t.database.db);
    const b = await createClient(t.database.db);
    // Member of both, with B selected.
    const user = await createUser(t.database.db, { clientIds: [b.id, a.id] });
    const forA = await messaging.send({
      channel: 'email',
      to: 'both@example.com',
      template: 'registration_received',
      params: { name: 'Both' },
      lang: 'pt-BR',
      userId: user.id,
      clientId: a.id,
    });
    expect(forA.clientId).toBe(a.id);
    // Sent for no client in particular: with two clients it belongs to neither (superusers see it).
    const unbound = await messaging.send({
      channel: 'email',
      to: 'both@example.com',
      template: 'registration_approved',
      params: { name: 'Both', link: 'https://app.test/' },
      lang: 'pt-BR',
      userId: user.id,
    });
    expect(unbound.clientId).toBeNull();
    expect((await messaging.listOutbox({ clientId: b.id })).total).toBe(0);
    expect((await messaging.listOutbox({ clientId: a.id })).items.map((m) => m.id)).toEqual([forA.id]);
  });

  it('answers MESSAGE_NOT_SENT at once, and queues nothing, when the mail server takes no connection', async () => {
    const down = await startSmtpServer();
    await down.close();
    const offline = await buildTestApp({ SMTP_URL: down.url });
    try {
      const service = offline.modules.messaging;
      await expect(
        service.send({
          channel: 'email',
          to: 'nobody@example.com',
          template: 'recovery_code',
          params: { code: '111111', minutes: 10 },
          lang: 'pt-BR',
        }),
      ).rejects.toMatchObject({ code: 'MESSAGE_NOT_SENT', status: 502 });
      const page = await service.listOutbox({ search: 'nobody@example.com' });
      expect(page.items[0]).toMatchObject({ status: 'failed' });
      expect(page.items[0]!.error).toMatch(/unreachable/);
      expect(await jobRows(offline.database)).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});

describe('SMS and WhatsApp providers', () => {
  let t: TestApp;
  let server: http.Server;
  const received: { channel: string; to: string; body: string; auth?: string }[] = [];
  /** The provider answers 503 to this many posts before it takes them again. */
  let failures = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        if (failures > 0) {
          failures--;
          res.writeHead(503).end();
          return;
        }
        received.push({
          ...(JSON.parse(data) as { channel: string; to: string; body: string }),
          auth: req.headers.authorization,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    t = await buildTestApp({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: url,
      SMS_HTTP_TOKEN: 'sms-token',
      WHATSAPP_PROVIDER: 'http',
      WHATSAPP_HTTP_URL: url,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts SMS and WhatsApp messages to the provider and keeps them in the outbox', async () => {
    const messaging = t.modules.messaging;
    await messaging.send({
      channel: 'sms',
      to: '+5511987654321',
      template: 'recovery_code',
      params: { code: '654321', minutes: 10 },
      lang: 'es',
    });
    await messaging.send({
      channel: 'whatsapp',
      to: '+5511987654321',
      template: 'phone_verification_code',
      params: { code: '222333', minutes: 10 },
      lang: 'fr',
    });
    expect(received).toEqual([]);
    expect(await messaging.deliverQueued()).toBe(2);
    expect(received[0]).toMatchObject({ channel: 'sms', to: '+5511987654321', auth: 'Bearer sms-token' });
    expect(received[0]!.body).toContain('654321');
    expect(received[1]).toMatchObject({ channel: 'whatsapp' });
    expect(received[1]!.body).toContain('Votre code de vérification est 222333');
    const page = await messaging.listOutbox({ channel: 'whatsapp' });
    expect(page.items).toHaveLength(1);
  });

  it('retries a send the provider refused, after its back-off, and then delivers it', async () => {
    const messaging = t.modules.messaging;
    failures = 1;
    const queued = await messaging.send({
      channel: 'sms',
      to: '+5511900000000',
      template: 'recovery_code',
      params: { code: '402918', minutes: 10 },
      lang: 'pt-BR',
    });
    expect(queued.status).toBe('queued');
    expect(await messaging.deliverQueued()).toBe(1);
    expect(await outboxRow(t.database, queued.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'sms provider answered 503',
    });
    expect(received.some((m) => m.body.includes('402918'))).toBe(false);
    // The retry waits for its back-off.
    expect(await messaging.deliverQueued()).toBe(0);
    await endBackOff(t.database);
    expect(await messaging.deliverQueued()).toBe(1);
    expect(await outboxRow(t.database, queued.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
    });
    expect(received.filter((m) => m.body.includes('402918'))).toHaveLength(1);
    expect(JSON.stringify(await jobRows(t.database))).not.toContain('402918');
    // Run again (as after a lost completion), a sent message is not sent twice.
    const [job] = rowsOf<{ data: { outboxId: number; sealed: string } }>(
      await t.database.db.execute(
        sql`select data from pgboss.job where name = 'messaging.send' and (data->>'outboxId')::int = ${queued.id}`,
      ),
    );
    await t.jobs.send('messaging.send', job!.data);
    expect(await messaging.deliverQueued()).toBe(1);
    expect(received.filter((m) => m.body.includes('402918'))).toHaveLength(1);
  });

  it('gives up after the last try: the job goes to the dead letters and the outbox row says failed', async () => {
    const messaging = t.modules.messaging;
    failures = SEND_RETRY_LIMIT + 1;
    const queued = await messaging.send({
      channel: 'whatsapp',
      to: '+5511911112222',
      template: 'phone_verification_code',
      params: { code: '775533', minutes: 10 },
      lang: 'es',
    });
    for (let attempt = 1; attempt <= SEND_RETRY_LIMIT + 1; attempt++) {
      expect(await messaging.deliverQueued()).toBe(1);
      const row = await outboxRow(t.database, queued.id);
      expect(row).toMatchObject({
        attempts: attempt,
        status: attempt <= SEND_RETRY_LIMIT ? 'queued' : 'failed',
        error: 'whatsapp provider answered 503',
      });
      await endBackOff(t.database);
    }
    expect(await messaging.deliverQueued()).toBe(0);
    const dead = (await t.jobs.failures(10)).filter((f) => f.queue === 'messaging.send');
    expect(dead).toHaveLength(1);
    expect(dead[0]!.data).toMatchObject({ outboxId: queued.id, sealed: expect.any(String) });
    expect(JSON.stringify(await jobRows(t.database))).not.toContain('775533');
    expect(received.some((m) => m.body.includes('775533'))).toBe(false);

    // Sent back from the jobs screen once the provider works again, it is delivered.
    expect(await t.jobs.retryDead('messaging.send', dead[0]!.id)).toBe(true);
    expect(await messaging.deliverQueued()).toBe(1);
    expect(await outboxRow(t.database, queued.id)).toMatchObject({ status: 'sent', error: null });
    expect(received.filter((m) => m.body.includes('775533'))).toHaveLength(1);
  });
});

// Two API processes share one PostgreSQL database; PGlite is one in-process database, where the question
// of two instances does not arise (as in jobs/job-queue.test.ts).
describe.runIf(inject('dbTemplate').kind === 'postgres')('two instances working the send queue', () => {
  it('deliver each message once', async () => {
    const { database, drop } = await openTestDatabase();
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        received.push((JSON.parse(data) as { to: string }).to);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    const quiet = { error: () => {}, info: () => {} };
    const sealer = createSealer(Buffer.alloc(32, 7));
    const instances: { own: Database; jobs: JobQueue; messaging: MessagingService }[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        // Each instance with its own pool and queue, as two processes have.
        const connectionString = (database.jobQueueConnection as { connectionString: string })
          .connectionString;
        const own = await openDatabase({ databaseUrl: connectionString, poolSize: 3 });
        const jobs = createJobQueue(own.jobQueueConnection, quiet, { pollingIntervalSeconds: 0.5 });
        const messaging = createMessagingService({
          db: own.db,
          users: createUserDirectory(own.db),
          jobs,
          email: createEmailTransport({}),
          sms: createTextProvider('sms', 'http', url, undefined),
          whatsapp: createTextProvider('whatsapp', 'log', undefined, undefined),
          mailFrom: 'Trilha <no-reply@trilha.test>',
          sealer,
          reachability: createReachability({}),
          log: () => {},
        });
        instances.push({ own, jobs, messaging });
      }
      await Promise.all(instances.map((x) => x.jobs.start({ work: true })));
      const phones = Array.from({ length: 30 }, (_, i) => `+55119000${String(i).padStart(5, '0')}`);
      await Promise.all(
        phones.map((to, i) =>
          instances[i % 2]!.messaging.send({
            channel: 'sms',
            to,
            template: 'recovery_code',
            params: { code: '123456', minutes: 10 },
            lang: 'pt-BR',
          }),
        ),
      );
      const sentCount = async () =>
        rowsOf<{ n: number }>(
          await database.db.execute(sql`select count(*)::int as n from outbox where status = 'sent'`),
        )[0]!.n;
      const until = Date.now() + 30_000;
      while ((await sentCount()) < phones.length && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
      }
      // Give a second delivery of any of them time to show up.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await sentCount()).toBe(phones.length);
      expect([...received].sort()).toEqual([...phones].sort());
    } finally {
      for (const x of instances) await x.jobs.stop();
      for (const x of instances) await x.own.close();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      await drop();
    }
  }, 60_000);
});
