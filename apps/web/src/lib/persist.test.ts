import { describe, expect, it } from 'vitest';
import { decryptText, encryptText } from './crypto-box';
import {
  createAreaStore,
  flushPersistence,
  hydratePersistedStores,
  persistedAreas,
  readArea,
  storageKey,
  writeArea,
} from './persist';
import { getPersistSecret, resetPersistSecretCache, SECRET_COOKIE } from './secret-cookie';
import { useCommonStore } from './session-store';

describe('encrypted persistence', () => {
  it('persists exactly the areas of the spec', () => {
    expect([...persistedAreas].sort()).toEqual(
      ['common', 'cookies_policy', 'offline_course', 'params', 'site_lists', 'welcome_banner'].sort(),
    );
  });

  it('round-trips a value, and the stored text reveals nothing of it', async () => {
    const value = { accessToken: 'secret-token-123', languageCode: 'fr' };
    await writeArea('common', value);
    const stored = localStorage.getItem(storageKey('common'))!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('secret-token-123');
    expect(await readArea('common')).toEqual(value);
  });

  it('uses a fresh IV on every write', async () => {
    const secret = getPersistSecret();
    const a = await encryptText(secret, 'same text');
    const b = await encryptText(secret, 'same text');
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
    expect(await decryptText(secret, a)).toBe('same text');
  });

  it('keeps the secret in a cookie, not in localStorage', () => {
    const secret = getPersistSecret();
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(getPersistSecret()).toBe(secret);
    expect(Object.values({ ...localStorage })).not.toContain(secret);
    // `Secure` cookies are kept on https and on localhost (the test page's origin).
    expect(document.cookie).toContain(`${SECRET_COOKIE}=${secret}`);
  });

  it('removes an entry that fails to decrypt and reads it as empty', async () => {
    await writeArea('params', { loginConfig: null });
    const key = storageKey('params');
    const [version, iv, cipher] = localStorage.getItem(key)!.split('.');
    const tampered = `${version}.${iv}.${cipher!.slice(0, -4)}AAAA`;
    localStorage.setItem(key, tampered);
    expect(await readArea('params')).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('removes entries written under another secret (a lost or expired cookie)', async () => {
    await writeArea('common', { accessToken: 'x' });
    document.cookie = `${SECRET_COOKIE}=; Max-Age=0; Path=/`;
    resetPersistSecretCache();
    expect(await readArea('common')).toBeNull();
    expect(localStorage.getItem(storageKey('common'))).toBeNull();
  });

  it('removes garbage and unknown formats', async () => {
    localStorage.setItem(storageKey('welcome_banner'), 'not encrypted at all');
    expect(await readArea('welcome_banner')).toBeNull();
    expect(localStorage.getItem(storageKey('welcome_banner'))).toBeNull();
  });

  it('writes store changes of persisted areas, and nothing of in-memory areas', async () => {
    const memory = createAreaStore('test_in_memory', { value: 0 });
    memory.setState({ value: 42 });
    useCommonStore.setState({ accessToken: 'abc', languageCode: 'es' });
    await flushPersistence();
    expect(Object.keys(localStorage).filter((k) => k.includes('test_in_memory'))).toEqual([]);
    expect(await readArea('common')).toMatchObject({ accessToken: 'abc', languageCode: 'es' });
  });

  it('hydrates stores from storage, keeping defaults for fields the entry lacks', async () => {
    await writeArea('common', { languageCode: 'fr', redirectPath: '/news' });
    await hydratePersistedStores();
    expect(useCommonStore.getState()).toMatchObject({
      languageCode: 'fr',
      redirectPath: '/news',
      accessToken: null,
    });
  });

  it('drops a refresh token an older version saved, from the store and from storage', async () => {
    await writeArea('common', { accessToken: 'a', refreshToken: 'old-refresh', languageCode: 'es' });
    await hydratePersistedStores();
    expect(useCommonStore.getState()).toMatchObject({ accessToken: 'a', languageCode: 'es' });
    expect(useCommonStore.getState()).not.toHaveProperty('refreshToken');
    await flushPersistence();
    expect(await readArea('common')).not.toHaveProperty('refreshToken');
    expect(await readArea('common')).toMatchObject({ accessToken: 'a', languageCode: 'es' });
  });

  it('stores the latest state when changes come faster than encryption', async () => {
    for (const languageCode of ['en-US', 'es', 'fr', 'pt-BR', 'es'] as const)
      useCommonStore.setState({ languageCode });
    await flushPersistence();
    expect(await readArea('common')).toMatchObject({ languageCode: 'es' });
  });
});
