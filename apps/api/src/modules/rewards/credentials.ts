import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { IssuerJwks } from '@trilha/contracts/rewards/certificates';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { createCredentialsRepo, type KeyRow } from './credentials.repo';
import { createSealer, resolveMessageKey, type Sealer } from '../messaging/sealed';

/**
 * Open Badges 3.0 credentials signed as VC-JWTs (docs/rewards.md, "Certificates and credentials"). Each
 * client is an issuer with its own Ed25519 key, made on first need; the private half is sealed with the
 * app's message key (the same AES-256-GCM sealer as queued messages, under a key derived for this use),
 * the public half published as a JWKS and a did:web document.
 */

export const VC_CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
];

export interface IssuerKey {
  kid: string;
  publicJwk: JWK;
}

export interface AchievementFacts {
  /** A stable URL naming the achievement (the badge or the course / trail of a certificate). */
  id: string;
  name: string;
  description: string;
  criteria: string;
  image: string | null;
}

export interface CredentialInput {
  clientId: number;
  userId: number;
  kind: 'badge' | 'certificate';
  refId: number;
  issuerName: string;
  /** The learner's e-mail (or, without one, another stable identifier): only its salted hash is written. */
  identity: string;
  achievement: AchievementFacts;
  validFrom: Date;
  validUntil: Date | null;
}

export interface Credentials {
  /** The did:web of a client's issuer profile. */
  didOf(clientId: number): string;
  /** The client's current public keys (made on first need). */
  jwks(clientId: number): Promise<IssuerJwks>;
  /** The did:web document of the client. */
  didDocument(clientId: number): Promise<Record<string, unknown>>;
  /** Signs a new credential (a new `issued_credentials` row, its `jti`). */
  issue(input: CredentialInput): Promise<{ jwt: string; id: string }>;
}

/**
 * did:web names a host, with a port's colon percent-encoded (did:web spec, "Create"); the document then
 * lies at https://<host>/issuers/<client>/did.json.
 */
export function didWebOf(publicUrl: string, clientId: number): string {
  const url = new URL(publicUrl);
  return `did:web:${encodeURIComponent(url.host)}:issuers:${clientId}`;
}

export function createCredentials(deps: {
  db: Db;
  publicUrl: string;
  messageKey: string | undefined;
}): Credentials {
  const { db } = deps;
  let sealer: Promise<Sealer> | undefined;
  // A key of its own for issuer keys, derived from the message key: a sealed message cannot be opened as a
  // key, nor the other way round.
  const sealerOf = () =>
    (sealer ??= resolveMessageKey(db, deps.messageKey).then((key) =>
      createSealer(createHash('sha256').update(key).update('rewards.issuer-keys').digest()),
    ));

  const didOf = (clientId: number) => didWebOf(deps.publicUrl, clientId);

  const currentKeys = (clientId: number) => createCredentialsRepo(db).currentKeys(clientId);

  /**
   * The client's key, made when it has none. Parallel first uses each make a key; the advisory lock per
   * client lets one insert and the others read it, so a client never ends up with two current keys.
   */
  async function keyOf(clientId: number): Promise<KeyRow> {
    const [existing] = await currentKeys(clientId);
    if (existing) return existing;
    const made = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const publicJwk = await exportJWK(made.publicKey);
    const privateJwk = await exportJWK(made.privateKey);
    const kid = randomBytes(12).toString('base64url');
    const sealed = (await sealerOf()).seal({ subject: 'ed25519-jwk', body: JSON.stringify(privateJwk) });
    return unitOfWork(db).run(async (tx) => {
      const repo = createCredentialsRepo(tx);
      await repo.lockKeyMaking(clientId);
      const [again] = await repo.currentKeys(clientId, 1);
      if (again) return again;
      await repo.insertKey(clientId, kid, { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x }, sealed);
      return { kid, public_jwk: publicJwk, sealed_private_key: sealed };
    });
  }

  // The JWKS names each key by its full verification method id, the `kid` the credentials' header carries,
  // so a JWKS-based verifier (jose's createRemoteJWKSet …) finds it without knowing did:web.
  const publicOf = (clientId: number, row: KeyRow) => ({
    kty: 'OKP' as const,
    crv: 'Ed25519' as const,
    x: String(row.public_jwk.x),
    kid: `${didOf(clientId)}#${row.kid}`,
    alg: 'EdDSA' as const,
    use: 'sig' as const,
  });

  async function jwks(clientId: number): Promise<IssuerJwks> {
    await keyOf(clientId);
    return { keys: (await currentKeys(clientId)).map((row) => publicOf(clientId, row)) };
  }

  async function didDocument(clientId: number) {
    const did = didOf(clientId);
    const { keys } = await jwks(clientId);
    const ids = keys.map((k) => k.kid);
    return {
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
      id: did,
      verificationMethod: keys.map((k) => ({
        id: k.kid,
        type: 'JsonWebKey2020',
        controller: did,
        publicKeyJwk: { kty: k.kty, crv: k.crv, x: k.x },
      })),
      assertionMethod: ids,
      authentication: ids,
    };
  }

  async function issue(input: CredentialInput) {
    const key = await keyOf(input.clientId);
    const opened = (await sealerOf()).open(key.sealed_private_key);
    const privateKey = await importJWK(JSON.parse(opened.body) as JWK, 'EdDSA');
    const id = randomUUID();
    const jti = `urn:uuid:${id}`;
    const did = didOf(input.clientId);
    // OB 3.0 IdentityObject: a salted SHA-256 of the identifier, so the credential proves who it names to
    // whoever knows the e-mail without showing it to anyone else.
    const salt = randomBytes(16).toString('hex');
    const identityHash = `sha256$${createHash('sha256')
      .update(input.identity + salt)
      .digest('hex')}`;
    const subjectId = `urn:uuid:${randomUUID()}`;
    const { achievement } = input;
    const vc = {
      '@context': VC_CONTEXT,
      id: jti,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: did, type: ['Profile'], name: input.issuerName },
      validFrom: input.validFrom.toISOString(),
      ...(input.validUntil ? { validUntil: input.validUntil.toISOString() } : {}),
      name: achievement.name,
      credentialSubject: {
        id: subjectId,
        type: ['AchievementSubject'],
        identifier: [
          {
            type: 'IdentityObject',
            identityHash,
            identityType: 'emailAddress',
            hashed: true,
            salt,
          },
        ],
        achievement: {
          id: achievement.id,
          type: ['Achievement'],
          name: achievement.name,
          description: achievement.description,
          criteria: { narrative: achievement.criteria },
          ...(achievement.image ? { image: { id: achievement.image, type: 'Image' } } : {}),
        },
      },
    };
    const issuedAt = new Date();
    const notBefore = Math.floor(Math.max(input.validFrom.getTime(), 0) / 1000);
    let signer = new SignJWT({ vc })
      .setProtectedHeader({ alg: 'EdDSA', kid: `${did}#${key.kid}`, typ: 'vc+jwt' })
      .setIssuer(did)
      .setSubject(subjectId)
      .setJti(jti)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setNotBefore(notBefore);
    if (input.validUntil) signer = signer.setExpirationTime(Math.floor(input.validUntil.getTime() / 1000));
    const jwt = await signer.sign(privateKey);
    await createCredentialsRepo(db).recordIssued({
      id,
      clientId: input.clientId,
      userId: input.userId,
      kind: input.kind,
      refId: input.refId,
      kid: key.kid,
    });
    return { jwt, id: jti };
  }

  return { didOf, jwks, didDocument, issue };
}
