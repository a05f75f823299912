import type { PlayerPayload, ProgressResponse } from '@trilha/contracts/learning';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportProgress } from '../api/player';

/** Seconds between heartbeats; the server counts a gap of up to 45 s (completion.ts). */
export const HEARTBEAT_SECONDS = 15;

/** How an activity completes: the player payload's `activity.completion`. */
export type CompletionRule = NonNullable<PlayerPayload['activity']['completion']>;

/**
 * What the player tells the server so that it can rule on completion (docs/completion.md): `open` once
 * on mount (starts the server's clock), `loaded` once the viewer really loaded, and in `time` mode a
 * heartbeat every 15 s while the page is visible and the content is showing. The server decides; this
 * hook only reports facts.
 */
export function useCompletionReports(opts: {
  activityId: number;
  rule: CompletionRule | null;
  /** Frames and viewers count time only once loaded; a download card counts as showing at once. */
  needsLoad: boolean;
  onProgress: (response: ProgressResponse) => void;
}) {
  const { activityId, rule, needsLoad } = opts;
  const onProgressRef = useRef(opts.onProgress);
  useEffect(() => {
    onProgressRef.current = opts.onProgress;
  }, [opts.onProgress]);
  const [loaded, setLoaded] = useState(false);
  const loadSent = useRef(false);

  const send = useCallback(
    (type: 'open' | 'loaded' | 'heartbeat') =>
      reportProgress(activityId, { type }).then(
        (response) => onProgressRef.current(response),
        () => undefined,
      ),
    [activityId],
  );

  useEffect(() => {
    void send('open');
  }, [send]);

  const onLoaded = useCallback(() => {
    setLoaded(true);
    if (loadSent.current) return;
    loadSent.current = true;
    void send('loaded');
  }, [send]);

  const counting = rule?.mode === 'time' && (loaded || !needsLoad);
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void send('heartbeat');
    }, HEARTBEAT_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [counting, send]);

  /** After a download (counted by the server as it served the file): fetch the new state. */
  const refresh = useCallback(() => void send('open'), [send]);

  return { onLoaded, refresh };
}
