import type { RealtimeServerMessage, realtimeServerMessage } from '@trilha/contracts/notifications';
import { useEffect, useSyncExternalStore } from 'react';
import { useCommonStore } from './session-store';

let messageSchema: Promise<typeof realtimeServerMessage> | null = null;

/**
 * The contract of pushed messages, imported when the channel first opens: every authenticated screen
 * loads this module, and zod with the contracts need not be in its bundle. Messages wait for it in order.
 */
function loadMessageSchema(): Promise<typeof realtimeServerMessage> {
  messageSchema ??= import('@trilha/contracts/notifications').then(
    (m) => m.realtimeServerMessage,
    (error: unknown) => {
      messageSchema = null;
      throw error;
    },
  );
  return messageSchema;
}

type Listener = (message: RealtimeServerMessage) => void;

/** Waits before reconnecting: 1 s, doubled up to a minute, so a server restart is not hammered. */
const MAX_BACKOFF_MS = 60_000;

/**
 * The tab's one realtime channel (`/api/realtime`), open while the user is signed in. The first message
 * carries the realtime token of the login; what the server pushes (`inbox`, …) goes to the subscribers.
 * A dropped channel reconnects with back-off, and a new token (a refresh, another login) reopens it.
 */
function createRealtimeChannel() {
  const listeners = new Set<Listener>();
  const statusListeners = new Set<() => void>();
  let socket: WebSocket | null = null;
  let token: string | null = null;
  let connected = false;
  let backoff = 1_000;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const l of statusListeners) l();
  };

  function close() {
    if (retry) clearTimeout(retry);
    retry = null;
    const old = socket;
    socket = null;
    old?.close();
    setConnected(false);
  }

  function open() {
    if (!token || typeof WebSocket === 'undefined') return;
    const url = new URL('/api/realtime', window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    loadMessageSchema().catch(() => undefined);
    const sentToken = token;
    ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'auth', token: sentToken })));
    ws.addEventListener('message', (event) => {
      const data = safeJson(String(event.data));
      // A message that cannot be checked (its contract failed to load) is dropped like an invalid one.
      loadMessageSchema().then(
        (schema) => {
          const parsed = schema.safeParse(data);
          if (!parsed.success) return;
          if (parsed.data.type === 'ready') {
            backoff = 1_000;
            setConnected(true);
          }
          for (const l of listeners) l(parsed.data);
        },
        () => undefined,
      );
    });
    ws.addEventListener('close', (event) => {
      if (socket !== ws) return;
      socket = null;
      setConnected(false);
      // Refused token: wait for a new one (the next refresh) instead of retrying the same.
      if (event.code === 4401 || !token) return;
      retry = setTimeout(open, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    });
  }

  return {
    setToken(next: string | null) {
      if (next === token) return;
      token = next;
      close();
      backoff = 1_000;
      open();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onStatus(listener: () => void) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    isConnected: () => connected,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const channel = createRealtimeChannel();
let following = false;

/** Opens the channel for the signed-in user and keeps it in step with the session's realtime token. */
function follow() {
  if (following) return;
  following = true;
  channel.setToken(useCommonStore.getState().realtimeToken);
  useCommonStore.subscribe((state) => channel.setToken(state.realtimeToken));
}

/** Calls `listener` for every message the server pushes to this user; true while the channel is open. */
export function useRealtime(listener: Listener): boolean {
  useEffect(() => {
    follow();
    return channel.subscribe(listener);
  }, [listener]);
  return useSyncExternalStore(channel.onStatus, channel.isConnected, () => false);
}
