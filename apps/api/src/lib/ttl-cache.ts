/**
 * A small bounded cache with expiry. Used only for data that another instance can invalidate through
 * pub/sub, so a stale entry lives at most `ttlMs` even if a message is lost.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V): void {
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * Values loaded on demand, one load per key at a time, for data that writes invalidate (`delete`,
 * `clear`) and that may otherwise be `ttlMs` old. Past `ttlMs` the old value is still served while one
 * background load replaces it (so an expiry never makes every caller wait on a rebuild), but never past
 * twice `ttlMs`; a failed load is not kept.
 */
export class LoadingCache<K, V> {
  private readonly map = new Map<K, { value: Promise<V>; loadedAt: number; settled: boolean }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key);
    const age = hit ? Date.now() - hit.loadedAt : 0;
    if (hit && (age < this.ttlMs || !hit.settled)) return hit.value;
    if (hit && age < 2 * this.ttlMs) {
      // Serve the old value; the entry counts as fresh until the new one is ready (one load at a time).
      hit.loadedAt = Date.now();
      const next = load();
      next.then(
        () => {
          if (this.map.get(key) === hit)
            this.map.set(key, { value: next, loadedAt: Date.now(), settled: true });
        },
        () => {
          if (this.map.get(key) === hit) this.map.delete(key);
        },
      );
      return hit.value;
    }
    return this.load(key, load);
  }

  private load(key: K, load: () => Promise<V>): Promise<V> {
    if (this.map.size >= this.maxEntries && !this.map.has(key)) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    const entry = { value: load(), loadedAt: Date.now(), settled: false };
    this.map.set(key, entry);
    entry.value.then(
      () => {
        entry.settled = true;
      },
      () => {
        if (this.map.get(key) === entry) this.map.delete(key);
      },
    );
    return entry.value;
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}
