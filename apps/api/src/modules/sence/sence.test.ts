import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { senceAuthorityErrors, senceErrorCodes } from '@trilha/contracts/errors-sence';
import { languages } from '@trilha/i18n/languages';
import { loadCatalog } from '@trilha/i18n/load';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';
import { createSenceService, MAX_STARTS_PER_WINDOW, sha256 } from './sence.service';

const RUT_OTEC = '76543210-3';

/**
 * A stand-in for the authority: it takes the login form the browser posts and answers, as the authority
 * does, with a page whose form posts the browser back to one of our return URLs.
 */
interface Answer {
  kind: 'success' | 'error';
  code?: string;
  sessionId?: string;
}
const authority = {
  server: undefined as http.Server | undefined,
  url: '',
  answer: { kind: 'success', sessionId: 'auth-session-1' } as Answer,
  received: [] as Record<string, string>[],
};

function startAuthority() {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      authority.received.push(form);
      const missing = ['RutOtec', 'CodSence', 'CodigoCurso', 'UrlRetoma', 'UrlError'].some((k) => !form[k]);
      const a: Answer = missing ? { kind: 'error', code: '200' } : authority.answer;
      const target = a.kind === 'success' ? form.UrlRetoma! : form.UrlError!;
      const fields: Record<string, string> = {
        CodSence: form.CodSence ?? '',
        CodigoCurso: form.CodigoCurso ?? '',
        IdSesionAlumno: form.IdSesionAlumno ?? '',
        RunAlumno: '12345678-5',
        FechaHora: '2026-11-25 10:00:00',
        ZonaHoraria: 'America/Santiago',
        LineaCapacitacion: form.LineaCapacitacion ?? '',
        ...(a.kind === 'success' ? { IdSesionSence: a.sessionId ?? '' } : { GlosaError: a.code ?? '' }),
      };
      const inputs = Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<form method="post" action="${target}">${inputs}</form><script>document.forms[0].submit()</script>`,
      );
    });
  });
  return new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      authority.server = server;
      authority.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rce/Registro/IniciarSesion`;
      resolve();
    }),
  );
}

let t: TestApp;
let clientA: number;
let clientB: number;

interface Learner {
  id: number;
  as: Record<string, string>;
}
async function learner(clientIds: number[]): Promise<Learner> {
  const u = await createUser(t.database.db, { clientIds });
  return { id: u.id, as: bearer((await login(t, u.username)).access_token) };
}

const start = (as: Record<string, string>, senceCode = '1234567890', courseCode = 'CUR1234') =>
  t.app.inject({
    method: 'POST',
    url: '/api/sence/sessions',
    headers: as,
    payload: { senceCode, courseCode },
  });
const latest = async (as: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/sence/sessions/latest', headers: as })).json();

/** The browser's part: posts our form to the authority, then the authority's page back to us. */
async function goThroughAuthority(started: { action: string; fields: Record<string, string> }) {
  const page = await (
    await fetch(started.action, { method: 'POST', body: new URLSearchParams(started.fields) })
  ).text();
  const action = /action="([^"]+)"/.exec(page)![1]!;
  const back = Object.fromEntries(
    [...page.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  return postBack(action, back);
}

function postBack(action: string, form: Record<string, string>, origin = new URL(authority.url).origin) {
  const url = new URL(action);
  return t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'cross-site' },
    payload: new URLSearchParams(form).toString(),
  });
}

const rowsOfSessions = async (userId: number) =>
  rowsOf<Record<string, unknown>>(
    await t.database.db.execute(
      sql`select * from sence_sessions x where x.user_id = ${userId} order by x.id`,
    ),
  );

beforeAll(async () => {
  await startAuthority();
  t = await buildTestApp({ SENCE_AUTH_URL: authority.url, SENCE_RUT_OTEC: RUT_OTEC });
  clientA = (await createClient(t.database.db)).id;
  clientB = (await createClient(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => authority.server?.close(resolve));
});
beforeEach(() => {
  authority.answer = { kind: 'success', sessionId: 'auth-session-1' };
  authority.received = [];
});

describe('starting a SENCE entry', () => {
  it('needs a signed-in member of a client', async () => {
    const res = await start({});
    expect(res.statusCode).toBe(401);
  });

  it('takes a SENCE code of at least 10 characters and a course code of at least 7', async () => {
    const me = await learner([clientA]);
    const cases: [string, string, number][] = [
      ['123456789', 'CUR1234', 400],
      ['1234567890', 'CUR123', 400],
      ['1234567890', 'CUR1234', 201],
      ['  1234567890  ', ' CUR1234 ', 201],
      ['12345 67890', 'CUR1234', 400],
      ['1234567890', 'CUR<1234>', 400],
      ['1'.repeat(41), 'CUR1234', 400],
      ['1234567890', 'C'.repeat(41), 400],
      ['ABC-1234567', 'CURSO-2026', 201],
    ];
    for (const [senceCode, courseCode, status] of cases) {
      const res = await start(me.as, senceCode, courseCode);
      expect({ senceCode, courseCode, status: res.statusCode }).toEqual({ senceCode, courseCode, status });
      if (status === 400) expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    // The trimmed codes are what the authority receives.
    expect((await latest(me.as)).session).toMatchObject({
      senceCode: 'ABC-1234567',
      courseCode: 'CURSO-2026',
    });
  });

  it('answers the authority form with our return URLs carrying the state, kept only as a hash', async () => {
    const me = await learner([clientA]);
    const res = await start(me.as, ' 1234567890', 'CUR1234');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.action).toBe(authority.url);
    const state = body.fields.IdSesionAlumno as string;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.fields).toMatchObject({ RutOtec: RUT_OTEC, CodSence: '1234567890', CodigoCurso: 'CUR1234' });
    expect(body.fields.UrlRetoma).toBe(
      `${t.config.PUBLIC_URL}/api/sence/return/success?client=${clientA}&state=${state}`,
    );
    expect(body.fields.UrlError).toBe(
      `${t.config.PUBLIC_URL}/api/sence/return/error?client=${clientA}&state=${state}`,
    );
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(170_000);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(180_000);
    const [row] = await rowsOfSessions(me.id);
    expect(row!.state_hash).toBe(sha256(state));
    expect(JSON.stringify(row)).not.toContain(state);
    expect((await latest(me.as)).session).toMatchObject({ status: 'pending', error: null });
  });
});

describe('the authority posting back', () => {
  it('records a successful entry and sends the browser to the app; the session id is kept hashed', async () => {
    const me = await learner([clientA]);
    authority.answer = { kind: 'success', sessionId: 'SENCE-SESSION-77' };
    const res = await goThroughAuthority((await start(me.as)).json());
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/sence?result=success');
    expect(authority.received[0]).toMatchObject({ RutOtec: RUT_OTEC, CodSence: '1234567890' });
    const { session } = await latest(me.as);
    expect(session).toMatchObject({ status: 'succeeded', error: null, authorityCode: null });
    expect(session.finishedAt).not.toBeNull();
    const [row] = await rowsOfSessions(me.id);
    expect(row!.authority_session_hash).toBe(sha256('SENCE-SESSION-77'));
    expect(JSON.stringify(row)).not.toContain('SENCE-SESSION-77');
  });

  it.each(Object.entries(senceAuthorityErrors))('maps the authority’s code %s to %s', async (code, error) => {
    const me = await learner([clientA]);
    authority.answer = { kind: 'error', code };
    const res = await goThroughAuthority((await start(me.as)).json());
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/sence?result=error&error=${error}`);
    expect((await latest(me.as)).session).toMatchObject({ status: 'failed', authorityCode: code, error });
  });

  it('shows a code the table does not know as unknown, and a success without a session id as invalid', async () => {
    const me = await learner([clientA]);
    authority.answer = { kind: 'error', code: '999' };
    let res = await goThroughAuthority((await start(me.as)).json());
    expect(res.headers.location).toBe('/sence?result=error&error=SENCE_AUTHORITY_UNKNOWN');
    expect((await latest(me.as)).session).toMatchObject({
      authorityCode: '999',
      error: 'SENCE_AUTHORITY_UNKNOWN',
    });
    authority.answer = { kind: 'success', sessionId: '' };
    res = await goThroughAuthority((await start(me.as)).json());
    expect(res.headers.location).toBe('/sence?result=error&error=SENCE_RESPONSE_INVALID');
    expect((await latest(me.as)).session).toMatchObject({
      status: 'failed',
      error: 'SENCE_RESPONSE_INVALID',
    });
  });

  it('refuses a replayed state: the first answer stays', async () => {
    const me = await learner([clientA]);
    const started = (await start(me.as)).json();
    expect((await goThroughAuthority(started)).headers.location).toBe('/sence?result=success');
    authority.answer = { kind: 'error', code: '300' };
    const again = await goThroughAuthority(started);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/sence?result=error&error=SENCE_STATE_USED');
    expect((await latest(me.as)).session).toMatchObject({ status: 'succeeded', error: null });
  });

  it('refuses an unknown state, a state of another client and a form that names another state', async () => {
    const me = await learner([clientA]);
    const started = (await start(me.as)).json();
    const state = started.fields.IdSesionAlumno as string;
    const base = '/api/sence/return/success';
    const unknown = randomBytes(32).toString('base64url');
    for (const url of [
      `http://x${base}?client=${clientA}&state=${unknown}`,
      `http://x${base}?client=${clientB}&state=${state}`,
    ]) {
      const res = await postBack(url, { IdSesionSence: 'forged' });
      expect(res.headers.location).toBe('/sence?result=error&error=SENCE_STATE_INVALID');
    }
    const mismatch = await postBack(`http://x${base}?client=${clientA}&state=${state}`, {
      IdSesionAlumno: unknown,
      IdSesionSence: 'forged',
    });
    expect(mismatch.headers.location).toBe('/sence?result=error&error=SENCE_STATE_INVALID');
    expect((await latest(me.as)).session).toMatchObject({ status: 'pending' });
    // Malformed return URLs and oversized fields are refused before any look-up.
    for (const url of [
      `${base}?client=${clientA}&state=short`,
      `${base}?state=${state}`,
      `${base}?client=0&state=${state}`,
    ]) {
      expect((await postBack(`http://x${url}`, {})).statusCode).toBe(400);
    }
    const huge = await postBack(`http://x${base}?client=${clientA}&state=${state}`, {
      IdSesionSence: 'x'.repeat(201),
    });
    expect(huge.statusCode).toBe(400);
    expect((await latest(me.as)).session).toMatchObject({ status: 'pending' });
  });

  it('takes the return post from the authority’s origin only', async () => {
    const me = await learner([clientA]);
    const started = (await start(me.as)).json();
    const res = await postBack(started.fields.UrlRetoma, { IdSesionSence: 'x1' }, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect((await latest(me.as)).session).toMatchObject({ status: 'pending' });
  });
});

describe('the three-minute window (controlled clock)', () => {
  it('lets a learner open a few entries per window, then answers 429 until the window moves on', async () => {
    const me = await learner([clientA]);
    let clock = new Date('2026-11-25T12:00:00Z');
    const sence = createSenceService({
      db: t.database.db,
      authUrl: authority.url,
      rutOtec: RUT_OTEC,
      publicUrl: 'https://app.example',
      now: () => clock,
    });
    const caller = { userId: me.id, clientId: clientA };
    const body = { senceCode: '1234567890', courseCode: 'CUR1234' };
    for (let i = 0; i < MAX_STARTS_PER_WINDOW; i++) await sence.start(caller, body);
    await expect(sence.start(caller, body)).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    // Another learner is not held back by this one.
    const other = await learner([clientA]);
    await expect(sence.start({ userId: other.id, clientId: clientA }, body)).resolves.toBeTruthy();
    clock = new Date('2026-11-25T12:03:00.001Z');
    await expect(sence.start(caller, body)).resolves.toBeTruthy();
  });

  it('accepts a return just inside the window, refuses one past it and reads a stale pending entry as expired', async () => {
    const me = await learner([clientA]);
    let clock = new Date('2026-11-25T10:00:00Z');
    const sence = createSenceService({
      db: t.database.db,
      authUrl: authority.url,
      rutOtec: RUT_OTEC,
      publicUrl: 'https://app.example',
      now: () => clock,
    });
    const caller = { userId: me.id, clientId: clientA };
    const stateOf = (s: { fields: Record<string, string> }) => s.fields.IdSesionAlumno!;

    const inTime = await sence.start(caller, { senceCode: '1234567890', courseCode: 'CUR1234' });
    expect(inTime.expiresAt).toBe('2026-11-25T10:03:00.000Z');
    clock = new Date('2026-11-25T10:02:59.999Z');
    expect(
      await sence.handleReturn(
        'success',
        { clientId: clientA, state: stateOf(inTime) },
        { IdSesionSence: 'a' },
      ),
    ).toEqual({ result: 'success' });

    clock = new Date('2026-11-25T11:00:00Z');
    const late = await sence.start(caller, { senceCode: '1234567890', courseCode: 'CUR1234' });
    clock = new Date('2026-11-25T11:03:00.000Z');
    expect((await sence.latest(caller)).session).toMatchObject({ status: 'pending' });
    clock = new Date('2026-11-25T11:03:00.001Z');
    expect((await sence.latest(caller)).session).toMatchObject({
      status: 'expired',
      error: 'SENCE_WINDOW_EXPIRED',
    });
    expect(
      await sence.handleReturn(
        'success',
        { clientId: clientA, state: stateOf(late) },
        { IdSesionSence: 'b' },
      ),
    ).toEqual({ result: 'error', error: 'SENCE_WINDOW_EXPIRED' });
    const rows = await rowsOfSessions(me.id);
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'expired']);
    expect(rows[1]!.authority_session_hash).toBeNull();
    // An expired entry stays expired: a later answer of the authority finds it used.
    expect(
      await sence.handleReturn('error', { clientId: clientA, state: stateOf(late) }, { GlosaError: '210' }),
    ).toEqual({ result: 'error', error: 'SENCE_STATE_USED' });
  });
});

describe('whose sessions', () => {
  it('shows each user only their own latest entry, in the selected client', async () => {
    const me = await learner([clientA]);
    const colleague = await learner([clientA]);
    const elsewhere = await learner([clientB]);
    await start(me.as, '9999999999', 'MINE123');
    expect((await latest(me.as)).session).toMatchObject({ senceCode: '9999999999' });
    expect(await latest(colleague.as)).toEqual({ session: null });
    expect(await latest(elsewhere.as)).toEqual({ session: null });
    await start(colleague.as, '8888888888', 'THEIRS1');
    expect((await latest(me.as)).session).toMatchObject({ senceCode: '9999999999' });
  });
});

describe('the error codes', () => {
  it('covers exactly the numbers of spec section 8: 100, 200-212 and 300-310', () => {
    const expected = ['100'];
    for (let n = 200; n <= 212; n++) expected.push(String(n));
    for (let n = 300; n <= 310; n++) expected.push(String(n));
    expect(Object.keys(senceAuthorityErrors).sort()).toEqual(expected.sort());
    // Each number has a message of its own.
    expect(new Set(Object.values(senceAuthorityErrors)).size).toBe(expected.length);
  });

  it.each(languages.map((l) => [l]))('has a message of ours for every SENCE code in %s', async (language) => {
    const errors = (await loadCatalog(language, 'errors')) as Record<string, unknown>;
    const missing = senceErrorCodes.filter(
      (code) => typeof errors[code] !== 'string' || !(errors[code] as string).trim(),
    );
    expect(missing).toEqual([]);
    const texts = senceErrorCodes.map((code) => errors[code]);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
