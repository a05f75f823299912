import { ed25519 } from '@noble/curves/ed25519.js';
import { sql } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const b64 = (s: string) => Buffer.from(s, 'base64url');

/** An independent check of a JWS: Ed25519 over `header.payload` with the published key's `x`. */
function nobleVerifies(jwt: string, x: string): boolean {
  const [header, payload, signature] = jwt.split('.');
  try {
    return ed25519.verify(b64(signature!), Buffer.from(`${header}.${payload}`, 'ascii'), b64(x));
  } catch {
    return false;
  }
}

async function joseVerifies(jwt: string, jwks: JSONWebKeySet, issuer: string): Promise<boolean> {
  try {
    await jwtVerify(jwt, createLocalJWKSet(jwks), { issuer, algorithms: ['EdDSA'], typ: 'vc+jwt' });
    return true;
  } catch {
    return false;
  }
}

function tamperPayload(jwt: string): string {
  const [header, payload, signature] = jwt.split('.');
  const claims = JSON.parse(b64(payload!).toString('utf8')) as {
    vc: { credentialSubject: { achievement: { name: string } } };
  };
  claims.vc.credentialSubject.achievement.name = 'Something never earned';
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

function tamperSignature(jwt: string): string {
  const [header, payload, signature] = jwt.split('.');
  const bytes = b64(signature!);
  bytes[0] = bytes[0]! ^ 0x01;
  return `${header}.${payload}.${bytes.toString('base64url')}`;
}

async function setup() {
  const db = t.database.db;
  const client = await createClient(db, { name: 'Rede Horizonte' });
  const learner = await createUser(db, { clientIds: [client.id], firstName: 'Bruno', lastName: 'Lima' });
  const token = (await login(t, learner.username)).access_token;
  return { client, learner, token };
}

describe('Open Badges 3.0 credentials', () => {
  it('signs a certificate credential that verifies with the published keys, and fails once tampered', async () => {
    const { client, learner, token } = await setup();
    const { id } = await t.modules.rewards.certificates.issue({
      clientId: client.id,
      userId: learner.id,
      targetType: 'course',
      targetId: 12,
      title: 'Primeiros socorros',
      workloadMinutes: 240,
      validityMonths: 24,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rewards/certificates/${id}/credential`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jwt, id: jti } = res.json<{ jwt: string; id: string }>();

    const jwksRes = await t.app.inject({ method: 'GET', url: `/api/public/issuers/${client.id}/jwks.json` });
    expect(jwksRes.statusCode, jwksRes.body).toBe(200);
    const jwks = jwksRes.json<JSONWebKeySet & { keys: { x: string; kid: string; d?: string }[] }>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const did = `did:web:${encodeURIComponent(new URL(t.config.PUBLIC_URL).host)}:issuers:${client.id}`;

    const header = JSON.parse(b64(jwt.split('.')[0]!).toString('utf8')) as Record<string, string>;
    expect(header).toEqual({ alg: 'EdDSA', typ: 'vc+jwt', kid: jwks.keys[0]!.kid });
    expect(header.kid!.startsWith(`${did}#`)).toBe(true);
    const claims = JSON.parse(b64(jwt.split('.')[1]!).toString('utf8')) as Record<string, unknown> & {
      vc: Record<string, unknown> & { credentialSubject: Record<string, unknown> };
    };
    expect(claims).toMatchObject({ iss: did, jti });
    expect(jti).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(typeof claims.exp).toBe('number');
    expect(claims.vc).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: did, type: ['Profile'], name: 'Rede Horizonte' },
      credentialSubject: {
        type: ['AchievementSubject'],
        achievement: {
          type: ['Achievement'],
          name: 'Primeiros socorros',
          criteria: { narrative: expect.any(String) },
        },
      },
    });
    expect(typeof claims.vc.validUntil).toBe('string');
    // The learner is named by a salted hash, never by the e-mail in clear.
    expect(jwt.includes(Buffer.from(learner.email!).toString('base64url'))).toBe(false);
    expect(JSON.stringify(claims)).not.toContain(learner.email!);
    expect(claims.vc.credentialSubject.identifier).toEqual([
      expect.objectContaining({ type: 'IdentityObject', hashed: true, identityType: 'emailAddress' }),
    ]);

    const x = jwks.keys[0]!.x;
    expect(nobleVerifies(jwt, x)).toBe(true);
    expect(await joseVerifies(jwt, jwks, did)).toBe(true);
    for (const forged of [tamperPayload(jwt), tamperSignature(jwt)]) {
      expect(nobleVerifies(forged, x)).toBe(false);
      expect(await joseVerifies(forged, jwks, did)).toBe(false);
    }

    // The did:web document publishes the same key, and no private part.
    const didDoc = await t.app.inject({ method: 'GET', url: `/issuers/${client.id}/did.json` });
    expect(didDoc.statusCode, didDoc.body).toBe(200);
    expect(didDoc.json()).toMatchObject({
      id: did,
      verificationMethod: [{ id: header.kid, publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x } }],
      assertionMethod: [header.kid],
    });
    expect(didDoc.body).not.toContain('"d"');

    // Stored: the public key readable, the private one sealed.
    const [key] = rowsOf<{ public_jwk: Record<string, unknown>; sealed_private_key: string }>(
      await t.database.db.execute(
        sql`select public_jwk, sealed_private_key from issuer_keys where client_id = ${client.id}`,
      ),
    );
    expect(key!.public_jwk).not.toHaveProperty('d');
    expect(key!.sealed_private_key).toMatch(/^v1\./);
    expect(key!.sealed_private_key).not.toContain('"d"');
  });

  it("a revoked certificate's credentials are marked revoked and no new one is issued", async () => {
    const { client, learner, token } = await setup();
    const admin = await createUser(t.database.db, { clientIds: [client.id], roles: ['program_admin'] });
    const adminToken = (await login(t, admin.username)).access_token;
    const { id } = await t.modules.rewards.certificates.issue({
      clientId: client.id,
      userId: learner.id,
      targetType: 'trail',
      targetId: 3,
      title: 'Gestão',
      workloadMinutes: null,
      validityMonths: null,
    });
    const url = `/api/rewards/certificates/${id}/credential`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${id}/revoke`,
      headers: bearer(adminToken),
      payload: { reason: 'Fraud detected' },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const rows = rowsOf<{ revoked_at: unknown }>(
      await t.database.db.execute(
        sql`select revoked_at from issued_credentials where client_id = ${client.id} and kind = 'certificate' and ref_id = ${id}`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revoked_at).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(404);
  });

  it('issues a badge credential only for a badge the user earned', async () => {
    const { client, learner, token } = await setup();
    const db = t.database.db;
    const [badge] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into badges (client_id, texts, criterion, image_key)
        values (${client.id}, ${JSON.stringify({ 'pt-BR': { name: 'Maratonista', description: 'Cinco cursos em um mês' } })}::jsonb,
          'manual', null) returning id`),
    );
    await db.execute(sql`update badges set image_key = ${`badges/c${client.id}/${badge!.id}-0123456789ab.webp`}
      where id = ${badge!.id}`);
    const url = `/api/rewards/badges/${badge!.id}/credential`;
    const before = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe('CREDENTIAL_NOT_AVAILABLE');
    await db.execute(sql`insert into user_badges (client_id, user_id, badge_id, ref_type)
      values (${client.id}, ${learner.id}, ${badge!.id}, 'manual')`);
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const { jwt } = res.json<{ jwt: string }>();
    const claims = JSON.parse(b64(jwt.split('.')[1]!).toString('utf8')) as {
      exp?: number;
      vc: { credentialSubject: { achievement: { name: string; description: string } } };
    };
    expect(claims.vc.credentialSubject.achievement).toMatchObject({
      name: 'Maratonista',
      description: 'Cinco cursos em um mês',
      image: {
        id: `${t.config.PUBLIC_URL}/api/media/badges/${client.id}-${badge!.id}-0123456789ab`,
        type: 'Image',
      },
    });
    expect(claims.exp).toBeUndefined();
    const jwks = (
      await t.app.inject({ method: 'GET', url: `/api/public/issuers/${client.id}/jwks.json` })
    ).json<JSONWebKeySet & { keys: { x: string }[] }>();
    expect(nobleVerifies(jwt, jwks.keys[0]!.x)).toBe(true);

    // Another client's learner cannot ask for it.
    const other = await setup();
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(404);
  });

  it('limits the did:web document like the public API routes', async () => {
    const { client } = await setup();
    const url = `/issuers/${client.id}/did.json`;
    // 60 a minute per address; other tests of this file may have spent some of them already.
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await t.app.inject({ method: 'GET', url })).statusCode);
    expect(codes[0]).toBe(200);
    expect(codes.at(-1)).toBe(429);
    expect(codes.filter((c) => c !== 200 && c !== 429)).toEqual([]);
  });

  it('answers 404 for the keys of a client that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/issuers/2147483000/jwks.json' });
    expect(res.statusCode).toBe(404);
  });
});
