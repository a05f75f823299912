import { AspectRatio, Box, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Interval } from '../progress/watched-intervals';
import {
  VIMEO_ORIGIN,
  vimeoEmbedUrl,
  vimeoId,
  watchUrl,
  YOUTUBE_ORIGIN,
  youtubeEmbedUrl,
  youtubeId,
} from './embed-urls';
import { FrameFallback, useFrameTimeout } from './frame-fallback';
import { useMediaReporting, type MediaReport } from './use-media-reporting';

export interface EmbeddedVideoPlayerProps {
  provider: 'youtube' | 'vimeo';
  /** The video's link or id. */
  url: string;
  title: string;
  startAt?: number | null;
  savedIntervals?: readonly Interval[];
  onReport: (report: MediaReport) => Promise<unknown>;
  reportEverySeconds?: number;
  /** The link is not a video of the provider. */
  onInvalid?: () => void;
  /** How long the frame may take to answer before the fallback shows. */
  loadTimeoutMs?: number;
}

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      const value: unknown = JSON.parse(data);
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/**
 * YouTube and Vimeo in their own iframes, driven through the postMessage protocols their player scripts
 * use. The API's Content-Security-Policy allows no third-party script (script-src 'self') but does allow
 * these frames, so the iframe_api and player.js scripts are not loaded: the page talks to the frames
 * directly and gets the same events (current time, play state, rate).
 */
export function EmbeddedVideoPlayer({
  provider,
  url,
  title,
  startAt,
  savedIntervals,
  onReport,
  reportEverySeconds,
  onInvalid,
  loadTimeoutMs,
}: EmbeddedVideoPlayerProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { tracker, flush, setPosition } = useMediaReporting({
    savedIntervals,
    onReport,
    everySeconds: reportEverySeconds,
  });
  const id = provider === 'youtube' ? youtubeId(url) : vimeoId(url);
  const origin = provider === 'youtube' ? YOUTUBE_ORIGIN : VIMEO_ORIGIN;
  const [start] = useState(startAt ?? 0);
  // The provider's player answered: until then (blocked, failed) nothing plays and nothing is reported.
  const [ready, setReady] = useState(false);
  const failed = useFrameTimeout(ready, loadTimeoutMs);
  const src = id
    ? provider === 'youtube'
      ? youtubeEmbedUrl(id, start, window.location.origin)
      : vimeoEmbedUrl(id, start)
    : null;

  useEffect(() => {
    if (!src) onInvalid?.();
  }, [src, onInvalid]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || !src) return;
    let playing = false;
    let rate = 1;
    let duration = 0;

    const post = (message: unknown) => frame.contentWindow?.postMessage(JSON.stringify(message), origin);

    const subscribe = () => {
      if (provider === 'youtube') {
        post({ event: 'listening', id: 'trilha-player', channel: 'widget' });
        for (const event of ['onStateChange', 'onPlaybackRateChange']) {
          post({ event: 'command', func: 'addEventListener', args: [event], id: 'trilha-player' });
        }
      } else {
        for (const event of ['play', 'pause', 'ended', 'seeked', 'timeupdate', 'playbackratechange']) {
          post({ method: 'addEventListener', value: event });
        }
      }
    };

    const onTime = (time: number) => {
      setPosition(time, duration);
      if (playing) tracker.timeUpdate(time, rate);
    };
    const onPlaying = (time: number) => {
      playing = true;
      tracker.play(time);
    };
    const onStopped = (time?: number) => {
      playing = false;
      tracker.pause(time);
      if (time !== undefined) setPosition(time, duration);
      flush();
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      const message = parse(event.data);
      if (!message) return;
      setReady(true);
      if (provider === 'youtube') {
        if (message.event === 'onReady') subscribe();
        const info = message.info as Record<string, unknown> | number | undefined;
        if (message.event === 'onStateChange' && typeof info === 'number') {
          // 1 playing, 2 paused, 0 ended; 3 buffering keeps the segment open.
          if (info === 1) playing = true;
          if (info === 2 || info === 0) onStopped();
        }
        if (message.event === 'onPlaybackRateChange' && typeof info === 'number') rate = info;
        if (
          (message.event === 'infoDelivery' || message.event === 'initialDelivery') &&
          info &&
          typeof info === 'object'
        ) {
          if (typeof info.duration === 'number') duration = info.duration;
          if (typeof info.playbackRate === 'number') rate = info.playbackRate;
          if (info.playerState === 1 && !playing && typeof info.currentTime === 'number')
            onPlaying(info.currentTime);
          if ((info.playerState === 2 || info.playerState === 0) && playing) {
            onStopped(typeof info.currentTime === 'number' ? info.currentTime : undefined);
          }
          if (typeof info.currentTime === 'number') onTime(info.currentTime);
        }
      } else {
        const data = (message.data ?? {}) as { seconds?: number; duration?: number; playbackRate?: number };
        if (typeof data.duration === 'number') duration = data.duration;
        switch (message.event) {
          case 'ready':
            subscribe();
            break;
          case 'play':
            onPlaying(data.seconds ?? 0);
            break;
          case 'pause':
          case 'ended':
            onStopped(data.seconds);
            break;
          case 'seeked':
            tracker.seeking();
            if (playing && data.seconds !== undefined) tracker.play(data.seconds);
            break;
          case 'playbackratechange':
            if (typeof data.playbackRate === 'number') rate = data.playbackRate;
            break;
          case 'timeupdate':
            if (data.seconds !== undefined) onTime(data.seconds);
            break;
        }
      }
    };
    window.addEventListener('message', onMessage);
    // The frame may have loaded before this effect ran: ask for events now and again on load.
    frame.addEventListener('load', subscribe);
    subscribe();
    return () => {
      window.removeEventListener('message', onMessage);
      frame.removeEventListener('load', subscribe);
    };
  }, [src, origin, provider, tracker, flush, setPosition]);

  if (!src || !id) return null;
  return (
    <Stack gap="xs">
      {failed ? <FrameFallback url={watchUrl(provider, id)} /> : null}
      <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} bg="black">
        <AspectRatio ratio={16 / 9}>
          <iframe
            ref={frameRef}
            src={src}
            title={title}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ border: 0 }}
          />
        </AspectRatio>
      </Box>
    </Stack>
  );
}
