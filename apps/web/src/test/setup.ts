import { webcrypto } from 'node:crypto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetApiClientForTests } from '../lib/api-client';
import { initI18n } from '../lib/i18n';
import { flushPersistence, resetAllStores } from '../lib/persist';
import { queryClient } from '../lib/query-client';
import { resetPersistSecretCache } from '../lib/secret-cookie';
import '../lib/params-store';
import '../lib/session-store';

// CI runs the API and web suites side by side on two cores; give async UI assertions room to settle.
configure({ asyncUtilTimeout: 5000 });
// Queries still retry a 5xx twice in tests, without the back-off between tries (1 s, then 2 s), which
// would otherwise take most of an assertion's wait on a loaded machine.
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });

if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// Browser APIs jsdom lacks and Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= () => undefined;

await initI18n('pt-BR');

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

afterEach(async () => {
  cleanup();
  queryClient.clear();
  resetApiClientForTests();
  await flushPersistence();
  resetAllStores();
  localStorage.clear();
  clearCookies();
  resetPersistSecretCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
