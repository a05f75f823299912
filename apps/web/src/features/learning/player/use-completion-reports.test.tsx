import { act, renderHook } from '@testing-library/react';
import type { ActivityProgressBody } from '@trilha/contracts/learning';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCompletionReports } from './use-completion-reports';

const sent: ActivityProgressBody['type'][] = [];
vi.mock('../api/player', () => ({
  reportProgress: vi.fn(async (_id: number, body: ActivityProgressBody) => {
    sent.push(body.type);
    return {};
  }),
}));

let visibility: DocumentVisibilityState = 'visible';

describe('useCompletionReports', () => {
  beforeEach(() => {
    sent.length = 0;
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const flush = () => act(async () => await Promise.resolve());

  it('reports the opening only: nothing that completes an activity', async () => {
    renderHook(() =>
      useCompletionReports({
        activityId: 1,
        rule: { mode: 'view', minSeconds: null },
        needsLoad: true,
        onProgress() {},
      }),
    );
    await flush();
    act(() => void vi.advanceTimersByTime(120_000));
    expect(sent).toEqual(['open']);
  });

  it('in time mode, sends heartbeats only once the frame loaded and while the page is visible', async () => {
    const { result } = renderHook(() =>
      useCompletionReports({
        activityId: 1,
        rule: { mode: 'time', minSeconds: 60 },
        needsLoad: true,
        onProgress() {},
      }),
    );
    await flush();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(sent).toEqual(['open']);
    act(() => result.current.onLoaded());
    act(() => result.current.onLoaded());
    act(() => void vi.advanceTimersByTime(30_000));
    expect(sent).toEqual(['open', 'loaded', 'heartbeat', 'heartbeat']);
    visibility = 'hidden';
    act(() => void vi.advanceTimersByTime(60_000));
    expect(sent.filter((type) => type === 'heartbeat')).toHaveLength(2);
  });
});
