import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type Handler = (message: unknown) => void;

/**
 * Messages every API instance must see (session revoked, user changed, realtime events).
 * In-process by default; through Redis when REDIS_URL is set so several instances stay in step.
 */
export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: Handler): void;
  /** Stops one handler; the channel itself is dropped once it has none left. */
  unsubscribe(channel: string, handler: Handler): void;
  close(): Promise<void>;
}

export function createLocalPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    unsubscribe(channel, handler) {
      emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisPubSub(url: string): PubSub {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  sub.on('message', (channel: string, raw: string) => {
    try {
      local.emit(channel, JSON.parse(raw));
    } catch {
      // a malformed message from another process is ignored rather than crashing this one
    }
  });
  return {
    async publish(channel, message) {
      await pub.publish(channel, JSON.stringify(message));
    },
    subscribe(channel, handler) {
      if (local.listenerCount(channel) === 0) void sub.subscribe(channel);
      local.on(channel, handler);
    },
    unsubscribe(channel, handler) {
      local.off(channel, handler);
      if (local.listenerCount(channel) === 0) void sub.unsubscribe(channel);
    },
    async close() {
      local.removeAllListeners();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
