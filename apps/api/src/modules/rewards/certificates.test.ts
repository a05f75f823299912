import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';
import { addMonths, normalizeCertificateCode } from './certificates.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const certificates = () => t.modules.rewards.certificates;

async function setup(clientValues: Parameters<typeof createClient>[1] = {}) {
  const db = t.database.db;
  const client = await createClient(db, clientValues);
  const learner = await createUser(db, { clientIds: [client.id], firstName: 'Ana', lastName: 'Conceição' });
  const admin = await createUser(db, { clientIds: [client.id], roles: ['program_admin'] });
  const learnerToken = (await login(t, learner.username)).access_token;
  const adminToken = (await login(t, admin.username)).access_token;
  return { client, learner, admin, learnerToken, adminToken };
}

async function setExpiry(id: number, expiresAt: string) {
  await t.database.db.execute(
    sql`update certificates set expires_at = ${expiresAt}::timestamptz where id = ${id}`,
  );
}

describe('issuing', () => {
  it('freezes the facts, audits, notifies, and answers the first certificate on a second call', async () => {
    const { client, learner, learnerToken } = await setup();
    const input = {
      clientId: client.id,
      userId: learner.id,
      targetType: 'course' as const,
      targetId: 41,
      title: 'Segurança no trabalho',
      workloadMinutes: 150,
      validityMonths: 12,
    };
    const first = await certificates().issue(input);
    expect(first.created).toBe(true);
    expect(first.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const again = await certificates().issue({ ...input, title: 'Another title' });
    expect(again).toEqual({ id: first.id, code: first.code, created: false });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/rewards/certificates',
      headers: bearer(learnerToken),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [item] = list.json<{ items: Record<string, unknown>[] }>().items;
    expect(item).toMatchObject({
      id: first.id,
      code: first.code,
      title: 'Segurança no trabalho',
      targetType: 'course',
      targetId: 41,
      status: 'valid',
      revokedAt: null,
      verifyUrl: `${t.config.PUBLIC_URL}/certificates/${first.code}`,
    });
    const months =
      (new Date(item!.expiresAt as string).getTime() - new Date(item!.issuedAt as string).getTime()) /
      (1000 * 60 * 60 * 24);
    expect(months).toBeGreaterThanOrEqual(365);
    expect(months).toBeLessThanOrEqual(366);

    const audits = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_log where client_id = ${client.id} and entity_id = ${String(first.id)}`,
      ),
    );
    expect(audits.map((a) => a.action)).toEqual(['certificate.issue']);
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/profile/inbox?page=1&pageSize=10',
      headers: bearer(learnerToken),
    });
    expect(JSON.stringify(inbox.json())).toContain(first.code);
  });
});

describe('the PDF', () => {
  it('is one valid A4 landscape page with the learner, the title and the code, as an attachment', async () => {
    const { client, learner, learnerToken } = await setup();
    const { id, code } = await certificates().issue({
      clientId: client.id,
      userId: learner.id,
      targetType: 'trail',
      targetId: 7,
      title: 'Liderança e gestão — módulo Ω',
      workloadMinutes: 90,
      validityMonths: null,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rewards/certificates/${id}/pdf`,
      headers: bearer(learnerToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="certificate-.+\.pdf"$/);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);

    const { drawn } = await certificates().service.renderById(client.id, id);
    expect(drawn).toContain('Ana Conceição');
    // Ω is outside WinAnsi: drawn as a replacement, never a failed render.
    expect(drawn).toContain('Liderança e gestão — módulo ?');
    expect(drawn).toContain(code);
    expect(drawn.join(' ')).toContain('1 h 30 min');
    expect(drawn.some((d) => d.includes('concluiu a trilha'))).toBe(true);
  });

  it("answers 404 for another learner's certificate and for another client's id", async () => {
    const a = await setup();
    const b = await setup();
    const other = await createUser(t.database.db, { clientIds: [a.client.id] });
    const otherToken = (await login(t, other.username)).access_token;
    const { id } = await certificates().issue({
      clientId: a.client.id,
      userId: a.learner.id,
      targetType: 'course',
      targetId: 1,
      title: 'Vendas',
      workloadMinutes: null,
      validityMonths: null,
    });
    for (const token of [otherToken, b.learnerToken]) {
      for (const url of [
        `/api/rewards/certificates/${id}/pdf`,
        `/api/rewards/certificates/${id}/credential`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(404);
      }
    }
  });
});

describe('the legacy trail certificate call', () => {
  it('answers where the PDF is for a trail the caller has a certificate of, 404 otherwise', async () => {
    const { client, learner, learnerToken } = await setup();
    const { id, code } = await certificates().issue({
      clientId: client.id,
      userId: learner.id,
      targetType: 'trail',
      targetId: 99,
      title: 'Onboarding',
      workloadMinutes: 60,
      validityMonths: null,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/get_trail_user_result_certificate/',
      headers: { ...bearer(learnerToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'trail_id=99',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ certificate_url: `/api/rewards/certificates/${id}/pdf`, code });
    const none = await t.app.inject({
      method: 'POST',
      url: '/get_trail_user_result_certificate/',
      headers: { ...bearer(learnerToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'trail_id=98',
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('public verification', () => {
  it('answers valid, expired and revoked, with the reason; unknown and malformed codes are 404', async () => {
    const { client, learner, adminToken } = await setup({ name: 'Loja Aurora' });
    const issue = (targetId: number) =>
      certificates().issue({
        clientId: client.id,
        userId: learner.id,
        targetType: 'course',
        targetId,
        title: `Curso ${targetId}`,
        workloadMinutes: 45,
        validityMonths: 6,
      });
    const valid = await issue(1);
    const expired = await issue(2);
    const revoked = await issue(3);
    await setExpiry(expired.id, '2020-01-01T00:00:00Z');

    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${revoked.id}/revoke`,
      headers: bearer(adminToken),
      payload: { reason: 'Issued by mistake' },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toMatchObject({ status: 'revoked', revokeReason: 'Issued by mistake' });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${revoked.id}/revoke`,
      headers: bearer(adminToken),
      payload: { reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('CERTIFICATE_ALREADY_REVOKED');

    const check = (code: string) => t.app.inject({ method: 'GET', url: `/api/public/certificates/${code}` });
    const v = await check(valid.code);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({
      code: valid.code,
      learnerName: 'Ana Conceição',
      title: 'Curso 1',
      targetType: 'course',
      workloadMinutes: 45,
      status: 'valid',
      revokeReason: null,
      issuer: { name: 'Loja Aurora', logoUrl: null },
    });
    // Typed from paper: lower case, no dashes.
    expect((await check(valid.code.replaceAll('-', '').toLowerCase())).json().code).toBe(valid.code);
    expect((await check(expired.code)).json()).toMatchObject({ status: 'expired' });
    expect((await check(revoked.code)).json()).toMatchObject({
      status: 'revoked',
      revokeReason: 'Issued by mistake',
    });
    expect((await check('ZZZZ-ZZZZ-ZZZZ')).statusCode).toBe(404);
    const malformed = await check('not-a-code');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error.code).toBe('CERTIFICATE_NOT_FOUND');

    const audits = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_log where client_id = ${client.id} and action = 'certificate.revoke'`,
      ),
    );
    expect(audits).toHaveLength(1);
  });

  it('expires on the same day months later, or on the last day of a shorter month', () => {
    const at = (iso: string) => new Date(iso);
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(at('2026-11-24T23:00:00Z'), 12).toISOString()).toBe('2027-11-24T23:00:00.000Z');
    expect(addMonths(at('2026-08-31T00:00:00Z'), 120).toISOString()).toBe('2036-08-31T00:00:00.000Z');
  });

  it('reads codes as printed: O and I/L are the digits they look like', () => {
    expect(normalizeCertificateCode('abcd-efgh-jkmn')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeCertificateCode('0O1I-L000-0000')).toBe('0011-1000-0000');
    expect(normalizeCertificateCode('ABCD-EFGH-JKMU')).toBeNull();
    expect(normalizeCertificateCode('ABCD-EFGH-JKM')).toBeNull();
  });
});

describe('the back office', () => {
  it("lists the client's certificates with the learner's name and filters by status and search", async () => {
    const { client, learner, adminToken } = await setup();
    const other = await setup();
    const a = await certificates().issue({
      clientId: client.id,
      userId: learner.id,
      targetType: 'course',
      targetId: 5,
      title: 'Excel avançado',
      workloadMinutes: null,
      validityMonths: 1,
    });
    await certificates().issue({
      clientId: client.id,
      userId: learner.id,
      targetType: 'course',
      targetId: 6,
      title: 'Atendimento',
      workloadMinutes: null,
      validityMonths: null,
    });
    await certificates().issue({
      clientId: other.client.id,
      userId: other.learner.id,
      targetType: 'course',
      targetId: 5,
      title: 'Excel avançado',
      workloadMinutes: null,
      validityMonths: null,
    });
    await setExpiry(a.id, '2021-05-01T00:00:00Z');
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/certificates',
      headers: bearer(adminToken),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(page.json().items[0].learnerName).toBe('Ana Conceição');
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/admin/certificates?status=expired',
      headers: bearer(adminToken),
    });
    expect(expired.json().items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/admin/certificates?search=${encodeURIComponent('atend')}`,
      headers: bearer(adminToken),
    });
    expect(search.json().total).toBe(1);
  });

  it("refuses another client's admin (404) and a learner (403)", async () => {
    const a = await setup();
    const b = await setup();
    const { id } = await certificates().issue({
      clientId: a.client.id,
      userId: a.learner.id,
      targetType: 'course',
      targetId: 8,
      title: 'Compliance',
      workloadMinutes: null,
      validityMonths: null,
    });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${id}/revoke`,
      headers: bearer(b.adminToken),
      payload: { reason: 'Not theirs to revoke' },
    });
    expect(foreign.statusCode).toBe(404);
    const learner = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${id}/revoke`,
      headers: bearer(a.learnerToken),
      payload: { reason: 'Not allowed' },
    });
    expect(learner.statusCode).toBe(403);
    const check = await certificates().service.adminList(a.client.id, { page: 1, pageSize: 10 });
    expect(check.items[0]!.status).toBe('valid');
  });

  it('saves a template, refuses bad colours, long titles and a fourth signature with translated errors', async () => {
    const { adminToken } = await setup({ primaryColor: '#aa3300' });
    const initial = await t.app.inject({
      method: 'GET',
      url: '/api/admin/certificates/template',
      headers: bearer(adminToken),
    });
    expect(initial.json()).toMatchObject({ isDefault: true, primaryColor: '#aa3300', logoUrl: null });
    expect(initial.json().titles['pt-BR']).toBe('Certificado de conclusão');

    const good = {
      titles: { 'pt-BR': 'Certificado', 'en-US': 'Certificate' },
      primaryColor: '#112233',
      accentColor: '#AABBCC',
      signatures: [{ name: 'Carla Souza', role: 'Diretora' }],
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/certificates/template',
      headers: bearer(adminToken),
      payload: good,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      isDefault: false,
      accentColor: '#aabbcc',
      titles: { 'pt-BR': 'Certificado', es: 'Certificado de finalización' },
    });

    const refusals: [object, string][] = [
      [{ ...good, primaryColor: 'red' }, 'CERTIFICATE_TEMPLATE_INVALID_COLOR'],
      [{ ...good, titles: { fr: 'x'.repeat(121) } }, 'CERTIFICATE_TEMPLATE_TITLE_TOO_LONG'],
      [
        { ...good, signatures: Array.from({ length: 4 }, () => ({ name: 'A', role: 'B' })) },
        'CERTIFICATE_TEMPLATE_TOO_MANY_SIGNATURES',
      ],
    ];
    for (const [payload, code] of refusals) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/certificates/template',
        headers: { ...bearer(adminToken), 'accept-language': 'en-US' },
        payload,
      });
      expect(res.statusCode, code).toBe(400);
      const detail = (res.json().error.details as { code?: string; message: string }[]).find(
        (d) => d.code === code,
      );
      expect(detail, res.body).toBeDefined();
      expect(detail!.message).not.toBe(code);
    }
    const pt = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/certificates/template',
      headers: { ...bearer(adminToken), 'accept-language': 'pt-BR' },
      payload: { ...good, primaryColor: '#12345' },
    });
    expect(JSON.stringify(pt.json())).toContain('Informe a cor no formato #rrggbb.');
  });

  it('takes a logo as PNG, shows it in the PDF and the preview, and refuses what is not an image', async () => {
    const { client, learner, adminToken } = await setup();
    const logo = await sharp({
      create: { width: 300, height: 100, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const upload = (data: Buffer, name: string) => {
      const boundary = '----certlogo';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/certificates/template/logo',
        headers: { ...bearer(adminToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const bad = await upload(Buffer.from('%PDF-1.4 not an image'), 'logo.png');
    expect(bad.statusCode).toBe(400);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const refusedGif = await upload(gif, 'logo.gif');
    expect(refusedGif.statusCode).toBe(415);
    expect(refusedGif.json().error.code).toBe('UPLOAD_TYPE_NOT_ACCEPTED');
    const res = await upload(logo, 'logo.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = res.json().logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/media\/certificate-logos\//);
    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');

    const { id, code } = await certificates().issue({
      clientId: client.id,
      userId: learner.id,
      targetType: 'course',
      targetId: 3,
      title: 'Marca',
      workloadMinutes: null,
      validityMonths: null,
    });
    const { bytes, drawn } = await certificates().service.renderById(client.id, id);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    // With a logo, the issuer's name is not written in its place.
    expect(drawn).not.toContain(client.name);
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/certificates/${code}` });
    expect(pub.json().issuer.logoUrl).toBe(logoUrl);

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/admin/certificates/template/preview',
      headers: bearer(adminToken),
      payload: {
        titles: { 'pt-BR': 'Prévia' },
        primaryColor: '#000000',
        accentColor: '#ffffff',
        signatures: [],
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(preview.rawPayload)).getPageCount()).toBe(1);
  });
});

describe('expiry reminders', () => {
  it("notifies once the holders of certificates expiring within the client's reminder days", async () => {
    const { client, learner } = await setup();
    const other = await setup();
    await t.database.db.execute(
      sql`insert into reward_settings (client_id, certificate_reminder_days) values (${other.client.id}, 5)`,
    );
    const issue = (clientId: number, userId: number, targetId: number) =>
      certificates().issue({
        clientId,
        userId,
        targetType: 'course',
        targetId,
        title: `Curso ${targetId}`,
        workloadMinutes: null,
        validityMonths: 12,
      });
    const soon = await issue(client.id, learner.id, 1);
    const later = await issue(client.id, learner.id, 2);
    const revoked = await issue(client.id, learner.id, 3);
    const otherSoon = await issue(other.client.id, other.learner.id, 1);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    await setExpiry(soon.id, inDays(20));
    await setExpiry(later.id, inDays(45));
    await setExpiry(revoked.id, inDays(10));
    // 20 days is within the default 30, not within the other client's 5.
    await setExpiry(otherSoon.id, inDays(20));
    await t.database.db.execute(sql`update certificates set revoked_at = now() where id = ${revoked.id}`);

    await t.jobs.send('rewards.certificate-reminders', {});
    expect(await t.jobs.runQueued('rewards.certificate-reminders')).toBe(1);
    await t.jobs.send('rewards.certificate-reminders', {});
    expect(await t.jobs.runQueued('rewards.certificate-reminders')).toBe(1);

    const reminders = rowsOf<{ user_id: number; body: string }>(
      await t.database.db.execute(
        sql`select user_id, body from inbox_messages where title = 'Certificado perto de vencer'
          and user_id in (${learner.id}, ${other.learner.id})`,
      ),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.user_id).toBe(learner.id);
    expect(reminders[0]!.body).toContain('Curso 1');
    const sent = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from certificates where reminder_sent_at is not null and client_id in (${client.id}, ${other.client.id})`,
      ),
    );
    expect(sent.map((r) => r.id)).toEqual([soon.id]);
  });
});
