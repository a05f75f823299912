import type { Area, Language } from './languages';

export type Catalog = { [key: string]: string | Catalog };

/**
 * Brazilian Portuguese says "0 atividades": zero takes the plural. The CLDR rule that i18next follows puts
 * 0 with 1 in Portuguese ("0 atividade"), so every count message of pt-BR gets a `_zero` form (which
 * i18next prefers for a count of 0) copied from its `_other` form, unless the catalog writes its own
 * ("Nenhuma atividade"). Other languages keep their rule: French rightly says "0 activité".
 */
export function withPluralZero(language: Language, catalog: Catalog): Catalog {
  if (language !== 'pt-BR') return catalog;
  const out: Catalog = {};
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value !== 'string') {
      out[key] = withPluralZero(language, value);
      continue;
    }
    const base = key.endsWith('_one') ? key.slice(0, -'_one'.length) : null;
    const other = base === null ? undefined : catalog[`${base}_other`];
    if (base !== null && catalog[`${base}_zero`] === undefined && typeof other === 'string') {
      out[`${base}_zero`] = other;
    }
    out[key] = value;
  }
  return out;
}

/**
 * Loads one catalog. Bundlers turn the template import into one small chunk per file, so a browser only
 * fetches the language it shows.
 */
export async function loadCatalog(language: Language, area: Area): Promise<Catalog> {
  const mod = (await import(`../locales/${language}/${area}.json`)) as { default: Catalog };
  return withPluralZero(language, mod.default);
}
