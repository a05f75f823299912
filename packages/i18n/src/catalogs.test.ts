import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areas, languages } from './languages';
import { loadCatalog } from './load';

const localesDir = path.resolve(import.meta.dirname, '../locales');

type Json = string | { [key: string]: Json };

function readCatalog(language: string, area: string): Json {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${area}.json`), 'utf8')) as Json;
}

/** Every leaf key as a dotted path: { a: { b: 'x' } } gives ['a.b']. */
function leafKeys(node: Json, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

function leafValue(node: Json, key: string): string {
  let current: Json = node;
  for (const part of key.split('.')) {
    if (typeof current === 'string') throw new Error(`${key} is not a leaf`);
    current = current[part]!;
  }
  return current as string;
}

describe('message catalogs', () => {
  it('has a folder per language and no stray folders', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...languages].sort());
  });

  it.each(languages.map((l) => [l]))('%s has exactly the known areas', (language) => {
    const files = readdirSync(path.join(localesDir, language)).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...areas].sort());
  });

  describe.each(areas.map((a) => [a]))('area %s', (area) => {
    const catalogs = Object.fromEntries(languages.map((l) => [l, readCatalog(l, area)]));
    const allKeys = [...new Set(languages.flatMap((l) => leafKeys(catalogs[l]!)))].sort();

    it.each(languages.map((l) => [l]))('%s has every key another language has', (language) => {
      const keys = new Set(leafKeys(catalogs[language]!));
      expect(allKeys.filter((k) => !keys.has(k))).toEqual([]);
    });

    it('uses the same {{placeholders}} in every language', () => {
      for (const key of allKeys) {
        const expected = placeholders(leafValue(catalogs['pt-BR']!, key));
        for (const language of languages) {
          expect({ key, language, vars: placeholders(leafValue(catalogs[language]!, key)) }).toEqual({
            key,
            language,
            vars: expected,
          });
        }
      }
    });

    it('has no empty text', () => {
      for (const language of languages) {
        for (const key of leafKeys(catalogs[language]!)) {
          expect({ language, key, empty: leafValue(catalogs[language]!, key).trim() === '' }).toEqual({
            language,
            key,
            empty: false,
          });
        }
      }
    });
  });

  it('loads a catalog through the loader', async () => {
    const common = await loadCatalog('fr', 'common');
    expect((common.actions as Record<string, string>).reload).toBe('Recharger');
  });
});
