import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser, TEST_PASSWORD } from '../../../test/factories';
import { tokenRequest } from '../../../test/http';

let t: TestApp;
let clientId: number;

beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '6',
    LOGIN_ADDRESS_DELAY_MS: '100',
  });
  clientId = (await createClient(t.database.db)).id;
});
afterAll(() => t.close());

const attempt = (username: string, password: string, ip: string) =>
  tokenRequest(t, { grant_type: 'password', username, password }, { ip });

function spellings(document: string) {
  const d = document;
  return [
    d,
    `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`,
    `${d.slice(0, 3)}_${d.slice(3, 6)}_${d.slice(6, 9)}_${d.slice(9)}`,
    `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 9)} ${d.slice(9)}`,
    `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 9)}-${d.slice(9)}`,
  ];
}

describe('account lock', () => {
  it('locks an account after too many failures, even for the right password, with a retry time', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    for (let i = 0; i < 3; i++) {
      expect((await attempt(user.username, 'bad', `10.1.0.${i}`)).statusCode).toBe(400);
    }
    const locked = await attempt(user.username, TEST_PASSWORD, '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'slow_down', code: 'AUTH_TOO_MANY_ATTEMPTS' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().error_description).toMatch(/15 minuto/);
  });

  it('locks the account, not the spelling: e-mail failures lock the username and every spelling of the CPF', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    for (let i = 0; i < 3; i++) await attempt(user.email!, 'bad', `10.4.0.${i}`);
    for (const username of [user.username, user.email!.toUpperCase(), ...spellings(user.document!)]) {
      const res = await attempt(username, TEST_PASSWORD, '10.4.1.1');
      expect(res.statusCode, username).toBe(429);
      expect(res.json().code).toBe('AUTH_TOO_MANY_ATTEMPTS');
    }
  });

  it('mixing spellings of the CPF counts against one account', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const [plain, dotted, underscored] = spellings(user.document!);
    for (const [i, username] of [dotted!, underscored!, user.username].entries()) {
      expect((await attempt(username, 'bad', `10.5.0.${i}`)).statusCode).toBe(400);
    }
    expect((await attempt(plain!, TEST_PASSWORD, '10.5.1.1')).statusCode).toBe(429);
  });

  it('an identifier that matches no account is locked under its canonical spelling', async () => {
    const ghost = '987.654.321-00';
    for (let i = 0; i < 3; i++) await attempt(ghost, 'bad', `10.6.0.${i}`);
    for (const username of ['98765432100', '987_654_321_00', '987 654 321 00']) {
      expect((await attempt(username, 'bad', '10.6.1.1')).statusCode, username).toBe(429);
    }
  });

  it('any spelling of the CPF signs in', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    for (const username of spellings(user.document!)) {
      expect((await attempt(username, TEST_PASSWORD, '10.7.0.1')).statusCode, username).toBe(200);
    }
  });

  it('a successful login clears the account counter', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) await attempt(user.username, 'bad', `10.3.${round}.${i}`);
      expect((await attempt(user.username, TEST_PASSWORD, `10.3.${round}.9`)).statusCode).toBe(200);
    }
  });
});

describe('blocked account', () => {
  it('answers the same for the right and a wrong password, and never locks', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], status: 'blocked' });
    const answers = [];
    for (const password of ['wrong-1', TEST_PASSWORD, 'wrong-2', 'wrong-3', 'wrong-4', TEST_PASSWORD]) {
      const res = await attempt(user.username, password, '10.8.0.1');
      answers.push({ status: res.statusCode, body: res.json() });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 400, body: { code: 'AUTH_USER_BLOCKED' } });
    expect(answers[0]!.body.error_description).toMatch(/Usuário bloqueado/);
  });
});

describe('address limit', () => {
  it('50 staff behind one address sign in with their right passwords while some of them mistype', async () => {
    const ip = '10.2.0.1';
    const staff = [];
    for (let i = 0; i < 50; i++) staff.push(await createUser(t.database.db, { clientIds: [clientId] }));
    // Two people mistype, over and over, in every spelling they know: six failures from the address.
    for (const person of staff.slice(0, 2)) {
      for (const username of [person.email!, person.username, person.document!]) {
        await attempt(username, 'bad', ip);
      }
      await attempt(person.document!, 'bad', ip);
    }
    for (const person of staff.slice(2)) {
      expect((await attempt(person.username, TEST_PASSWORD, ip)).statusCode, person.username).toBe(200);
    }
    // Fifty real password checks: allowed more than the default time on a busy machine.
  }, 180_000);

  it('past its limit, an address is slowed down (one attempt at a time, growing spacing), never refused', async () => {
    const ip = '10.2.0.9';
    for (let i = 0; i < 6; i++)
      expect((await attempt(`ghost${i}@x.example`, 'bad', ip)).statusCode).toBe(400);
    // Four guesses sent at once are taken one after another, 100 ms apart.
    const started = Date.now();
    const guesses = await Promise.all(
      [0, 1, 2, 3].map((i) => attempt(`ghost-burst${i}@x.example`, 'bad', ip)),
    );
    expect(guesses.map((g) => g.statusCode)).toEqual([400, 400, 400, 400]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    // The right password still signs in from that address, and from another one.
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    expect((await attempt(user.username, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await attempt(user.username, TEST_PASSWORD, '10.2.0.10')).statusCode).toBe(200);
    // Ten failures now: the spacing has doubled four times, to 1.6 s between two guesses.
    const next = Date.now();
    await attempt('ghost-late1@x.example', 'bad', ip);
    await attempt('ghost-late2@x.example', 'bad', ip);
    expect(Date.now() - next).toBeGreaterThanOrEqual(1500);
  });
});
