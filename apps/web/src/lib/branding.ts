import type { LoginConfig } from '@trilha/contracts/site';

/** The site logo for a language: that language's, else the default language's, else any. */
export function logoFor(config: LoginConfig | null | undefined, language: string): string | null {
  if (!config) return null;
  return (
    config.logos[language] ?? config.logos[config.defaultLanguage] ?? Object.values(config.logos)[0] ?? null
  );
}
