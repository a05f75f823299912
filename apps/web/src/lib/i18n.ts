import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  areas,
  defaultLanguage,
  isLanguage,
  isLaterErrorCode,
  languages,
  type Area,
  type Language,
} from '@trilha/i18n/languages';
import { loadCatalog, withPluralZero, type Catalog } from '@trilha/i18n/load';
import { formatDate as formatDomainDate, type DateInput } from '@trilha/domain/dates';

export const i18n = i18next.createInstance();

/**
 * The `errors` catalog comes in two parts per language (split by code prefix at build time,
 * `splitErrorCatalogs()` in vite.config.ts): the codes the first screens can show, and the codes of the
 * other areas (assessments, learning, rewards, store, surveys), which load with the other areas.
 */
const errorParts = {
  first: import.meta.glob<Catalog>('../../../../packages/i18n/locales/*/errors.json', {
    query: '?part=first',
    import: 'default',
  }),
  later: import.meta.glob<Catalog>('../../../../packages/i18n/locales/*/errors.json', {
    query: '?part=later',
    import: 'default',
  }),
};

async function loadErrorPart(language: Language, part: keyof typeof errorParts): Promise<Catalog> {
  const entry = Object.entries(errorParts[part]).find(([file]) => file.includes(`/${language}/errors.json`));
  if (!entry) throw new Error(`No ${part} error texts for ${language}`);
  return withPluralZero(language, await entry[1]());
}

/** Once set, a language's `errors` catalog loads whole (both parts). */
let laterErrorsWanted = false;
const laterErrorsAdded = new Map<Language, Promise<void>>();

async function loadErrors(language: Language): Promise<Catalog> {
  const first = await loadErrorPart(language, 'first');
  if (!laterErrorsWanted) return first;
  const later = await loadErrorPart(language, 'later');
  laterErrorsAdded.set(language, Promise.resolve());
  return { ...first, ...later };
}

const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLanguage(language) || !(areas as readonly string[]).includes(namespace)) {
      callback(null, {});
      return;
    }
    const load = namespace === 'errors' ? loadErrors(language) : loadCatalog(language, namespace as Area);
    load.then(
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
  if (areas.every((area) => namespaces.includes(area))) laterErrorsWanted = true;
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
  await Promise.all([i18n.loadNamespaces([...areas]), loadLaterErrorTexts()]);
}

/**
 * Adds the error texts of the other areas (`laterErrorPrefixes`) to every language whose `errors` catalog
 * is loaded, and makes any later load of that catalog (a change of language) fetch it whole. Loaded with the
 * other areas after the first render, or on demand by an error whose text is missing
 * (`ensureErrorText`).
 */
export async function loadLaterErrorTexts(): Promise<void> {
  laterErrorsWanted = true;
  // Before the first load, the catalog will load whole anyway.
  if (!i18n.isInitialized) return;
  // A load of the first part still under way ends first, so its language is not missed.
  await i18n.loadNamespaces('errors');
  await Promise.all(
    languages
      .filter((language) => i18n.hasResourceBundle(language, 'errors'))
      .map((language) => {
        let added = laterErrorsAdded.get(language);
        if (!added) {
          added = loadErrorPart(language, 'later').then(
            (later) => void i18n.addResourceBundle(language, 'errors', later, true, false),
          );
          added.catch(() => laterErrorsAdded.delete(language));
          laterErrorsAdded.set(language, added);
        }
        return added;
      }),
  );
}

/** How long an error waits for its text before it shows the generic one. */
const ERROR_TEXT_WAIT_MS = 5000;

/**
 * Makes sure the text of an error code is loaded before the error is shown: a code of an area whose texts
 * have not arrived yet loads them (at most `ERROR_TEXT_WAIT_MS`; `errorText` falls back to the generic
 * message). Registered with the API client by `src/main.tsx`.
 */
export async function ensureErrorText(code: string): Promise<void> {
  // Every other code's text is in the part the first screen loads (or in no catalog at all).
  if (!isLaterErrorCode(code) || i18n.exists(`errors:${code}`)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    loadLaterErrorTexts().catch((error: unknown) => console.error('Error texts unavailable', error)),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ERROR_TEXT_WAIT_MS))),
  ]);
  clearTimeout(timer);
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
  if (i18n.exists(key)) return translate(key, values);
  // A code whose area's texts have not arrived: the generic message now, the texts for the next time.
  if (!laterErrorsWanted && isLaterErrorCode(code)) {
    loadLaterErrorTexts().catch((error: unknown) => console.error('Error texts unavailable', error));
  }
  return translate('errors:INTERNAL', values);
}
