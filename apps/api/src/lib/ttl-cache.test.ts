import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingCache } from './ttl-cache';

/** A load whose result the test decides, counting the calls. */
function loader() {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return {
    load,
    settle: (v: string) => pending.shift()!.resolve(v),
    fail: () => pending.shift()!.reject(new Error('x')),
  };
}
const flush = () => new Promise<void>((r) => setImmediate(r));

describe('LoadingCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads a key once while its load is running and while fresh', async () => {
    const cache = new LoadingCache<number, string>(1_000);
    const l = loader();
    const a = cache.get(1, l.load);
    const b = cache.get(1, l.load);
    l.settle('v1');
    expect(await a).toBe('v1');
    expect(await b).toBe('v1');
    vi.advanceTimersByTime(740); // fresh for 75–100 % of the lifetime
    expect(await cache.get(1, l.load)).toBe('v1');
    expect(l.load).toHaveBeenCalledTimes(1);
  });

  it('after its lifetime serves the old value while one background load replaces it', async () => {
    const cache = new LoadingCache<number, string>(1_000);
    const l = loader();
    const first = cache.get(1, l.load);
    l.settle('v1');
    await first;
    vi.advanceTimersByTime(1_500);
    expect(await cache.get(1, l.load)).toBe('v1');
    expect(await cache.get(1, l.load)).toBe('v1');
    expect(l.load).toHaveBeenCalledTimes(2);
    l.settle('v2');
    await flush();
    expect(await cache.get(1, l.load)).toBe('v2');
    expect(l.load).toHaveBeenCalledTimes(2);
  });

  it('never serves a value older than twice its lifetime', async () => {
    const cache = new LoadingCache<number, string>(1_000);
    const l = loader();
    const first = cache.get(1, l.load);
    l.settle('v1');
    await first;
    vi.advanceTimersByTime(2_000);
    const next = cache.get(1, l.load);
    l.settle('v2');
    expect(await next).toBe('v2');
  });

  it('drops a failed load, and a refresh that ends after an invalidation is not kept', async () => {
    const cache = new LoadingCache<number, string>(1_000);
    const l = loader();
    const failed = cache.get(1, l.load);
    l.fail();
    await expect(failed).rejects.toThrow();
    const again = cache.get(1, l.load);
    l.settle('v1');
    expect(await again).toBe('v1');
    expect(l.load).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(1_500);
    expect(await cache.get(1, l.load)).toBe('v1'); // background refresh started
    cache.delete(1); // a write lands before it ends
    const fresh = cache.get(1, l.load);
    l.settle('stale'); // the refresh begun before the write
    l.settle('v2');
    await flush();
    expect(await fresh).toBe('v2');
    expect(await cache.get(1, l.load)).toBe('v2');

    cache.clear();
    const cleared = cache.get(1, l.load);
    l.settle('v3');
    expect(await cleared).toBe('v3');
  });

  it('keeps at most maxEntries keys', async () => {
    const cache = new LoadingCache<number, number>(1_000, 2);
    const load = vi.fn(async () => 1);
    await cache.get(1, load);
    await cache.get(2, load);
    await cache.get(3, load);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
