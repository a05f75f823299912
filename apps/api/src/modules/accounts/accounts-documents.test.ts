import { eq } from 'drizzle-orm';
import { makeValidCpf } from '@trilha/domain/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createVariant } from '../../../test/accounts-helpers';
import { createClient, createUser, TEST_PASSWORD } from '../../../test/factories';
import { tokenRequest } from '../../../test/http';

/** One normalization of documents everywhere, and document errors that are codes in the user's language. */

let t: TestApp;
let clientId: number;

beforeAll(async () => {
  t = await buildTestApp();
  clientId = (await createClient(t.database.db, { name: 'Documentos' })).id;
  await createVariant(t.database.db, { clientId, slug: 'register' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, lang = 'pt-BR') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'accept-language': lang } });

type Detail = { path: string; code?: string; message?: string };
const documentDetails = (res: { json(): unknown }, path = 'document') =>
  ((res.json() as { error: { details?: Detail[] } }).error.details ?? []).filter((d) => d.path === path);

/** 74185296355 written as 741_852_963_55, a spelling the CPF rule accepts. */
const underscored = (cpf: string) => cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1_$2_$3_$4');

describe('one document normalization', () => {
  it('registration stores the document typed with underscores as its digits', async () => {
    const document = makeValidCpf('852741963');
    const email = `doc${process.pid}@example.com`;
    const res = await post('/api/accounts/register', {
      variant: 'register',
      country: 'BRA',
      firstName: 'Ana',
      lastName: 'Souza',
      email,
      emailConfirmation: email,
      document: underscored(document),
      phone: '(11) 98765-4321',
      profile: 'sales_agent',
      acceptTerms: true,
      confirmAdult: true,
    });
    expect(res.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.document).toBe(document);
  });

  it('first access finds a pre-registered account by any spelling registration accepts', async () => {
    for (const spell of [underscored, (d: string) => ` ${d.slice(0, 3)} ${d.slice(3, 6)}/${d.slice(6)} `]) {
      const pre = await createUser(t.database.db, { clientIds: [clientId], passwordHash: null });
      const res = await post('/api/accounts/first-access', { identifier: spell(pre.document!) });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('login by document accepts the same spellings', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const ok = await tokenRequest(
      t,
      { grant_type: 'password', username: underscored(user.document!), password: TEST_PASSWORD },
      { ip: '10.9.8.6' },
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('recovery by a code finds the phones of a document typed with underscores', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], phone: '+5511987654321' });
    const res = await post('/api/etraining_login/get_phone_number_with_document', {
      document: underscored(user.document!),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phones).toHaveLength(1);
  });
});

describe('document errors', () => {
  const cases = [
    { lang: 'pt-BR', required: 'CPF é obrigatório', invalid: 'Documento inválido' },
    { lang: 'en-US', required: /document/i, invalid: 'Invalid document' },
    { lang: 'es', required: /documento|CPF/i, invalid: /inválido/i },
    { lang: 'fr', required: /document|CPF/i, invalid: /invalide/i },
  ];

  it('a null document answers the required code, a numeric one the invalid code, in the caller language', async () => {
    for (const { lang, required, invalid } of cases) {
      for (const url of ['/api/etraining_login/get_phone_number_with_document', '/api/accounts/register']) {
        const base = url.endsWith('register') ? { variant: 'register', country: 'BRA' } : {};
        const none = await post(url, { ...base, document: null }, lang);
        expect(none.statusCode).toBe(400);
        const [missing] = documentDetails(none);
        expect(missing?.code).toBe('ACCOUNTS_DOCUMENT_REQUIRED');
        expect(missing?.message).toMatch(required);
        const numeric = await post(url, { ...base, document: 74185296355 }, lang);
        expect(numeric.statusCode).toBe(400);
        const [wrong] = documentDetails(numeric);
        expect(wrong?.code).toBe('ACCOUNTS_DOCUMENT_INVALID');
        expect(wrong?.message).toMatch(invalid);
      }
    }
  });

  it('an empty document gives one error, not two', async () => {
    const phones = await post('/api/etraining_login/get_phone_number_with_document', { document: '' });
    expect(documentDetails(phones).map((d) => d.code)).toEqual(['ACCOUNTS_DOCUMENT_REQUIRED']);
    const code = await post('/api/etraining_login/send_recover_password_code', {
      document: '  ',
      phone: '(11) 98765-4321',
      channel: 'sms',
    });
    expect(documentDetails(code).map((d) => d.code)).toEqual(['ACCOUNTS_DOCUMENT_REQUIRED']);
    const link = await post('/api/etraining_login/api_recover_password', {
      method: 'document',
      identifier: '',
    });
    expect(documentDetails(link, 'identifier')).toHaveLength(1);
  });
});
