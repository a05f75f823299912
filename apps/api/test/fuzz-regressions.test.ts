import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX } from '@trilha/contracts/primitives';
import { buildTestApp, type TestApp } from './build-test-app';
import { bearer, login } from './http';
import { DEMO_PASSWORD, demoSeeder } from '../src/db/seed/demo';
import { runSeeders } from '../src/db/seed/run-seeders';
import { inputErrorOf, nulPaths } from '../src/lib/field-errors';

/**
 * The 5xx the fuzz test found, each pinned: a NUL character in text (refused with TEXT_INVALID_CHARACTER
 * on the field, before PostgreSQL sees it) and ids past the int4 range (refused by the schema).
 */

let t: TestApp;
const as: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder]);
  for (const who of ['learner', 'admin', 'manager']) {
    as[who] = bearer((await login(t, who, DEMO_PASSWORD)).access_token);
  }
});
afterAll(async () => {
  await t?.close();
});

const english = { 'accept-language': 'en-US' };
const enMessage = 'This field contains an invalid character. Delete it and type the text again.';

function send(method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...english, ...(who ? as[who] : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('NUL in text', () => {
  const cases: [string, 'POST' | 'PUT', string, string | undefined, Record<string, unknown>, string][] = [
    [
      'registration',
      'POST',
      '/api/accounts/register',
      undefined,
      { variant: 'register', firstName: 'Ana\u0000', lastName: 'Souza', acceptTerms: true },
      'firstName',
    ],
    [
      'first access',
      'POST',
      '/api/accounts/first-access',
      undefined,
      { identifier: 'a\u0000b' },
      'identifier',
    ],
    [
      'password recovery',
      'POST',
      '/api/etraining_login/api_recover_password',
      undefined,
      { method: 'email', identifier: 'x\u0000@example.com' },
      'identifier',
    ],
    [
      'profile',
      'PUT',
      '/api/profile/professional',
      'learner',
      { profession: 'Vendas\u0000', gminNumber: '', cadvCode: '', code: '' },
      'profession',
    ],
    [
      'support ticket',
      'POST',
      '/api/institutional/support-tickets',
      'learner',
      { name: 'Ana', email: 'ana@example.com', subject: 'other', message: 'Olá\u0000' },
      'message',
    ],
    ['course title', 'POST', '/api/admin/learning/courses', 'manager', { title: 'Curso\u0000' }, 'title'],
    [
      'institutional page',
      'PUT',
      '/api/admin/institutional/pages/client/about/pt-BR',
      'admin',
      { title: 'Sobre', body: '<p>\u0000</p>' },
      'body',
    ],
  ];

  it.each(cases)(
    '%s: 400 TEXT_INVALID_CHARACTER on the field, translated',
    async (_name, method, url, who, body, field) => {
      const res = await send(method, url, who, body);
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('TEXT_INVALID_CHARACTER');
      expect(error.message).toBe(enMessage);
      expect(error.details).toContainEqual(
        expect.objectContaining({ path: field, code: 'TEXT_INVALID_CHARACTER', message: enMessage }),
      );
    },
  );

  it('in a search query and a path parameter', async () => {
    for (const [url, who, field] of [
      ['/api/admin/accounts/users?search=a%00b', 'admin', 'search'],
      ['/api/admin/accounts/outbox?search=%00', 'admin', 'search'],
      ['/api/learning/trails?search=%00', 'learner', 'search'],
      // A route whose schema is a bare string: the guard covers it too.
      ['/api/accounts/registration/a%00b', undefined, 'variant'],
    ] as const) {
      const res = await send('GET', url, who);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'TEXT_INVALID_CHARACTER',
        details: [{ path: field, code: 'TEXT_INVALID_CHARACTER' }],
      });
    }
  });

  it('in an object key, and in pt-BR by default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/first-access',
      payload: { identifier: 'ana', 'x\u0000': 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'TEXT_INVALID_CHARACTER',
      message: 'Este campo contém um caractere inválido. Apague-o e digite o texto de novo.',
      details: [{ path: 'x\u0000', code: 'TEXT_INVALID_CHARACTER' }],
    });
  });
});

describe('ids past the int4 range', () => {
  it('trail filters, ids in paths and bodies answer 400, the largest id 404', async () => {
    const big = String(INT4_MAX + 1);
    for (const url of [
      `/api/learning/trails?selected_areas=${big}`,
      `/api/learning/trails?selected_tags=1,${big}`,
      `/api/learning/trails?selected_categories=99999999999999999999`,
      `/api/learning/courses?selected_groups=${big}`,
      `/api/learning/trails/${big}`,
      `/api/learning/trails/1/courses/${big}`,
    ]) {
      const res = await send('GET', url, 'learner');
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await send('GET', `/api/learning/trails/${INT4_MAX}`, 'learner')).statusCode).toBe(404);
    for (const url of [`/api/clients/${big}/logo`, `/api/admin/accounts/users/${big}/block`]) {
      const res = await send(url.includes('block') ? 'POST' : 'GET', url, 'admin');
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    const select = await send('PUT', '/api/session/client', 'learner', { clientId: INT4_MAX + 1 });
    expect(select.statusCode).toBe(400);
  });
});

describe("the body parser's refusals", () => {
  it('a body over the limit and a content type no route reads say so, translated', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/institutional/support-tickets',
      headers: { ...as.learner, ...english, 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({
      code: 'REQUEST_TOO_LARGE',
      message: 'What was sent is over the 1 MB limit.',
    });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/institutional/support-tickets',
      headers: { ...as.learner, 'content-type': 'application/xml' },
      payload: '<ticket/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toMatchObject({
      code: 'UNSUPPORTED_CONTENT_TYPE',
      message: 'O formato do conteúdo enviado não é aceito aqui.',
    });
  });
});

describe('the last line of defence', () => {
  it('finds NUL in values and keys at any depth without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 50_000; i++) deep = { a: deep };
    expect(nulPaths(deep)).toHaveLength(1);
    expect(nulPaths({ list: ['ok', { 'k\u0000': 1 }], cmi: { x: '\u0000' } }, new Set(['cmi']))).toEqual([
      ['list', 1, 'k\u0000'],
    ]);
    expect(nulPaths(Buffer.from([0, 0]))).toEqual([]);
  });

  it("turns PostgreSQL's data exceptions (on the error or its cause) into 400 codes", () => {
    const pg = (code: string) => Object.assign(new Error('db'), { code });
    expect(inputErrorOf(pg('22021'))).toBe('TEXT_INVALID_CHARACTER');
    expect(inputErrorOf(new Error('query failed', { cause: pg('22P05') }))).toBe('TEXT_INVALID_CHARACTER');
    expect(inputErrorOf(new Error('query failed', { cause: pg('22003') }))).toBe('VALIDATION_FAILED');
    expect(inputErrorOf(pg('23505'))).toBeUndefined();
    expect(inputErrorOf(new Error('boom'))).toBeUndefined();
  });
});
