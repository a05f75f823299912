import type { Area, Language } from './languages';

export type Catalog = { [key: string]: string | Catalog };

/**
 * Loads one catalog. Bundlers turn the template import into one small chunk per file, so a browser only
 * fetches the language it shows.
 */
export async function loadCatalog(language: Language, area: Area): Promise<Catalog> {
  const mod = (await import(`../locales/${language}/${area}.json`)) as { default: Catalog };
  return mod.default;
}
