import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { migrationAreas } from './areas';

/**
 * Tenancy of the schema (docs/product-rules.md, Tenancy): every table of every migration area is one of
 *
 * - tenant-owned: a `client_id` column, not null, referencing `clients` (most tables);
 * - scoped through a tenant-owned parent: no `client_id`, but a reference to a tenant-owned table whose
 *   rows it only links (a member of an audience, a user's brand or store);
 * - shared, listed below with the reason: tables of the platform, the site or the person (a person
 *   belongs to several clients), some with an optional client.
 *
 * A new table that is none of these fails here, so the areas to come (points, badges, orders, campaigns,
 * sales) cannot add a table of a client's data that forgets whose it is.
 */
const shared: Record<string, string> = {
  app_settings: 'platform settings (keys, defaults)',
  clients: 'the tenants themselves',
  countries: 'reference data',
  languages: 'reference data',
  sites: 'a site hosts several clients',
  users: 'a person may belong to several clients (user_clients says which)',
  auth_sessions: 'a session spans the clients of its user; the selected client is checked per request',
  refresh_tokens: 'belongs to a session',
  auth_throttle: 'counts sign-in failures per account and address, before any client is known',
  oauth_apps: "its client_id is the OAuth application's identifier, not a tenant",
  user_profiles: "the person's own data, shown in every client",
  about_team_members: 'the public "about the team" page of a site',
  accounts_rate_counters: 'rate limits per address or account, before any client is known',
  oidc_logins: 'a sign-in with Google in progress, before any client is known',
  used_password_links: 'one-time password links of a person',
  user_identities: "a person's linked sign-in identities",
  verification_codes: 'codes sent to a person to recover the account',
  webservice_tokens: "a partner's one-time sign-in token for a person",
  idempotency_keys: 'keyed by the caller and the request, whatever the client',
  reconciliation_runs: 'one nightly run checks the accounts of every client; each finding carries its client',
};

/** Tables with a `client_id` that may be null, and what a row without one is. */
const optionalClient: Record<string, string> = {
  audit_log: "a platform action (a superuser's, the purge job's) belongs to no client",
  account_deletion_requests: 'a person may ask to be deleted from the whole platform',
  institutional_pages: "the site's pages have no client; a client's own pages have one",
  support_tickets: 'a ticket sent from the public site, before sign-in, has no client',
  user_activity: 'activity outside any client (sign-in, profile) has none',
  outbox: 'a message to a person before a client is known (sign-up, recovery) has none',
};

/** Tables whose client_id deliberately has no foreign key. */
const unreferencedClient: Record<string, string> = {
  audit_log: 'the trail outlives what it records: removing a client keeps its entries',
};

interface TableInfo {
  name: string;
  clientColumn?: { notNull: boolean; referencesClients: boolean };
  parents: string[];
}

async function schemaTables(): Promise<TableInfo[]> {
  const tables: TableInfo[] = [];
  for (const area of migrationAreas) {
    for (const file of area.schema) {
      const module = (await import(`./schema/${file}.ts`)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (!(value instanceof PgTable)) continue;
        const config = getTableConfig(value);
        const references = config.foreignKeys.map((fk) => {
          const reference = fk.reference();
          return {
            columns: reference.columns.map((column) => column.name),
            table: getTableConfig(reference.foreignTable).name,
          };
        });
        const client = config.columns.find((column) => column.name === 'client_id');
        tables.push({
          name: config.name,
          clientColumn: client && {
            notNull: client.notNull,
            referencesClients: references.some(
              (r) => r.table === 'clients' && r.columns.length === 1 && r.columns[0] === 'client_id',
            ),
          },
          parents: references.map((r) => r.table),
        });
      }
    }
  }
  return tables;
}

describe('tenancy of the schema', () => {
  it('gives every table a client, a tenant-owned parent, or a stated reason to have neither', async () => {
    const tables = await schemaTables();
    expect(tables.length).toBeGreaterThan(40);
    const tenantOwned = new Set(
      tables
        .filter((t) => t.clientColumn?.referencesClients || (t.clientColumn && t.name in unreferencedClient))
        .map((t) => t.name),
    );
    const unplaced = tables
      .filter((t) => !tenantOwned.has(t.name) && !(t.name in shared))
      .filter((t) => !t.parents.some((parent) => tenantOwned.has(parent) && parent !== 'clients'))
      .map((t) => t.name);
    expect(unplaced, 'tables with no client, no tenant-owned parent and no reason').toEqual([]);
  });

  it('keeps a tenant-owned row bound to its client: client_id references clients and is not null', async () => {
    const tables = await schemaTables();
    const loose = tables
      .filter((t) => t.clientColumn && !(t.name in shared))
      .filter(
        (t) =>
          (!t.clientColumn!.referencesClients && !(t.name in unreferencedClient)) ||
          (!t.clientColumn!.notNull && !(t.name in optionalClient)),
      )
      .map((t) => t.name);
    expect(loose, 'client_id without a reference to clients, or nullable without a reason').toEqual([]);
  });

  it('lists no table that is gone or that is tenant-owned after all', async () => {
    const tables = new Map((await schemaTables()).map((t) => [t.name, t]));
    for (const name of Object.keys(shared)) {
      expect(tables.has(name), `${name} is listed as shared but is not in the schema`).toBe(true);
      expect(tables.get(name)?.clientColumn?.referencesClients ?? false, `${name} has a client`).toBe(false);
    }
    for (const name of Object.keys(optionalClient)) {
      expect(tables.get(name)?.clientColumn?.notNull, `${name} has an optional client_id`).toBe(false);
    }
  });
});
