import type { TestApp } from './build-test-app';
import { TEST_PASSWORD } from './factories';

export const webBasic = `Basic ${Buffer.from('trilha-web:').toString('base64')}`;

export function tokenRequest(
  t: TestApp,
  form: Record<string, string>,
  opts: { authorization?: string; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/o/token/',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: opts.authorization ?? webBasic,
    },
    remoteAddress: opts.ip ?? '127.0.0.1',
    payload: new URLSearchParams(form).toString(),
  });
}

export async function login(t: TestApp, username: string, password = TEST_PASSWORD) {
  const res = await tokenRequest(t, { grant_type: 'password', username, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { access_token: string; refresh_token?: string; user_firebase_token: string };
  // The web app gets its refresh token as an HttpOnly cookie; tests hold it like any other client would.
  return { ...body, refresh_token: body.refresh_token ?? refreshCookieOf(res) };
}

/** The value of the refresh cookie an answer of the token endpoint sets. */
export function refreshCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [header];
  for (const c of cookies) {
    const match = typeof c === 'string' ? /^trilha_refresh=([^;]*)/.exec(c) : null;
    if (match) return match[1]!;
  }
  throw new Error('no refresh cookie');
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
