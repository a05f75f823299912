import { languageCodes, type LanguageCode } from '@trilha/contracts/session';
import ptBR from '@trilha/i18n/locales/pt-BR/errors.json' with { type: 'json' };
import enUS from '@trilha/i18n/locales/en-US/errors.json' with { type: 'json' };
import es from '@trilha/i18n/locales/es/errors.json' with { type: 'json' };
import fr from '@trilha/i18n/locales/fr/errors.json' with { type: 'json' };

const catalogs: Record<LanguageCode, Record<string, string>> = { 'pt-BR': ptBR, 'en-US': enUS, es, fr };

/** The translated text of an error code, from the same catalogs the web uses. */
export function errorMessage(
  code: string,
  lang: LanguageCode,
  params: Record<string, string | number> = {},
): string {
  const text = catalogs[lang][code] ?? catalogs['pt-BR'][code] ?? catalogs[lang]['INTERNAL'] ?? code;
  return fillPlaceholders(text, params);
}

/** Puts values into a catalog text's `{{name}}` placeholders (the web's i18next syntax); unknown ones go empty. */
export function fillPlaceholders(text: string, params: Readonly<Record<string, unknown>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** Picks the best supported language from an Accept-Language header (pt-BR when nothing matches). */
export function languageFromHeader(header: string | undefined): LanguageCode {
  if (!header) return 'pt-BR';
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = languageCodes.find((c) => c.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split('-')[0];
    const partial = languageCodes.find((c) => c.toLowerCase().split('-')[0] === base);
    if (partial) return partial;
  }
  return 'pt-BR';
}
