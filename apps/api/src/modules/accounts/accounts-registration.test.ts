import { eq } from 'drizzle-orm';
import { makeValidCpf } from '@trilha/domain/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userClients, users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createAffiliations,
  createVariant,
  lastMessageTo,
  patchLoginConfig,
} from '../../../test/accounts-helpers';
import { createClient, createUser, TEST_PASSWORD } from '../../../test/factories';
import { bearer, login, tokenRequest } from '../../../test/http';

let t: TestApp;
let clientId: number;
let aff: Awaited<ReturnType<typeof createAffiliations>>;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp();
  clientId = (await createClient(t.database.db, { name: 'Nimbus Teste' })).id;
  aff = await createAffiliations(t.database.db, clientId);
  await createVariant(t.database.db, { clientId, slug: 'register' });
  await createVariant(t.database.db, {
    clientId,
    slug: 'register-seven-trade',
    profiles: ['store_owner', 'counter_clerk'],
    askAffiliation: true,
    requiresApproval: true,
    fields: ['first_name', 'last_name', 'email', 'document', 'country'],
  });
});
afterAll(() => t.close());

function person(values: Record<string, unknown> = {}) {
  n += 1;
  const email = `reg${process.pid}${n}@example.com`;
  return {
    variant: 'register',
    country: 'BRA',
    firstName: 'Joana',
    lastName: 'Lima',
    email,
    emailConfirmation: email,
    document: makeValidCpf(String(300_000_000 + n * 1_234_567 + process.pid).slice(0, 9)),
    phone: '(11) 98765-4321',
    profile: 'sales_agent',
    acceptTerms: true,
    confirmAdult: true,
    ...values,
  };
}

const register = (body: Record<string, unknown>, lang = 'pt-BR') =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/register',
    payload: body,
    headers: { 'accept-language': lang },
  });

type Detail = { path: string; code?: string; message?: string };
const detailsOf = (res: { json(): unknown }) =>
  (res.json() as { error: { details: Detail[] } }).error.details;
const codeAt = (res: { json(): unknown }, path: string) => detailsOf(res).find((d) => d.path === path)?.code;

describe('registration entry', () => {
  it('describes an entry: fields from the login configuration, profiles, terms, countries', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts/registration/register' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual(['first_name', 'last_name', 'email', 'document', 'phone', 'country']);
    expect(body.profiles).toEqual(['sales_agent', 'promoter']);
    expect(body.clientName).toBe('Nimbus Teste');
    expect(body.countries).toEqual([{ code: 'BRA', name: 'Brasil' }]);
    expect(body.requiresApproval).toBe(false);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/registration/register-seven-trade',
    });
    expect(other.json()).toMatchObject({
      askAffiliation: true,
      requiresApproval: true,
      profiles: ['store_owner', 'counter_clerk'],
    });
    const aff = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/registration/register-seven-trade/affiliations',
    });
    expect(aff.json().companies.map((c: { name: string }) => c.name)).toEqual([
      'Acme Eletrônicos',
      'Agência Norte',
    ]);
    expect(aff.json().retailChains[1].stores).toHaveLength(2);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/accounts/registration/nope' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('register', () => {
  it('creates an active account and e-mails the set-password link', async () => {
    const body = person();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('active');
    expect(res.json().sentTo).toMatch(/^re\*+@example\.com$/);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({
      status: 'active',
      passwordHash: null,
      phone: '+5511987654321',
      selectedClientId: clientId,
    });
    expect(user!.document).toBe(body.document);
    const [member] = await t.database.db.select().from(userClients).where(eq(userClients.userId, user!.id));
    expect(member!.roles).toEqual(['sales_agent']);
    const mail = await lastMessageTo(t, body.email);
    expect(mail.template).toBe('set_password');
    expect(mail.body).toContain(`/set-password/${user!.username}/`);
  });

  it('answers the CPF messages: required, invalid, already registered — in four languages', async () => {
    const missing = await register(person({ document: '' }));
    expect(missing.statusCode).toBe(400);
    expect(detailsOf(missing).find((d) => d.path === 'document')).toMatchObject({
      code: 'ACCOUNTS_DOCUMENT_REQUIRED',
      message: 'CPF é obrigatório',
    });
    const invalid = await register(person({ document: '111.111.111-11' }));
    expect(detailsOf(invalid).find((d) => d.path === 'document')?.message).toBe('Documento inválido');
    const invalidEn = await register(person({ document: '123.456.789-00' }), 'en-US');
    expect(detailsOf(invalidEn).find((d) => d.path === 'document')?.message).toBe('Invalid document');

    const first = person();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register(
      person({ document: first.document.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4') }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details[0]).toMatchObject({
      path: 'document',
      code: 'ACCOUNTS_DOCUMENT_TAKEN',
      message: 'CPF já cadastrado',
    });
    const es = await register(person({ document: first.document }), 'es');
    expect(es.json().error.details[0].message).toBe('Este documento (CPF) ya está registrado');
    const fr = await register(person({ document: first.document }), 'fr');
    expect(fr.json().error.details[0].message).toBe('Ce document (CPF) est déjà enregistré');
    const email = await register(person({ email: first.email, emailConfirmation: first.email }));
    expect(codeAt(email, 'email')).toBe('ACCOUNTS_EMAIL_TAKEN');
  });

  it('requires terms, the age confirmation, a profile of the entry and a matching e-mail', async () => {
    const res = await register(
      person({
        acceptTerms: false,
        confirmAdult: false,
        profile: 'program_admin',
        emailConfirmation: 'x@y.z',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(codeAt(res, 'acceptTerms')).toBe('ACCOUNTS_TERMS_REQUIRED');
    expect(codeAt(res, 'confirmAdult')).toBe('ACCOUNTS_ADULT_REQUIRED');
    expect(codeAt(res, 'profile')).toBe('ACCOUNTS_PROFILE_REQUIRED');
    expect(codeAt(res, 'emailConfirmation')).toBe('ACCOUNTS_EMAIL_MISMATCH');
  });

  it('asks one company/agency, a brand of it and a store of each chain chosen; then waits for approval', async () => {
    const base = person({ variant: 'register-seven-trade', profile: 'store_owner', phone: '' });
    const none = await register(base);
    expect(codeAt(none, 'companyId')).toBe('ACCOUNTS_COMPANY_REQUIRED');
    expect(codeAt(none, 'retailChainIds')).toBe('ACCOUNTS_STORE_REQUIRED');
    const noBrand = await register({
      ...base,
      companyId: aff.acme.id,
      retailChainIds: [aff.mega.id],
      storeIds: [aff.megaSp.id],
    });
    expect(codeAt(noBrand, 'brandIds')).toBe('ACCOUNTS_BRAND_REQUIRED');
    const otherBrand = await register({
      ...base,
      companyId: aff.acme.id,
      brandIds: [aff.north.id],
      retailChainIds: [aff.mega.id],
      storeIds: [aff.megaSp.id],
    });
    expect(codeAt(otherBrand, 'brandIds')).toBe('ACCOUNTS_AFFILIATION_NOT_FOUND');
    const chainWithoutStore = await register({
      ...base,
      companyId: aff.acme.id,
      brandIds: [aff.bolt.id],
      retailChainIds: [aff.mega.id, aff.casa.id],
      storeIds: [aff.megaSp.id],
    });
    expect(codeAt(chainWithoutStore, 'storeIds')).toBe('ACCOUNTS_STORE_REQUIRED');

    const ok = await register({
      ...base,
      companyId: aff.acme.id,
      brandIds: [aff.bolt.id, aff.spark.id],
      retailChainIds: [aff.mega.id, aff.casa.id],
      storeIds: [aff.megaSp.id, aff.casaBh.id],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().status).toBe('awaiting_approval');
    expect((await lastMessageTo(t, base.email)).template).toBe('registration_received');

    const [user] = await t.database.db.select().from(users).where(eq(users.email, base.email));
    const accounts = t.modules.accounts;
    await accounts.approve(user!.id);
    const link = await lastMessageTo(t, base.email);
    expect(link.template).toBe('set_password');
  });

  it('closes registration when both switches are off and waits for approval on pre-register', async () => {
    await patchLoginConfig(t, { register: false, preRegister: false });
    const closed = await register(person());
    expect(closed.json().error.code).toBe('ACCOUNTS_REGISTER_CLOSED');
    await patchLoginConfig(t, { register: false, preRegister: true });
    const pre = await register(person());
    expect(pre.json().status).toBe('awaiting_approval');
    await patchLoginConfig(t, { register: true, preRegister: false });
  });
});

describe('account states at login', () => {
  it('refuses awaiting approval, blocked, and a user with no profile, with their messages', async () => {
    const waiting = await createUser(t.database.db, { clientIds: [clientId], status: 'awaiting_approval' });
    const blocked = await createUser(t.database.db, { clientIds: [clientId], status: 'blocked' });
    const orphan = await createUser(t.database.db, { clientIds: [] });
    const codeOf = async (username: string) =>
      (await tokenRequest(t, { grant_type: 'password', username, password: TEST_PASSWORD })).json();
    expect((await codeOf(waiting.username)).code).toBe('AUTH_AWAITING_APPROVAL');
    expect((await codeOf(blocked.username)).code).toBe('AUTH_USER_BLOCKED');
    const noProfile = await codeOf(orphan.username);
    expect(noProfile.code).toBe('AUTH_NO_PROFILE');
    expect(noProfile.error_description).toMatch(/^Sem perfil cadastrado/);
  });
});

describe('first access', () => {
  it('sends a set-password link to a pre-registered account found by document or e-mail', async () => {
    const pre = await createUser(t.database.db, { clientIds: [clientId], passwordHash: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/first-access',
      payload: { identifier: pre.document },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sentTo).toContain('@test.example');
    expect((await lastMessageTo(t, pre.email!)).template).toBe('set_password');
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/first-access',
      payload: { identifier: pre.email },
    });
    expect(byEmail.statusCode).toBe(200);
    const active = await createUser(t.database.db, { clientIds: [clientId] });
    const already = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/first-access',
      payload: { identifier: active.email },
    });
    expect(already.json().error.code).toBe('ACCOUNTS_ALREADY_ACTIVE');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/first-access',
      payload: { identifier: 'nobody@x.test' },
    });
    expect(unknown.json().error.code).toBe('ACCOUNTS_FIRST_ACCESS_NOT_FOUND');
  });
});

describe('pending steps, complete register and onboarding', () => {
  it('sends an account missing data to complete-register and a new registrant to onboarding', async () => {
    const user = await createUser(t.database.db, {
      clientIds: [clientId],
      document: null,
      termsAcceptedAt: null,
    });
    const { access_token } = await login(t, user.username);
    const steps = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/pending-steps',
      headers: bearer(access_token),
    });
    expect(steps.json()).toEqual({ steps: ['complete_register'], missing: ['document', 'country', 'terms'] });

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/complete-register',
      headers: bearer(access_token),
      payload: { document: '000.000.000-00', country: 'BRA', acceptTerms: true, confirmAdult: true },
    });
    expect(codeAt(bad, 'document')).toBe('ACCOUNTS_DOCUMENT_INVALID');
    const doc = makeValidCpf('52998224'.padEnd(9, '7'));
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/complete-register',
      headers: bearer(access_token),
      payload: { document: doc, country: 'BRA', acceptTerms: true, confirmAdult: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().steps).toEqual([]);
  });

  it('shows onboarding once after registering, and change_password when the flag is set', async () => {
    const body = person();
    await register(body);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    await t.database.db
      .update(users)
      .set({ passwordHash: (await createUser(t.database.db)).passwordHash, mustChangePassword: true })
      .where(eq(users.id, user!.id));
    const { access_token } = await login(t, user!.username);
    const steps = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/pending-steps',
      headers: bearer(access_token),
    });
    expect(steps.json().steps).toEqual(['change_password', 'onboarding']);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/me/onboarding/complete',
      headers: bearer(access_token),
    });
    expect(done.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/pending-steps',
      headers: bearer(access_token),
    });
    expect(after.json().steps).toEqual(['change_password']);
  });
});

describe('company/agency, brand and store', () => {
  const seven = (values: Record<string, unknown> = {}) =>
    person({ variant: 'register-seven-trade', profile: 'store_owner', phone: '', ...values });
  const complete = {
    companyId: 0,
    brandIds: [] as number[],
    retailChainIds: [] as number[],
    storeIds: [] as number[],
  };
  const full = () => ({
    ...complete,
    companyId: aff.acme.id,
    brandIds: [aff.bolt.id],
    retailChainIds: [aff.mega.id],
    storeIds: [aff.megaSp.id],
  });

  it('registers with exactly one company/agency: a list, or one of another client, is refused', async () => {
    const list = await register(seven({ ...full(), companyId: [aff.acme.id, aff.agency.id] }));
    expect(list.statusCode).toBe(400);
    expect(codeAt(list, 'companyId')).toBeUndefined();
    expect(detailsOf(list).some((d) => d.path === 'companyId')).toBe(true);

    const otherClient = (await createClient(t.database.db, { name: 'Outro' })).id;
    const foreign = await createAffiliations(t.database.db, otherClient);
    const res = await register(seven({ ...full(), companyId: foreign.acme.id }));
    expect(codeAt(res, 'companyId')).toBe('ACCOUNTS_AFFILIATION_NOT_FOUND');
    const foreignStore = await register(
      seven({ ...full(), retailChainIds: [foreign.mega.id], storeIds: [foreign.megaSp.id] }),
    );
    expect(codeAt(foreignStore, 'retailChainIds')).toBe('ACCOUNTS_AFFILIATION_NOT_FOUND');
  });

  it('needs a retail chain, and refuses a store of a chain not chosen', async () => {
    const noChain = await register(seven({ ...full(), retailChainIds: [], storeIds: [] }));
    expect(codeAt(noChain, 'retailChainIds')).toBe('ACCOUNTS_STORE_REQUIRED');
    const chainNoStore = await register(seven({ ...full(), storeIds: [] }));
    expect(codeAt(chainNoStore, 'storeIds')).toBe('ACCOUNTS_STORE_REQUIRED');
    const strayStore = await register(seven({ ...full(), storeIds: [aff.megaSp.id, aff.casaBh.id] }));
    expect(codeAt(strayStore, 'storeIds')).toBe('ACCOUNTS_AFFILIATION_NOT_FOUND');
  });

  it('answers the affiliation messages in the caller language', async () => {
    const texts: Record<string, string | undefined> = {};
    for (const lang of ['pt-BR', 'en-US', 'es', 'fr']) {
      const res = await register(seven(), lang);
      texts[lang] = detailsOf(res).find((d) => d.path === 'companyId')?.message;
    }
    expect(texts['pt-BR']).toBe('Escolha exatamente uma empresa/agência');
    expect(texts['en-US']).toBe('Choose exactly one company/agency');
    expect(texts.es).toBe('Elige exactamente una empresa/agencia');
    expect(texts.fr).toBe('Choisissez exactement une entreprise/agence');
  });

  it('an entry without them ignores company, brand and store', async () => {
    const res = await register(person({ companyId: null }));
    expect(res.statusCode).toBe(201);
  });

  it('complete-register asks them of a profile an entry asking them offers, and saves them', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], roles: ['store_owner'] });
    const { access_token } = await login(t, user.username);
    const auth = bearer(access_token);
    const steps = await t.app.inject({ method: 'GET', url: '/api/accounts/me/pending-steps', headers: auth });
    expect(steps.json()).toEqual({
      steps: ['complete_register'],
      missing: ['country', 'terms', 'affiliation'],
    });
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/complete-register',
      headers: auth,
    });
    expect(state.json().askAffiliation).toBe(true);
    expect(state.json().values).toMatchObject({ companyId: null, brandIds: [], storeIds: [] });
    const options = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/affiliations',
      headers: auth,
    });
    expect(options.json().companies).toHaveLength(2);

    const put = (payload: Record<string, unknown>, lang = 'pt-BR') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/accounts/me/complete-register',
        headers: { ...auth, 'accept-language': lang },
        payload: { country: 'BRA', acceptTerms: true, confirmAdult: true, ...payload },
      });
    const none = await put({}, 'fr');
    expect(codeAt(none, 'companyId')).toBe('ACCOUNTS_COMPANY_REQUIRED');
    expect(detailsOf(none).find((d) => d.path === 'companyId')?.message).toBe(
      'Choisissez exactement une entreprise/agence',
    );
    expect(codeAt(none, 'retailChainIds')).toBe('ACCOUNTS_STORE_REQUIRED');
    expect(codeAt(await put({ ...full(), brandIds: [] }), 'brandIds')).toBe('ACCOUNTS_BRAND_REQUIRED');
    expect(codeAt(await put({ ...full(), brandIds: [aff.north.id] }), 'brandIds')).toBe(
      'ACCOUNTS_AFFILIATION_NOT_FOUND',
    );
    expect(codeAt(await put({ ...full(), storeIds: [] }), 'storeIds')).toBe('ACCOUNTS_STORE_REQUIRED');
    expect(
      codeAt(
        await put({ ...full(), retailChainIds: [aff.mega.id, aff.casa.id], storeIds: [aff.megaRj.id] }),
        'storeIds',
      ),
    ).toBe('ACCOUNTS_STORE_REQUIRED');

    const ok = await put({
      ...full(),
      companyId: aff.acme.id,
      brandIds: [aff.bolt.id, aff.spark.id],
      retailChainIds: [aff.mega.id, aff.casa.id],
      storeIds: [aff.megaRj.id, aff.casaBh.id],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ steps: [], missing: [] });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/complete-register',
      headers: auth,
    });
    expect(after.json().values).toMatchObject({
      companyId: aff.acme.id,
      brandIds: expect.arrayContaining([aff.bolt.id, aff.spark.id]),
      storeIds: expect.arrayContaining([aff.megaRj.id, aff.casaBh.id]),
    });
  });

  it('does not ask them of staff or of a profile no entry asking them offers', async () => {
    for (const roles of [['manager'], ['sales_agent']]) {
      const user = await createUser(t.database.db, {
        clientIds: [clientId],
        roles,
        termsAcceptedAt: new Date(),
      });
      const { access_token } = await login(t, user.username);
      const steps = await t.app.inject({
        method: 'GET',
        url: '/api/accounts/me/pending-steps',
        headers: bearer(access_token),
      });
      expect(steps.json().missing).not.toContain('affiliation');
    }
  });
});
