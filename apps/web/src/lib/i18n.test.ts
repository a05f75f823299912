import { languageCodes } from '@trilha/contracts/session';
import { languages } from '@trilha/i18n/languages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorText, formatDate, i18n, resolveInitialLanguage } from './i18n';
import { desiredLanguage, startLanguageSync } from './language-sync';
import { setLoginConfig } from './params-store';
import { setLanguageCode } from './session-store';
import { loginConfig } from '../test/fixtures';

describe('languages and dates', () => {
  it('offers the languages the API knows', () => {
    expect([...languages]).toEqual([...languageCodes]);
  });

  it.each([
    ['pt-BR', '20/11/2026'],
    ['es', '20/11/2026'],
    ['en-US', '11/20/2026'],
    ['fr', '11/20/2026'],
  ] as const)('writes dates for %s as %s', (language, expected) => {
    expect(formatDate('2026-11-20', language)).toBe(expected);
    expect(formatDate(new Date(Date.UTC(2026, 10, 20, 15)), language, 'America/Sao_Paulo')).toBe(expected);
  });

  it('picks the first language: ?locale=, then the stored choice, then the site default, then pt-BR', () => {
    expect(resolveInitialLanguage('?locale=fr', 'es', 'en-US')).toBe('fr');
    expect(resolveInitialLanguage('?locale=xx', 'es', 'en-US')).toBe('es');
    expect(resolveInitialLanguage('', null, 'en-US')).toBe('en-US');
    expect(resolveInitialLanguage('', undefined, null)).toBe('pt-BR');
  });

  it('follows the stores: the user’s choice over the site default, and <html lang> with it', async () => {
    const stop = startLanguageSync();
    try {
      setLoginConfig(loginConfig({ defaultLanguage: 'es' }));
      expect(desiredLanguage()).toBe('es');
      await waitFor(() => expect(i18n.language).toBe('es'));
      setLanguageCode('fr');
      await waitFor(() => expect(i18n.language).toBe('fr'));
      expect(document.documentElement.lang).toBe('fr');
      expect(i18n.t('common:actions.reload')).toBe('Recharger');
    } finally {
      stop();
      await i18n.changeLanguage('pt-BR');
    }
  });

  it('translates error codes, falling back to the generic message', () => {
    expect(errorText('NOT_UNIQUE')).toBe('Registro não único');
    expect(errorText('SOMETHING_NEW')).toBe('Ocorreu um erro inesperado. Tente novamente.');
    expect(errorText('AUTH_TOO_MANY_ATTEMPTS', { minutes: 3 })).toContain('Aguarde 3 minuto(s)');
  });
});
