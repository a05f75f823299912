import { areas, bootAreas } from '@trilha/i18n/languages';
import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the i18n module, with its own i18next instance, as a page load starts with. */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

describe('catalogs load per area', () => {
  it('the login screen starts with its own areas only; the others come after, in the same language', async () => {
    const { i18n, initI18n, loadAllCatalogs } = await freshI18n();
    await initI18n('es', bootAreas);
    for (const area of bootAreas) expect(i18n.hasResourceBundle('es', area), area).toBe(true);
    const later = areas.filter((area) => !(bootAreas as readonly string[]).includes(area));
    expect(later.length).toBeGreaterThan(0);
    for (const area of later) expect(i18n.hasResourceBundle('es', area), area).toBe(false);
    // Of the other languages, only the fallback (pt-BR) is fetched.
    expect(i18n.hasResourceBundle('fr', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('en-US', 'common')).toBe(false);

    await loadAllCatalogs();
    for (const area of areas) expect(i18n.hasResourceBundle('es', area), area).toBe(true);
  });

  it('a change of language fetches every area already loaded, before it switches', async () => {
    const { i18n, initI18n, loadAllCatalogs } = await freshI18n();
    await initI18n('pt-BR', bootAreas);
    await loadAllCatalogs();
    await i18n.changeLanguage('fr');
    for (const area of areas) expect(i18n.hasResourceBundle('fr', area), area).toBe(true);
    expect(i18n.t('common:actions.reload')).toBe('Recharger');
  });

  it('without a list, every area loads before the first render (a deep link may need any)', async () => {
    const { i18n, initI18n } = await freshI18n();
    await initI18n('en-US');
    for (const area of areas) expect(i18n.hasResourceBundle('en-US', area), area).toBe(true);
  });
});
