import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers';
import { YOUTUBE_ORIGIN } from './embed-urls';
import { EmbeddedVideoPlayer } from './embedded-video-player';
import { SlideshareDeck } from './slideshare-deck';
import type { MediaReport } from './use-media-reporting';

const DECK = 'https://www.slideshare.net/slideshow/embed_code/key/abc123';

function wrap(ui: React.ReactNode) {
  return render(<AppProviders env="test">{ui}</AppProviders>);
}

const fallbackLink = () =>
  screen.getByTestId('frame-fallback').querySelector('a[target="_blank"]') as HTMLAnchorElement;

describe('third-party frames that do not load', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('YouTube: a player that never answers shows the translated "open in a new tab" fallback and reports nothing watched', () => {
    const onReport = vi.fn(async (_report: MediaReport) => undefined);
    wrap(<EmbeddedVideoPlayer provider="youtube" url="dQw4w9WgXcQ" title="Aula" onReport={onReport} />);
    expect(screen.queryByTestId('frame-fallback')).toBeNull();
    act(() => void vi.advanceTimersByTime(16_000));
    const link = fallbackLink();
    expect(link.href).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(link.rel).toContain('noopener');
    expect(link.textContent).toContain('Abrir em uma nova aba');
    expect(screen.getByTestId('frame-fallback').textContent).toContain('O conteúdo não carregou aqui');
    // Nothing was watched: no report carries an interval.
    expect(onReport.mock.calls.flatMap(([report]) => report.intervals)).toEqual([]);
  });

  it('YouTube: a player that answers in time shows no fallback', () => {
    wrap(<EmbeddedVideoPlayer provider="youtube" url="dQw4w9WgXcQ" title="Aula" onReport={async () => {}} />);
    const frame = screen.getByTitle('Aula') as HTMLIFrameElement;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'onReady' }),
          origin: YOUTUBE_ORIGIN,
          source: frame.contentWindow,
        }),
      );
    });
    act(() => void vi.advanceTimersByTime(30_000));
    expect(screen.queryByTestId('frame-fallback')).toBeNull();
  });

  it('Vimeo: a blocked frame falls back to the video on vimeo.com', () => {
    wrap(<EmbeddedVideoPlayer provider="vimeo" url="76979871" title="Aula" onReport={async () => {}} />);
    // A message from another origin is not the player answering.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'ready' }),
          origin: 'https://evil.test',
        }),
      );
    });
    act(() => void vi.advanceTimersByTime(16_000));
    expect(fallbackLink().href).toBe('https://vimeo.com/76979871');
  });

  it('SlideShare: a frame that never loads shows the fallback and never counts as viewed', () => {
    const onViewed = vi.fn();
    wrap(<SlideshareDeck url={DECK} title="Deck" onViewed={onViewed} />);
    act(() => void vi.advanceTimersByTime(16_000));
    expect(fallbackLink().href).toBe(DECK);
    expect(onViewed).not.toHaveBeenCalled();
  });

  it('SlideShare: a frame that loads counts as viewed once, with no fallback', () => {
    const onViewed = vi.fn();
    wrap(<SlideshareDeck url={DECK} title="Deck" onViewed={onViewed} />);
    const frame = screen.getByTestId('content-frame');
    fireEvent.load(frame);
    fireEvent.load(frame);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(onViewed).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('frame-fallback')).toBeNull();
  });
});
