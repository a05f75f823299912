import { sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import { rowsOf, type DbOrTx } from '../../db/client';

export interface KeyRow {
  kid: string;
  public_jwk: JWK;
  sealed_private_key: string;
}

/**
 * The issuers' signing keys and the credentials issued with them (tables of db/schema/certificates.ts).
 * Built with the app's db, it joins the caller's unit of work; every statement names its client.
 */
export function createCredentialsRepo(db: DbOrTx) {
  return {
    /** The client's current keys, oldest first. */
    async currentKeys(clientId: number, limit = 100): Promise<KeyRow[]> {
      return rowsOf<KeyRow>(
        await db.execute(sql`select kid, public_jwk, sealed_private_key from issuer_keys
          where client_id = ${clientId} and retired_at is null order by created_at, kid limit ${limit}`),
      );
    },

    /** Holds the client's key-making lock until the transaction ends (parallel first uses make one key). */
    async lockKeyMaking(clientId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('rewards.issuer-key'), ${clientId}::int)`);
    },

    async insertKey(clientId: number, kid: string, publicJwk: JWK, sealed: string) {
      await db.execute(sql`insert into issuer_keys (client_id, kid, public_jwk, sealed_private_key)
        values (${clientId}, ${kid}, ${JSON.stringify(publicJwk)}::jsonb, ${sealed})`);
    },

    async recordIssued(v: {
      id: string;
      clientId: number;
      userId: number;
      kind: string;
      refId: number;
      kid: string;
    }) {
      await db.execute(sql`insert into issued_credentials (id, client_id, user_id, kind, ref_id, kid)
        values (${v.id}, ${v.clientId}, ${v.userId}, ${v.kind}, ${v.refId}, ${v.kid})`);
    },
  };
}
