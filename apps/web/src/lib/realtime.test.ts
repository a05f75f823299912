import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A WebSocket the test drives: it records what the tab sends and delivers what the test pushes. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  constructor(public url: string | URL) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  push(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code: number) {
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fresh copy of the channel (it is one per tab) and of the store it follows. */
async function load(token: string) {
  const { useCommonStore } = await import('./session-store');
  useCommonStore.setState({ realtimeToken: token });
  const { useRealtime } = await import('./realtime');
  const received: unknown[] = [];
  const listener = (m: unknown) => received.push(m);
  const hook = renderHook(() => useRealtime(listener));
  return { hook, received, useCommonStore };
}

describe('realtime channel', () => {
  it('sends the realtime token first, then hands pushed messages to the subscribers', async () => {
    const { hook, received } = await load('rt-1');
    const socket = FakeSocket.all[0]!;
    expect(String(socket.url)).toMatch(/^ws:\/\/.*\/api\/realtime$/);
    act(() => socket.open());
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', token: 'rt-1' });
    expect(hook.result.current).toBe(false);

    // Messages are checked against their contract, whose module is imported when the channel opens.
    act(() => socket.push({ type: 'ready' }));
    await act(() => vi.dynamicImportSettled());
    expect(hook.result.current).toBe(true);
    act(() => socket.push({ type: 'inbox', clientId: 4 }));
    act(() => socket.push({ type: 'something-else' }));
    await act(() => vi.dynamicImportSettled());
    expect(received).toEqual([{ type: 'ready' }, { type: 'inbox', clientId: 4 }]);
  });

  it('reconnects with back-off after a drop, but waits for a new token after a refusal', async () => {
    const { hook, useCommonStore } = await load('rt-1');
    act(() => FakeSocket.all[0]!.drop(1006));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(FakeSocket.all).toHaveLength(2);

    act(() => FakeSocket.all[1]!.drop(4401));
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(FakeSocket.all).toHaveLength(2);

    act(() => useCommonStore.setState({ realtimeToken: 'rt-2' }));
    expect(FakeSocket.all).toHaveLength(3);
    act(() => FakeSocket.all[2]!.open());
    expect(JSON.parse(FakeSocket.all[2]!.sent[0]!)).toEqual({ type: 'auth', token: 'rt-2' });

    act(() => useCommonStore.setState({ realtimeToken: null }));
    expect(FakeSocket.all[2]!.closed).toBe(true);
    expect(hook.result.current).toBe(false);
  });
});
