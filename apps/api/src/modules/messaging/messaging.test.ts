import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startSmtpServer } from '../../../test/accounts-smtp';
import { createClient, createUser } from '../../../test/factories';
import type { MessagingService } from './messaging.service';
import { captureDir, readCaptured } from './capture';
import { HIDDEN_SECRET, templateNames } from './templates';

describe('messaging over a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let messaging: MessagingService;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Trilha <no-reply@trilha.test>' });
    messaging = t.features.messaging as MessagingService;
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
    expect(sent.status).toBe('sent');
    expect(sent.clientId).toBe(client.id);
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
    expect((await smtp.lastTo('bob@example.com')).text).toContain('within 7 working days');

    const page = await messaging.listOutbox({ search: 'ana@example.com' });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ channel: 'email', to: 'ana@example.com', status: 'sent' });
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

  it('records a failed delivery and answers MESSAGE_NOT_SENT', async () => {
    await smtp.close();
    await expect(
      messaging.send({
        channel: 'email',
        to: 'nobody@example.com',
        template: 'recovery_code',
        params: { code: '111111', minutes: 10 },
        lang: 'pt-BR',
      }),
    ).rejects.toMatchObject({ code: 'MESSAGE_NOT_SENT' });
    const page = await messaging.listOutbox({ search: 'nobody@example.com' });
    expect(page.items[0]).toMatchObject({ status: 'failed' });
    expect(page.items[0]!.error).toBeTruthy();
    smtp = await startSmtpServer();
  });
});

describe('SMS and WhatsApp providers', () => {
  let t: TestApp;
  let server: http.Server;
  const received: { channel: string; to: string; body: string; auth?: string }[] = [];
  let failNext = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        if (failNext) {
          failNext = false;
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
    const messaging = t.features.messaging as MessagingService;
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
    expect(received[0]).toMatchObject({ channel: 'sms', to: '+5511987654321', auth: 'Bearer sms-token' });
    expect(received[0]!.body).toContain('654321');
    expect(received[1]).toMatchObject({ channel: 'whatsapp' });
    expect(received[1]!.body).toContain('Votre code de vérification est 222333');
    const page = await messaging.listOutbox({ channel: 'whatsapp' });
    expect(page.items).toHaveLength(1);
  });

  it('answers MESSAGE_NOT_SENT when the provider refuses', async () => {
    const messaging = t.features.messaging as MessagingService;
    failNext = true;
    await expect(
      messaging.send({
        channel: 'sms',
        to: '+5511900000000',
        template: 'recovery_code',
        params: { code: '1', minutes: 1 },
        lang: 'pt-BR',
      }),
    ).rejects.toMatchObject({ code: 'MESSAGE_NOT_SENT', status: 502 });
  });
});
