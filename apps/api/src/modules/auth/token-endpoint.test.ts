import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser, TEST_PASSWORD } from '../../../test/factories';
import { webBasic } from '../../../test/http';

let t: TestApp;
let username: string;

beforeAll(async () => {
  t = await buildTestApp();
  const clientId = (await createClient(t.database.db)).id;
  username = (await createUser(t.database.db, { clientIds: [clientId] })).username;
});
afterAll(() => t.close());

const post = (payload: string | Buffer, contentType?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/o/token/',
    headers: { authorization: webBasic, ...(contentType ? { 'content-type': contentType } : {}) },
    payload,
  });

const form = 'application/x-www-form-urlencoded';

describe('token endpoint input', () => {
  it.each([
    ['an empty form body', '', form],
    ['a body with no content type', 'grant_type=password', undefined],
    ['a truncated form body', 'grant_type=password&usern', form],
    ['a truncated grant type', 'grant_type=pass', form],
    ['a non-form body', '\u0000\u0001\u0002%%%===&&', form],
    ['a broken percent escape', 'grant_type=%E0%A4%A&username=a&password=b', form],
    ['XML', '<grant_type>password</grant_type>', 'application/xml'],
    ['JSON', JSON.stringify({ grant_type: 'password', username: 'a', password: 'b' }), 'application/json'],
    ['broken JSON', '{"grant_type":', 'application/json'],
    ['a __proto__ key', '__proto__=x&grant_type=password&username=a&password=b', form],
    ['a __proto__[x] key', '__proto__[x]=1&constructor[prototype][x]=1&grant_type=password', form],
    ['repeated parameters', 'grant_type=password&grant_type=refresh_token&username=a&password=b', form],
    ['a repeated password', `grant_type=password&username=a&password=b&password=c`, form],
    ['an unknown content type', 'grant_type=password', 'text/plain'],
    [
      'a multipart body',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      'multipart/form-data; boundary=x',
    ],
  ])('answers an RFC 6749 error to %s, never 500', async (_, payload, contentType) => {
    const res = await post(payload, contentType);
    expect([400, 413, 415]).toContain(res.statusCode);
    expect(['invalid_request', 'invalid_grant', 'unsupported_grant_type']).toContain(res.json().error);
    expect(typeof res.json().error_description).toBe('string');
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const res = await post(`grant_type=password&username=a&password=${'x'.repeat(1_100_000)}`, form);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('answers 415 to a body that is not form-encoded', async () => {
    for (const type of ['application/json', 'application/xml', 'text/plain']) {
      const res = await post(`grant_type=password&username=${username}&password=${TEST_PASSWORD}`, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error).toBe('invalid_request');
    }
  });

  it('still signs in with a well-formed form body', async () => {
    const res = await post(
      new URLSearchParams({ grant_type: 'password', username, password: TEST_PASSWORD }).toString(),
      `${form}; charset=utf-8`,
    );
    expect(res.statusCode).toBe(200);
  });
});
