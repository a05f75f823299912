import net from 'node:net';

/** Where a channel's provider listens, when it has a network address to check. */
export interface ProviderAddress {
  host: string;
  port: number;
}

/** The host and port of an SMTP URL (smtp:// on 587 by default, smtps:// on 465); undefined when it has none. */
export function smtpAddress(url: string | undefined): ProviderAddress | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    if (!u.hostname) return undefined;
    const port = u.port ? Number(u.port) : u.protocol === 'smtps:' ? 465 : 587;
    return { host: u.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return undefined;
  }
}

/** The host and port of an HTTP provider's URL (80 or 443 by default); undefined when it has none. */
export function httpAddress(url: string | undefined): ProviderAddress | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    if (!u.hostname) return undefined;
    const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
    return { host: u.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return undefined;
  }
}

/** Opens and closes a TCP connection; answers why it failed, or null when the provider accepted it. */
export function probe(address: ProviderAddress, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address.host, port: address.port });
    const done = (result: string | null) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () =>
      done(`provider unreachable: no answer from ${address.host}:${address.port}`),
    );
    socket.once('connect', () => done(null));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      done(`provider unreachable: ${err.code ?? err.message} at ${address.host}:${address.port}`),
    );
  });
}

/**
 * The quick check a request makes before it queues a message: is the channel's provider taking
 * connections at all? A good answer is trusted for `okForMs` (most requests then check nothing); a bad one
 * never is, so the next request checks again. Channels without a network provider (development capture,
 * the 'log' provider) always pass.
 */
export function createReachability(
  addresses: Partial<Record<string, ProviderAddress>>,
  options: { timeoutMs?: number; okForMs?: number; now?: () => number } = {},
) {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const okForMs = options.okForMs ?? 30_000;
  const now = options.now ?? Date.now;
  const okUntil = new Map<string, number>();
  return {
    /** Null when the channel can take the message now; otherwise why not. */
    async check(channel: string): Promise<string | null> {
      const address = addresses[channel];
      if (!address) return null;
      if ((okUntil.get(channel) ?? 0) > now()) return null;
      const problem = await probe(address, timeoutMs);
      if (problem) okUntil.delete(channel);
      else okUntil.set(channel, now() + okForMs);
      return problem;
    },
    /** A delivery failed: check the provider again on the next message instead of trusting the last check. */
    distrust(channel: string) {
      okUntil.delete(channel);
    },
  };
}
export type Reachability = ReturnType<typeof createReachability>;
