/** Languages the product ships, in the order a language switch lists them. pt-BR is the default. */
export const languages = ['pt-BR', 'en-US', 'es', 'fr'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'pt-BR';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Catalog areas: one JSON file per language and area under `locales/<lang>/<area>.json`.
 * `errors` holds the text of every API error code (`errors.<CODE>`) and is read by the API too.
 */
export const areas = [
  'common',
  'errors',
  'auth',
  'routes',
  'nav',
  'home',
  'admin',
  'learning',
  'learning-admin',
  'profile',
  'institutional',
  'accounts-admin',
  'accounts',
  'rewards',
  'rewards-admin',
  'question-bank',
  'assessments-player',
  'surveys',
  'store',
  'ranking',
  'games',
  'sence',
  'loyalty',
  'daily-challenge',
  'sales',
  'sales-audit',
] as const;
export type Area = (typeof areas)[number];

/**
 * Areas the web app loads before its first render on the login screen: what that screen, the layouts, the
 * cookie banner and the error screens show. The other areas load right after it, in the background.
 */
export const bootAreas = [
  'common',
  'errors',
  'auth',
  'routes',
  'nav',
  'admin',
  'accounts',
  'institutional',
] as const satisfies readonly Area[];

/**
 * Areas the signed-in home screen and the app shell around it show (the navigation, the bell, the user
 * menu, the preferences): a first screen that is home waits for these only; the other areas follow in the
 * background, and any other page waits for all of them before it shows (apps/web/src/app/router.tsx).
 */
export const shellAreas = [...bootAreas, 'home', 'profile'] as const satisfies readonly Area[];

/**
 * Error codes of the areas the first screens (login, home) never show, by prefix. The web app splits each
 * language's `errors` catalog in two at build time (`splitErrorCatalogs()` in apps/web/vite.config.ts): the
 * codes with these prefixes load with the other areas after the first render, every other code (any new
 * prefix included) with the first screen. The catalog files themselves stay whole; the API reads them so.
 */
export const laterErrorPrefixes = [
  'ASSESSMENT_',
  'CERTIFICATE_',
  'DAILY_CHALLENGE_',
  'GAME_',
  'LEARNING_',
  'LOYALTY_',
  'PHOTOS_',
  'REACTION_',
  'REWARDS_',
  'SALES_',
  'SENCE_',
  'STORE_',
  'SURVEY_',
  'TRANSFERS_',
] as const;

/** Whether an error code's text loads after the first screen (see `laterErrorPrefixes`). */
export function isLaterErrorCode(code: string): boolean {
  return laterErrorPrefixes.some((prefix) => code.startsWith(prefix));
}

/** The part of an `errors` catalog the first screens load (`first`) or the one that follows (`later`). */
export function errorCatalogPart<T>(catalog: Record<string, T>, part: 'first' | 'later'): Record<string, T> {
  return Object.fromEntries(
    Object.entries(catalog).filter(([code]) => isLaterErrorCode(code) === (part === 'later')),
  );
}
