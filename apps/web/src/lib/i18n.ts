import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  areas,
  defaultLanguage,
  isLanguage,
  languages,
  type Area,
  type Language,
} from '@trilha/i18n/languages';
import { loadCatalog } from '@trilha/i18n/load';
import { formatDate as formatDomainDate, type DateInput } from '@trilha/domain/dates';

export const i18n = i18next.createInstance();

const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLanguage(language) || !(areas as readonly string[]).includes(namespace)) {
      callback(null, {});
      return;
    }
    loadCatalog(language, namespace as (typeof areas)[number]).then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

function applyDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The first language to show: `?locale=` wins, then the stored choice, then the site's default. */
export function resolveInitialLanguage(
  search: string,
  stored: string | null | undefined,
  siteDefault?: string | null,
): Language {
  const fromQuery = new URLSearchParams(search).get('locale');
  if (isLanguage(fromQuery)) return fromQuery;
  if (isLanguage(stored)) return stored;
  if (isLanguage(siteDefault)) return siteDefault;
  return defaultLanguage;
}

/**
 * Loads the given catalog areas of the language (by default all of them) before the first render, so no
 * text flashes as a key. Each area of each language is its own small chunk, fetched only when asked for.
 */
export async function initI18n(language: Language, namespaces: readonly Area[] = areas): Promise<void> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyDocumentLanguage);
    await i18n
      .use(catalogBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: defaultLanguage,
        supportedLngs: [...languages],
        load: 'currentOnly',
        ns: [...namespaces],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  } else {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces([...namespaces]);
  }
  applyDocumentLanguage(language);
}

/**
 * Loads the areas not loaded yet. i18next keeps every loaded area in its list, so a later change of
 * language fetches them all in the new language before it switches.
 */
export async function loadAllCatalogs(): Promise<void> {
  await i18n.loadNamespaces([...areas]);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

/** Dates as the spec wants them per language: DD/MM/YYYY for pt-BR and es, MM/DD/YYYY otherwise. */
export function formatDate(
  date: DateInput,
  language: Language = currentLanguage(),
  timeZone?: string,
): string {
  return formatDomainDate(date, language, timeZone);
}

/** The text of an API error code, falling back to the generic message for codes the catalog lacks. */
export function errorText(code: string, values?: Record<string, unknown>): string {
  // Codes come from the server at run time, so the key cannot be checked against the catalog types.
  const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const key = `errors:${code}`;
  return translate(i18n.exists(key) ? key : 'errors:INTERNAL', values);
}
