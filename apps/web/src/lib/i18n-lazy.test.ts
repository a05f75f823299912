import frErrors from '@trilha/i18n/locales/fr/errors.json';
import { areas, bootAreas, errorCatalogPart, isLaterErrorCode } from '@trilha/i18n/languages';
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

describe('error texts in two parts', () => {
  const later = 'STORE_INSUFFICIENT_POINTS';
  const first = 'AUTH_INVALID_CREDENTIALS';

  it("the first screens get the codes they can show; the other areas' codes come with the other areas", async () => {
    const { i18n, initI18n, loadAllCatalogs } = await freshI18n();
    await initI18n('fr', bootAreas);
    expect(i18n.exists(`errors:${first}`)).toBe(true);
    expect(i18n.exists(`errors:${later}`)).toBe(false);
    await loadAllCatalogs();
    expect(i18n.t(`errors:${later}`)).toBe(frErrors[later]);
    // Every code of the catalog is there once both parts are, in the fallback language too.
    for (const code of Object.keys(frErrors))
      expect(i18n.exists(`errors:${code}`, { lng: 'fr' }), code).toBe(true);
    expect(i18n.hasResourceBundle('pt-BR', 'errors')).toBe(true);
    expect(i18n.getResource('pt-BR', 'errors', later)).toBeTruthy();
  });

  it('an error of another area loads its text on demand, and a change of language loads both parts', async () => {
    const { i18n, initI18n, ensureErrorText, errorText } = await freshI18n();
    await initI18n('fr', bootAreas);
    await ensureErrorText(later);
    expect(errorText(later)).toBe(frErrors[later]);
    await i18n.changeLanguage('es');
    expect(i18n.exists(`errors:${later}`, { lng: 'es' })).toBe(true);
    expect(i18n.exists(`errors:${first}`, { lng: 'es' })).toBe(true);
  });

  it("shows the generic text while an unloaded code's text is on its way", async () => {
    const { i18n, initI18n, errorText } = await freshI18n();
    await initI18n('fr', bootAreas);
    expect(errorText(later)).toBe(i18n.t('errors:INTERNAL'));
    await vi.waitFor(() => expect(errorText(later)).toBe(frErrors[later]));
  });

  it("a code of a first-screen prefix never waits for the other areas' codes", async () => {
    const { i18n, initI18n, ensureErrorText, errorText } = await freshI18n();
    await initI18n('fr', bootAreas);
    await ensureErrorText('AUTH_SOMETHING_NEW');
    expect(errorText('AUTH_SOMETHING_NEW')).toBe(i18n.t('errors:INTERNAL'));
    expect(errorText(first)).toBe(frErrors[first]);
    expect(i18n.exists(`errors:${later}`)).toBe(false);
  });

  it('splits by prefix, every code in exactly one part; a new prefix goes with the first screen', () => {
    expect(isLaterErrorCode(later)).toBe(true);
    expect(isLaterErrorCode(first)).toBe(false);
    expect(isLaterErrorCode('SOMETHING_NEW')).toBe(false);
    const firstPart = errorCatalogPart(frErrors, 'first');
    const laterPart = errorCatalogPart(frErrors, 'later');
    expect(Object.keys(laterPart).length).toBeGreaterThan(0);
    expect(Object.keys(firstPart).filter((code) => code in laterPart)).toEqual([]);
    expect({ ...firstPart, ...laterPart }).toEqual(frErrors);
  });
});
