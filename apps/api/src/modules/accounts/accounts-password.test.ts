import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { linkIn, startSmtpServer } from '../../../test/accounts-smtp';
import { lastMessageTo, patchLoginConfig } from '../../../test/accounts-helpers';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login, tokenRequest } from '../../../test/http';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let clientId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://trilha.test',
    RECOVERY_MAX_PER_ADDRESS: '1000',
    RECOVERY_MAX_PER_ACCOUNT: '8',
  });
  clientId = (await createClient(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: Record<string, unknown>, ip = '10.0.0.1', lang = 'pt-BR') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'accept-language': lang } });

/** '/set-password/u/uid/token' → its parts. */
function partsOf(path: string) {
  const [, kind, username, uidb64, token] = path.split('/');
  return {
    purpose: kind === 'set-password' ? 'set' : 'recover',
    username: decodeURIComponent(username!),
    uidb64: uidb64!,
    token: token!,
  };
}

describe('password links received by e-mail', () => {
  it('recovers by e-mail: the link sets a new password once, ends the sessions, and dies', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const old = await login(t, user.username);
    const res = await post('/api/etraining_login/api_recover_password', {
      method: 'email',
      identifier: user.email,
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.lastTo(user.email!);
    expect(mail.subject).toBe('Recuperação de senha');
    const link = partsOf(linkIn(mail.text, '/recover-password/'));
    expect(link.username).toBe(user.username);

    const check = await post('/api/accounts/password-links/check', link);
    expect(check.json()).toMatchObject({
      username: user.username,
      purpose: 'recover',
      passwordStrength: 'medium',
    });

    const weak = await post('/api/accounts/password-links/set', {
      ...link,
      password: 'abcdefgh',
      passwordConfirmation: 'abcdefgh',
    });
    expect(weak.json().error).toMatchObject({ code: 'ACCOUNTS_PASSWORD_WEAK' });
    const mismatch = await post('/api/accounts/password-links/set', {
      ...link,
      password: 'Nova@Senha1',
      passwordConfirmation: 'Nova@Senha2',
    });
    expect(mismatch.json().error.details[0]).toMatchObject({
      path: 'passwordConfirmation',
      message: 'As senhas não conferem',
    });

    const set = await post('/api/accounts/password-links/set', {
      ...link,
      password: 'Nova@Senha1',
      passwordConfirmation: 'Nova@Senha1',
    });
    expect(set.statusCode).toBe(200);
    await expect(login(t, user.username, 'Nova@Senha1')).resolves.toHaveProperty('access_token');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: bearer(old.access_token),
    });
    expect(session.statusCode).toBe(401);

    const reused = await post('/api/accounts/password-links/set', {
      ...link,
      password: 'Outra@Senha1',
      passwordConfirmation: 'Outra@Senha1',
    });
    expect(reused.json().error).toMatchObject({
      code: 'ACCOUNTS_LINK_USED',
      message: 'Este link já foi usado. Solicite um novo.',
    });
  });

  it('says when a link expired, and sends a fresh one on request', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const accounts = t.modules.accounts;
    const path = await accounts.passwordLinkPath(user.id, 'set');
    const link = partsOf(path);
    const [stamp, sig] = link.token.split('-');
    const older = (parseInt(stamp!, 36) - 25 * 3600).toString(36);
    // A forged older time breaks the signature: invalid, not expired.
    const forged = await post('/api/accounts/password-links/check', { ...link, token: `${older}-${sig}` });
    expect(forged.json().error.code).toBe('ACCOUNTS_LINK_INVALID');

    const realNow = Date.now;
    Date.now = () => realNow() - 25 * 3600 * 1000;
    const oldPath = await accounts.passwordLinkPath(user.id, 'set');
    Date.now = realNow;
    const expired = await post('/api/accounts/password-links/check', partsOf(oldPath), '10.0.0.1', 'en-US');
    expect(expired.json().error).toMatchObject({
      code: 'ACCOUNTS_LINK_EXPIRED',
      message: 'This link has expired. Request a new one.',
    });

    const renew = await post('/api/accounts/password-links/renew', {
      purpose: 'set',
      username: user.username,
      uidb64: link.uidb64,
    });
    expect(renew.statusCode).toBe(200);
    const mail = await smtp.lastTo(user.email!);
    expect(mail.subject).toBe('Crie sua senha de acesso');
    const fresh = partsOf(linkIn(mail.text, '/set-password/'));
    expect((await post('/api/accounts/password-links/check', fresh)).statusCode).toBe(200);
  });

  it('recovers by document and by username, without telling whether an account exists', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const byDoc = await post('/api/etraining_login/api_recover_password', {
      method: 'document',
      identifier: user.document,
      country: 'BRA',
    });
    expect(byDoc.statusCode).toBe(200);
    expect(linkIn((await smtp.lastTo(user.email!)).text, '/recover-password/')).toContain(user.username);
    const byName = await post('/api/etraining_login/api_recover_password', {
      method: 'username',
      identifier: user.username,
    });
    expect(byName.statusCode).toBe(200);
    const nobody = await post('/api/etraining_login/api_recover_password', {
      method: 'username',
      identifier: 'no-such-user',
    });
    expect(nobody.statusCode).toBe(200);
    const badDoc = await post('/api/etraining_login/api_recover_password', {
      method: 'document',
      identifier: '123',
    });
    expect(badDoc.json().error.details[0]).toMatchObject({
      path: 'identifier',
      message: 'Documento inválido',
    });
  });

  it('holds the new password to the strong level when the site asks for it', async () => {
    await patchLoginConfig(t, { passwordStrength: 'strong' });
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const link = partsOf(await t.modules.accounts.passwordLinkPath(user.id, 'recover'));
    const noSymbol = await post('/api/accounts/password-links/set', {
      ...link,
      password: 'NovaSenha12',
      passwordConfirmation: 'NovaSenha12',
    });
    expect(noSymbol.json().error.details[0].unmet).toEqual(['symbol']);
    await patchLoginConfig(t, { passwordStrength: 'medium' });
  });
});

describe('recovery by a code sent by SMS or WhatsApp', () => {
  it('finds the masked phone by document, sends the code, checks it, then sets the password', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], phone: '+5511987654321' });
    const phones = await post('/api/etraining_login/get_phone_number_with_document', {
      document: user.document,
    });
    expect(phones.json()).toEqual({
      phones: [{ masked: '+55 *******4321', channels: ['sms', 'whatsapp'] }],
      cooldown: { startedAt: null, durationSeconds: 300 },
    });

    const mismatch = await post('/api/etraining_login/send_recover_password_code', {
      document: user.document,
      phone: '(11) 91234-5678',
      channel: 'sms',
    });
    expect(mismatch.json().error).toMatchObject({ code: 'ACCOUNTS_PHONE_MISMATCH' });

    const sent = await post('/api/etraining_login/send_recover_password_code', {
      document: user.document,
      phone: '(11) 98765-4321',
      channel: 'sms',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sentTo: '+55 *******4321', channel: 'sms', expiresInSeconds: 600 });
    expect(sent.json().cooldown.startedAt).toBeTruthy();

    const again = await post('/api/etraining_login/send_recover_password_code', {
      document: user.document,
      phone: '+5511987654321',
      channel: 'whatsapp',
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('ACCOUNTS_PHONE_COOLDOWN');
    expect(again.json().error.message).toMatch(/^Aguarde \d+ segundos/);
    // The cooldown's start comes back with the phones, so a reloaded screen keeps counting down.
    const reload = await post('/api/etraining_login/get_phone_number_with_document', {
      document: user.document,
    });
    expect(reload.json().cooldown.startedAt).toBe(sent.json().cooldown.startedAt);

    const sms = await lastMessageTo(t, '+5511987654321');
    const code = /(\d{6})/.exec(sms.body)![1]!;
    const wrong = await post('/api/etraining_login/validate_recover_password_code', {
      document: user.document,
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.json().error).toMatchObject({
      code: 'ACCOUNTS_CODE_INVALID',
      message: 'Código de verificação inválido.',
    });
    const valid = await post('/api/etraining_login/validate_recover_password_code', {
      document: user.document,
      code,
    });
    expect(valid.statusCode).toBe(200);
    const link = { ...valid.json(), purpose: 'recover' };
    const set = await post('/api/accounts/password-links/set', {
      ...link,
      password: 'Codigo@123',
      passwordConfirmation: 'Codigo@123',
    });
    expect(set.statusCode).toBe(200);
    await expect(login(t, user.username, 'Codigo@123')).resolves.toHaveProperty('access_token');
  });

  it('says when no phone is registered', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const res = await post(
      '/api/etraining_login/get_phone_number_with_document',
      { document: user.document },
      '10.0.0.1',
      'en-US',
    );
    expect(res.json().error).toMatchObject({
      code: 'ACCOUNTS_NO_PHONE',
      message: 'No phone number is registered for this document.',
    });
  });

  it('limits the requests per document and per address', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], phone: '+5511955556666' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/api/etraining_login/get_phone_number_with_document',
        { document: user.document },
        `10.1.0.${i}`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);

    await t.database.db.execute(sql`delete from accounts_rate_counters`);
    const strict = await buildTestApp({ RECOVERY_MAX_PER_ADDRESS: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/etraining_login/api_recover_password',
          payload: { method: 'username', identifier: `someone${i}` },
          remoteAddress: '10.9.9.9',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });

  it('answers "could not be sent" and gives the cooldown back when the SMS provider fails', async () => {
    const failing = await buildTestApp({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'http://127.0.0.1:9/unreachable',
    });
    try {
      const c = await createClient(failing.database.db);
      const user = await createUser(failing.database.db, { clientIds: [c.id], phone: '+5511977778888' });
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/etraining_login/send_recover_password_code',
        payload: { document: user.document, phone: '+5511977778888', channel: 'sms' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ code: 'ACCOUNTS_CODE_NOT_SENT' });
      const [row] = await failing.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.phoneCooldownStartedAt).toBeNull();
    } finally {
      await failing.close();
    }
  });
});

describe('blocked users', () => {
  it('cannot use a password link', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], status: 'blocked' });
    const link = partsOf(await t.modules.accounts.passwordLinkPath(user.id, 'recover'));
    const res = await post('/api/accounts/password-links/check', link);
    expect(res.json().error.code).toBe('AUTH_USER_BLOCKED');
    const refused = await tokenRequest(t, { grant_type: 'password', username: user.username, password: 'x' });
    expect(refused.statusCode).toBe(400);
  });
});
