import { useCallback, useEffect, useRef, useState } from 'react';
import { PlaybackTracker, type Interval } from '../progress/watched-intervals';

export interface MediaReport {
  /** Intervals watched since the previous report (seconds of media). */
  intervals: Interval[];
  /** Where playback is, to resume there next time. */
  position: number;
  duration: number;
}

export interface MediaReportingOptions {
  savedIntervals?: readonly Interval[];
  onReport: (report: MediaReport) => Promise<unknown>;
  /** Seconds between periodic reports while playing. */
  everySeconds?: number;
}

/**
 * One tracker per player, with its reports: periodic while playing, and at once on pause, end, leaving the
 * page and unmounting. A failed report gives its intervals back to the tracker for the next one.
 */
export function useMediaReporting({ savedIntervals, onReport, everySeconds = 10 }: MediaReportingOptions) {
  const [tracker] = useState(() => new PlaybackTracker(savedIntervals ?? []));
  const onReportRef = useRef(onReport);
  const position = useRef({ time: 0, duration: 0 });
  const lastSent = useRef(-1);

  useEffect(() => {
    onReportRef.current = onReport;
  }, [onReport]);

  const flush = useCallback(() => {
    const intervals = tracker.takePending();
    const { time, duration } = position.current;
    // Nothing new watched and the same position: no call.
    if (intervals.length === 0 && Math.abs(time - lastSent.current) < 1) return;
    lastSent.current = time;
    onReportRef.current({ intervals, position: time, duration }).catch(() => tracker.restore(intervals));
  }, [tracker]);

  const setPosition = useCallback((time: number, duration?: number) => {
    position.current = {
      time: Number.isFinite(time) ? time : 0,
      duration: duration !== undefined && Number.isFinite(duration) ? duration : position.current.duration,
    };
  }, []);

  useEffect(() => {
    const timer = window.setInterval(flush, everySeconds * 1000);
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      tracker.pause();
      flush();
    };
  }, [flush, everySeconds, tracker]);

  return { tracker, flush, setPosition };
}
