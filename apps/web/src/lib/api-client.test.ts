import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, session, tokens } from '../test/fixtures';
import { z } from 'zod';
import { ApiError, apiRequest, lazyContract, onSessionExpired, requestToken } from './api-client';
import { useCommonStore } from './session-store';

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: string | null;
}

/** A fake server: the token endpoint rotates tokens, /api/data accepts only the current access token. */
function fakeServer(options: { refreshFails?: boolean; refreshDelayMs?: number } = {}) {
  const calls: Call[] = [];
  // The signed-in user's 'access-old' has expired: the server only accepts what the last refresh issued.
  let current = 'access-current';
  let generation = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const call = {
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    calls.push(call);
    if (url === '/api/site/oauth-client') return json({ clientId: 'web-spa' });
    if (url === '/o/token/') {
      await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 20));
      if (options.refreshFails) {
        return json(
          { error: 'invalid_grant', error_description: 'expired', code: 'AUTH_INVALID_REFRESH' },
          400,
        );
      }
      generation += 1;
      current = `access-new-${generation}`;
      // The web app's refresh token travels as an HttpOnly cookie the page never sees.
      return json(tokens({ access_token: current }));
    }
    if (url.startsWith('/api/data')) {
      if (call.authorization !== `Bearer ${current}`) {
        return json({ error: { code: 'UNAUTHENTICATED', message: 'expired' } }, 401);
      }
      return json({ ok: true, url });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'nope' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, tokenCalls: () => calls.filter((c) => c.url === '/o/token/') };
}

function signIn(overrides: Partial<ReturnType<typeof useCommonStore.getState>> = {}) {
  useCommonStore.setState({
    accessToken: 'access-old',
    sessionType: 'password',
    session: session(),
    ...overrides,
  });
}

describe('api client', () => {
  let expired: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    expired = vi.fn<() => void>();
    onSessionExpired(expired);
  });

  it('sends the bearer token on every call', async () => {
    const server = fakeServer();
    signIn({ accessToken: 'access-current' });
    await apiRequest('/api/data/1');
    expect(server.calls.at(-1)?.authorization).toBe('Bearer access-current');
    expect(server.tokenCalls()).toHaveLength(0);
  });

  it('sends the client credentials (Basic) when there is no token', async () => {
    const server = fakeServer();
    await expect(apiRequest('/api/data/open')).rejects.toBeInstanceOf(ApiError);
    expect(server.calls.at(-1)?.authorization).toBe(`Basic ${btoa('web-spa:')}`);
  });

  it('runs exactly one refresh for many concurrent 401s and replays every request', async () => {
    const server = fakeServer({ refreshDelayMs: 30 });
    signIn();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => apiRequest<{ url: string }>(`/api/data/${i}`)),
    );
    expect(results.map((r) => r.url)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `/api/data/${i}`));
    expect(server.tokenCalls()).toHaveLength(1);
    // No refresh token in the body: the browser sends the cookie, which this page cannot read.
    expect(server.tokenCalls()[0]?.body).toBe('grant_type=refresh_token');
    expect(server.tokenCalls()[0]?.authorization).toBe(`Basic ${btoa('web-spa:')}`);
    const replays = server.calls.filter(
      (c) => c.url.startsWith('/api/data') && c.authorization === 'Bearer access-new-1',
    );
    expect(replays).toHaveLength(6);
    expect(useCommonStore.getState().accessToken).toBe('access-new-1');
    expect(useCommonStore.getState()).not.toHaveProperty('refreshToken');
    expect(expired).not.toHaveBeenCalled();
  });

  it('a call started while a refresh runs waits for it instead of refreshing again', async () => {
    const server = fakeServer({ refreshDelayMs: 40 });
    signIn();
    const first = apiRequest('/api/data/a');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = apiRequest('/api/data/b');
    await Promise.all([first, second]);
    expect(server.tokenCalls()).toHaveLength(1);
  });

  it('a failed refresh clears the session and sends the user to login', async () => {
    fakeServer({ refreshFails: true });
    signIn({ webserviceToken: 'ws-keep' });
    const failures = await Promise.allSettled([apiRequest('/api/data/1'), apiRequest('/api/data/2')]);
    expect(failures.every((f) => f.status === 'rejected')).toBe(true);
    const reason = (failures[0] as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.status).toBe(401);
    expect(useCommonStore.getState()).toMatchObject({ accessToken: null, session: null });
    // A password session leaves the webservice token alone.
    expect(useCommonStore.getState().webserviceToken).toBe('ws-keep');
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('a 401 after the session ended meanwhile (a logout in this tab) does not try to refresh', async () => {
    const server = fakeServer();
    signIn();
    const call = apiRequest('/api/data/1');
    useCommonStore.setState({ accessToken: null });
    await expect(call).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(server.tokenCalls()).toHaveLength(0);
  });

  it('a call sent while the page is being left never ends the session (the next page renews it)', async () => {
    const server = fakeServer({ refreshFails: true });
    signIn();
    window.dispatchEvent(new Event('pagehide'));
    try {
      await expect(apiRequest('/api/data/1')).rejects.toMatchObject({ status: 401 });
      expect(server.tokenCalls()).toHaveLength(0);
      expect(useCommonStore.getState().accessToken).toBe('access-old');
      expect(expired).not.toHaveBeenCalled();
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('a 401 in a webservice session also clears the webservice token', async () => {
    fakeServer({ refreshFails: true });
    signIn({ sessionType: 'webservice', webserviceToken: 'ws-token' });
    await expect(apiRequest('/api/data/1')).rejects.toBeInstanceOf(ApiError);
    expect(useCommonStore.getState()).toMatchObject({ accessToken: null, webserviceToken: null });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('turns API errors into ApiError with code, message and details', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ error: { code: 'NOT_UNIQUE', message: 'Registro não único', details: { field: 'x' } } }, 409),
      ),
    );
    signIn();
    const error = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'NOT_UNIQUE',
      message: 'Registro não único',
      details: { field: 'x' },
    });
  });

  it('reads token endpoint errors (RFC 6749) with their code and wait time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/site/oauth-client'
          ? json({ clientId: 'web-spa' })
          : json(
              {
                error: 'slow_down',
                error_description: 'Aguarde',
                code: 'AUTH_TOO_MANY_ATTEMPTS',
                retry_after: 600,
              },
              429,
            ),
      ),
    );
    const error = (await requestToken({ grant_type: 'password', username: 'a', password: 'b' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toMatchObject({
      status: 429,
      code: 'AUTH_TOO_MANY_ATTEMPTS',
      details: { retryAfter: 600 },
    });
  });

  it('reports a connection failure as NETWORK_ERROR and keeps the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    signIn();
    await expect(apiRequest('/api/data/1')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(useCommonStore.getState().accessToken).toBe('access-old');
  });

  it('checks an answer against a lazily loaded contract as against a schema given at once', async () => {
    const contract = z.object({ name: z.string() });
    const load = vi.fn(async () => contract);
    const lazy = lazyContract(load);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        json(String(input) === '/api/good' ? { name: 'a' } : { name: 1 }),
      ),
    );
    await expect(apiRequest('/api/good', { auth: 'none', schema: lazy })).resolves.toEqual({ name: 'a' });
    await expect(apiRequest('/api/bad', { auth: 'none', schema: lazy })).rejects.toMatchObject({
      code: 'INTERNAL',
    });
    await expect(apiRequest('/api/bad', { auth: 'none', schema: contract })).rejects.toMatchObject({
      code: 'INTERNAL',
    });
    // Imported once, however many calls use it.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails a call whose contract cannot be loaded as a connection failure, and loads it again next time', async () => {
    const load = vi
      .fn<() => Promise<z.ZodType<{ name: string }>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(z.object({ name: z.string() }));
    const lazy = lazyContract(load);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ name: 'a' })),
    );
    await expect(apiRequest('/api/x', { auth: 'none', schema: lazy })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
    await expect(apiRequest('/api/x', { auth: 'none', schema: lazy })).resolves.toEqual({ name: 'a' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
