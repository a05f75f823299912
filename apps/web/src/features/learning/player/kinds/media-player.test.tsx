import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers';
import { MediaPlayer } from './media-player';
import type { MediaReport } from './use-media-reporting';

/** A jsdom <video> whose playback we drive by hand. */
function drive(video: HTMLVideoElement) {
  const state = { currentTime: 0, paused: true, seeking: false, duration: 20, playbackRate: 1 };
  for (const key of Object.keys(state) as (keyof typeof state)[]) {
    Object.defineProperty(video, key, {
      configurable: true,
      get: () => state[key],
      set: (value: never) => (state[key] = value),
    });
  }
  const fire = (type: string) => act(() => void video.dispatchEvent(new Event(type)));
  return {
    state,
    fire,
    loaded: () => fire('loadedmetadata'),
    play: () => {
      state.paused = false;
      fire('play');
    },
    /** Plays `seconds` of media in 250 ms ticks. */
    advance: (seconds: number) => {
      const steps = Math.round(seconds / (0.25 * state.playbackRate));
      for (let i = 0; i < steps; i++) {
        vi.advanceTimersByTime(250);
        state.currentTime = Math.min(state.duration, state.currentTime + 0.25 * state.playbackRate);
        fire('timeupdate');
      }
    },
    seek: (to: number) => {
      state.seeking = true;
      fire('seeking');
      state.currentTime = to;
      state.seeking = false;
      fire('seeked');
      fire('timeupdate');
    },
    pause: () => {
      state.paused = true;
      fire('pause');
    },
    end: () => {
      state.paused = true;
      fire('ended');
    },
  };
}

function renderPlayer(props: Partial<Parameters<typeof MediaPlayer>[0]> = {}) {
  const reports: MediaReport[] = [];
  const onReport = vi.fn(async (report: MediaReport) => {
    reports.push(report);
  });
  render(
    <AppProviders env="test">
      <MediaPlayer kind="video" src="/media/demo.mp4" title="Aula" onReport={onReport} {...props} />
    </AppProviders>,
  );
  const video = screen.getByTestId('media-player') as HTMLVideoElement;
  return { video, reports, onReport, player: drive(video) };
}

function covered(reports: MediaReport[]) {
  return reports.flatMap((r) => r.intervals);
}

describe('MediaPlayer progress reports', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the interval watched when the learner pauses', () => {
    const { player, reports } = renderPlayer();
    player.loaded();
    player.play();
    player.advance(5);
    player.pause();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toEqual({ intervals: [[0, 5]], position: 5, duration: 20 });
  });

  it('reports periodically while playing', () => {
    const { player, reports } = renderPlayer({ reportEverySeconds: 2 });
    player.loaded();
    player.play();
    player.advance(4.5);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports[0]!.intervals[0]![0]).toBe(0);
    expect(reports.every((r) => r.intervals.length > 0)).toBe(true);
  });

  it('does not count a seek to the end as watched', () => {
    const { player, reports } = renderPlayer();
    player.loaded();
    player.play();
    player.advance(2);
    player.seek(19.5);
    player.advance(0.5);
    player.end();
    const intervals = covered(reports);
    const seconds = intervals.reduce((sum, [s, e]) => sum + (e - s), 0);
    expect(seconds).toBeLessThanOrEqual(2.6);
    expect(intervals).toContainEqual([0, 2]);
    expect(reports.at(-1)!.position).toBe(20);
  });

  it('resumes at the saved position', () => {
    const { player } = renderPlayer({ startAt: 12 });
    player.loaded();
    expect(player.state.currentTime).toBe(12);
  });

  it('starts over when the saved position is the end', () => {
    const { player } = renderPlayer({ startAt: 19.8 });
    player.loaded();
    expect(player.state.currentTime).toBe(0);
  });

  it('gives failed intervals back to the next report', async () => {
    const { player, onReport, reports } = renderPlayer();
    onReport.mockRejectedValueOnce(new Error('offline'));
    player.loaded();
    player.play();
    player.advance(3);
    player.pause();
    await act(async () => undefined);
    player.play();
    player.advance(2);
    player.pause();
    expect(reports.at(-1)!.intervals).toEqual([[0, 5]]);
  });
});
