import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clients, countries, languages } from '../../db/schema/core';

/** The platform's lists the session is built from (countries, languages, clients): no client's own rows. */
export function createSessionRepo(db: DbOrTx) {
  return {
    countries: () =>
      db
        .select({ id: countries.id, code: countries.code, name: countries.name })
        .from(countries)
        .orderBy(asc(countries.name)),

    languages: () => db.select().from(languages).orderBy(asc(languages.id)),

    clients: () =>
      db
        .select({
          id: clients.id,
          name: clients.name,
          slug: clients.slug,
          homeRoute: clients.homeRoute,
          logoUrl: clients.logoUrl,
          primaryColor: clients.primaryColor,
          flags: clients.flags,
        })
        .from(clients),

    async languageByCode(code: string) {
      const [lang] = await db.select().from(languages).where(eq(languages.code, code));
      return lang;
    },

    async clientLogoUrl(clientId: number) {
      const [row] = await db
        .select({ logoUrl: clients.logoUrl })
        .from(clients)
        .where(eq(clients.id, clientId));
      return row?.logoUrl;
    },
  };
}
