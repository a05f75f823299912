import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { areas } from './languages';
import { loadCatalog, type Catalog } from './load';

const localesDir = path.resolve(import.meta.dirname, '../locales');

/** Every count message (a key with an `_one` form) as a dotted path without the suffix. */
function countKeys(node: Catalog, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, child]) =>
    typeof child === 'string'
      ? key.endsWith('_one')
        ? [`${prefix}${key.slice(0, -4)}`]
        : []
      : countKeys(child, `${prefix}${key}.`),
  );
}

async function instance(language: string) {
  const i18n = i18next.createInstance();
  const resources: Record<string, Catalog> = {};
  for (const area of areas) resources[area] = await loadCatalog(language as 'pt-BR', area);
  return i18n.init({
    lng: language,
    resources: { [language]: resources },
    interpolation: { escapeValue: false },
  });
}

describe('plurals of zero', () => {
  it('says "0 atividades" in pt-BR, for every count message of every area', async () => {
    const t = await instance('pt-BR');
    expect(t('learning-admin:course.activityCount', { count: 0 })).toBe('0 atividades');
    expect(t('learning-admin:course.activityCount', { count: 1 })).toBe('1 atividade');
    expect(t('profile:inbox.unread', { count: 0 })).toBe('0 mensagens não lidas');
    expect(t('common:pagination.total', { count: 0 })).toBe('0 itens');
    for (const area of readdirSync(path.join(localesDir, 'pt-BR')).map((f) => f.replace(/\.json$/, ''))) {
      const raw = JSON.parse(readFileSync(path.join(localesDir, 'pt-BR', `${area}.json`), 'utf8')) as Catalog;
      for (const key of countKeys(raw)) {
        const say = (count: number) => t(`${area}:${key}`, { count, done: 0 });
        // The singular and the plural texts, both said with 0.
        const singular = say(1).replace(/\b1\b/g, '0');
        const plural = say(2).replace(/\b2\b/g, '0');
        if (singular === plural) continue;
        // Zero says the plural, or a text of its own ("Nenhuma atividade"), never the singular.
        expect({ area, key, zero: say(0) }).not.toEqual({ area, key, zero: singular });
      }
    }
  });

  it('keeps the singular of zero in French and the plural in English and Spanish', async () => {
    expect((await instance('fr'))('learning-admin:course.activityCount', { count: 0 })).toBe('0 activité');
    expect((await instance('en-US'))('learning-admin:course.activityCount', { count: 0 })).toBe(
      '0 activities',
    );
    expect((await instance('es'))('learning-admin:course.activityCount', { count: 0 })).toBe('0 actividades');
  });
});
