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
