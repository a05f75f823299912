import { describe, expect, it } from 'vitest';
import {
  admitIntervals,
  heartbeatSeconds,
  mediaBudget,
  supportedScormData,
  type Interval,
} from './completion';
import { scormOutcome } from './scorm/scorm-runtime';

describe('media wall-time budget', () => {
  it('grants no more than 2x the time since the last report and since opening, 45 s per report at most', () => {
    expect(mediaBudget({ sinceLastReport: null, sinceOpened: null, alreadyWatched: 0 })).toBe(1);
    expect(mediaBudget({ sinceLastReport: 10, sinceOpened: 10, alreadyWatched: 0 })).toBe(21);
    expect(mediaBudget({ sinceLastReport: 600, sinceOpened: 600, alreadyWatched: 0 })).toBe(45);
    // Opened 20 s ago with 40 s already watched: only the slack is left.
    expect(mediaBudget({ sinceLastReport: 10, sinceOpened: 20, alreadyWatched: 40 })).toBe(3);
    expect(mediaBudget({ sinceLastReport: 10, sinceOpened: 20, alreadyWatched: 80 })).toBe(0);
  });

  it('admits only the new part of the intervals, in order, up to the budget', () => {
    const current: Interval[] = [[10, 20]];
    expect(admitIntervals(current, [[0, 30]], 100)).toEqual([
      [0, 10],
      [20, 30],
    ]);
    expect(admitIntervals(current, [[0, 30]], 15)).toEqual([
      [0, 10],
      [20, 25],
    ]);
    expect(admitIntervals(current, [[12, 18]], 100)).toEqual([]);
    expect(admitIntervals([], [[0, 500]], 45, 100)).toEqual([[0, 45]]);
  });
});

describe('heartbeats', () => {
  it('count the gap since the previous report only when it is plausible', () => {
    expect(heartbeatSeconds(null)).toBe(0);
    expect(heartbeatSeconds(0.2)).toBe(0);
    expect(heartbeatSeconds(15.7)).toBe(15);
    expect(heartbeatSeconds(46)).toBe(0);
  });
});

describe('SCORM data the runtime supports', () => {
  it('drops a status outside the vocabulary', () => {
    const cmi = supportedScormData('1.2', { 'cmi.core.lesson_status': 'Completed' }, null);
    expect(scormOutcome('1.2', cmi, null).completed).toBe(false);
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'completed' }, null).completed).toBe(true);
  });

  it('SCORM 2004 with a passing score: success follows the scaled score, unknown without one', () => {
    const passedNoScore = supportedScormData('2004', { 'cmi.success_status': 'passed' }, 60);
    expect(passedNoScore['cmi.success_status']).toBe('unknown');
    expect(scormOutcome('2004', passedNoScore, 60).completed).toBe(false);
    const low = supportedScormData(
      '2004',
      { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.59' },
      60,
    );
    expect(scormOutcome('2004', low, 60)).toMatchObject({ completed: false, success: 'failed' });
    const high = supportedScormData(
      '2004',
      { 'cmi.success_status': 'failed', 'cmi.score.scaled': '0.6' },
      60,
    );
    expect(scormOutcome('2004', high, 60)).toMatchObject({ completed: true, success: 'passed' });
    const blank = supportedScormData('2004', { 'cmi.score.scaled': ' ' }, 60);
    expect(blank['cmi.success_status']).toBe('unknown');
  });

  it('SCORM 2004 with a completion threshold: completion follows a progress measure within 0..1', () => {
    const status = (measure: string | undefined, reported = 'incomplete') =>
      supportedScormData(
        '2004',
        {
          'cmi.completion_status': reported,
          ...(measure === undefined ? {} : { 'cmi.progress_measure': measure }),
        },
        null,
        0.8,
      )['cmi.completion_status'];
    expect(status('0.8')).toBe('completed');
    expect(status('0.79', 'completed')).toBe('incomplete');
    // No usable measure: the content's own status stands.
    expect(status(undefined)).toBe('incomplete');
    expect(status('', 'completed')).toBe('completed');
    expect(status('1.5')).toBe('incomplete');
    expect(status('abc', 'completed')).toBe('completed');
  });
});
