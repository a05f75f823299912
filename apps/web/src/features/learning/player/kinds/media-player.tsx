import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Interval } from '../progress/watched-intervals';
import { useMediaReporting, type MediaReport } from './use-media-reporting';

export interface MediaPlayerProps {
  kind: 'video' | 'audio' | 'wowza';
  src: string;
  title: string;
  poster?: string | null;
  /** Saved position to resume at, in seconds. */
  startAt?: number | null;
  savedIntervals?: readonly Interval[];
  onReport: (report: MediaReport) => Promise<unknown>;
  reportEverySeconds?: number;
  onError?: () => void;
}

function isHls(src: string) {
  return /\.m3u8($|\?)/i.test(src);
}

/**
 * Video and audio with the browser's own controls (keyboard and screen-reader friendly), HLS streams
 * (wowza) through hls.js where the browser cannot play them natively. Reports watched intervals.
 */
export function MediaPlayer({
  kind,
  src,
  title,
  poster,
  startAt,
  savedIntervals,
  onReport,
  reportEverySeconds,
  onError,
}: MediaPlayerProps) {
  const mediaRef = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const { tracker, flush, setPosition } = useMediaReporting({
    savedIntervals,
    onReport,
    everySeconds: reportEverySeconds,
  });
  const resumeAt = useRef(startAt ?? 0);

  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    const stream = kind === 'wowza' || isHls(src);
    if (stream && !media.canPlayType('application/vnd.apple.mpegurl')) {
      void import('hls.js').then(({ default: Hls }) => {
        if (destroyed) return;
        if (!Hls.isSupported()) {
          onError?.();
          return;
        }
        const instance = new Hls();
        hls = instance;
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) onError?.();
        });
        instance.loadSource(src);
        instance.attachMedia(media);
      });
    } else {
      media.src = src;
    }
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [src, kind, onError]);

  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    const onLoaded = () => {
      setPosition(media.currentTime, media.duration);
      const at = resumeAt.current;
      // Resume where the learner left, unless that was (almost) the end.
      if (at > 0 && Number.isFinite(media.duration) && at < media.duration - 1) media.currentTime = at;
      resumeAt.current = 0;
    };
    const onPlay = () => tracker.play(media.currentTime);
    const onTime = () => {
      setPosition(media.currentTime, media.duration);
      if (!media.paused && !media.seeking) tracker.timeUpdate(media.currentTime, media.playbackRate);
    };
    const onSeeking = () => tracker.seeking();
    const onSeeked = () => {
      setPosition(media.currentTime, media.duration);
      if (!media.paused) tracker.play(media.currentTime);
    };
    const onPause = () => {
      tracker.pause(media.currentTime);
      setPosition(media.currentTime, media.duration);
      flush();
    };
    const onMediaError = () => onError?.();
    media.addEventListener('loadedmetadata', onLoaded);
    media.addEventListener('play', onPlay);
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('seeking', onSeeking);
    media.addEventListener('seeked', onSeeked);
    media.addEventListener('pause', onPause);
    media.addEventListener('ended', onPause);
    media.addEventListener('error', onMediaError);
    return () => {
      media.removeEventListener('loadedmetadata', onLoaded);
      media.removeEventListener('play', onPlay);
      media.removeEventListener('timeupdate', onTime);
      media.removeEventListener('seeking', onSeeking);
      media.removeEventListener('seeked', onSeeked);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('ended', onPause);
      media.removeEventListener('error', onMediaError);
    };
  }, [tracker, flush, setPosition, onError]);

  if (kind === 'audio') {
    return (
      <Box py="md">
        <audio ref={mediaRef} controls preload="metadata" aria-label={title} style={{ width: '100%' }} />
      </Box>
    );
  }
  return (
    <Box bg="black" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <video
        ref={mediaRef}
        controls
        playsInline
        preload="metadata"
        poster={poster ?? undefined}
        aria-label={title}
        data-testid="media-player"
        style={{ display: 'block', width: '100%', maxHeight: '70vh', background: 'black' }}
      />
    </Box>
  );
}
