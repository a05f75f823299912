import { describe, expect, it } from 'vitest';
import {
  cmiNumber,
  formatScormTime,
  isLmsOwned,
  percentFrom,
  readScormStatus,
  scorePercent,
  sessionSeconds,
} from './scorm';

describe('isLmsOwned', () => {
  it.each([
    'cmi.core._children',
    'cmi.interactions._count',
    'cmi.objectives.0.score._children',
    'cmi.core.student_id',
    'cmi.core.student_name',
    'cmi.learner_id',
    'cmi.learner_name',
    'cmi.launch_data',
    'cmi.student_data.mastery_score',
    'cmi.student_data.max_time_allowed',
    'cmi.scaled_passing_score',
    'cmi.completion_threshold',
    'cmi.core.credit',
    'cmi.credit',
    'cmi.core.lesson_mode',
    'cmi.mode',
    'cmi.core.entry',
    'cmi.entry',
    'cmi.core.total_time',
    'cmi.total_time',
    'cmi.time_limit_action',
    'cmi.max_time_allowed',
  ])('the LMS owns %s', (element) => {
    expect(isLmsOwned(element)).toBe(true);
  });

  it.each([
    'cmi.core.lesson_status',
    'cmi.core.lesson_location',
    'cmi.core.score.raw',
    'cmi.core.session_time',
    'cmi.core.exit',
    'cmi.suspend_data',
    'cmi.completion_status',
    'cmi.success_status',
    'cmi.score.scaled',
    'cmi.progress_measure',
    'cmi.location',
    'cmi.session_time',
    'cmi.interactions.0.id',
    'cmi.objectives.0.score.raw',
    'adl.nav.request',
    // Near misses of owned names.
    'cmi.student_data',
    'cmi.core.student_idx',
    'cmi.learner_preference.language',
    'cmi.core.total_time_extra',
  ])('the content writes %s', (element) => {
    expect(isLmsOwned(element)).toBe(false);
  });
});

describe('cmiNumber', () => {
  it('reads decimal numbers, signs, exponents and surrounding spaces', () => {
    expect(cmiNumber('67')).toBe(67);
    expect(cmiNumber('-0.5')).toBe(-0.5);
    expect(cmiNumber(' 42 ')).toBe(42);
    expect(cmiNumber('1e2')).toBe(100);
    expect(cmiNumber('0')).toBe(0);
  });

  it('is null when missing, blank or not a finite number', () => {
    expect(cmiNumber(undefined)).toBeNull();
    expect(cmiNumber('')).toBeNull();
    expect(cmiNumber('   ')).toBeNull();
    expect(cmiNumber('abc')).toBeNull();
    expect(cmiNumber('12abc')).toBeNull();
    expect(cmiNumber('NaN')).toBeNull();
    expect(cmiNumber('Infinity')).toBeNull();
    expect(cmiNumber('-Infinity')).toBeNull();
  });
});

describe('percentFrom and scorePercent', () => {
  it('brings a raw score on min..max (0..100 by default) to a percentage', () => {
    expect(percentFrom(67, null, null)).toBe(67);
    expect(percentFrom(8, null, 10)).toBe(80);
    expect(percentFrom(75, 50, 100)).toBe(50);
    expect(percentFrom(-5, -10, 10)).toBe(25);
  });

  it('is null without a raw score or with an empty or inverted scale', () => {
    expect(percentFrom(null, 0, 100)).toBeNull();
    expect(percentFrom(5, 10, 10)).toBeNull();
    expect(percentFrom(5, 10, 0)).toBeNull();
  });

  it('leaves clamping and rounding to scorePercent', () => {
    expect(percentFrom(150, 0, 100)).toBe(150);
    expect(percentFrom(1, 0, 3)).toBeCloseTo(33.333, 3);
    expect(scorePercent(150)).toBe(100);
    expect(scorePercent(-20)).toBe(0);
    expect(scorePercent(33.3333)).toBe(33.3);
    expect(scorePercent(66.66)).toBe(66.7);
    expect(scorePercent(null)).toBeNull();
  });

  it('rounds the computed percentage as the server always has, so the preview shows what is recorded', () => {
    // 23 of 80 is 28.75 on paper; in floating point it is just under, and the recorded score is 28.7.
    expect(scorePercent(percentFrom(23, 0, 80))).toBe(28.7);
  });
});

describe('readScormStatus, SCORM 1.2', () => {
  it.each([
    ['passed', 'completed', 'passed'],
    ['completed', 'completed', 'unknown'],
    ['failed', 'completed', 'failed'],
    ['incomplete', 'incomplete', 'unknown'],
    ['browsed', 'incomplete', 'unknown'],
    ['not attempted', 'not_attempted', 'unknown'],
    ['', 'not_attempted', 'unknown'],
    ['PASSED', 'completed', 'passed'],
    ['Failed', 'completed', 'failed'],
    ['finished', 'unknown', 'unknown'],
  ])('lesson_status %j reads as %s / %s', (status, completion, success) => {
    expect(readScormStatus('1.2', { 'cmi.core.lesson_status': status })).toMatchObject({
      completion,
      success,
    });
  });

  it('reads an unset status as not attempted, with no score and no bookmark', () => {
    expect(readScormStatus('1.2', {})).toEqual({
      completion: 'not_attempted',
      success: 'unknown',
      scorePercent: null,
      location: '',
    });
  });

  it('reads the score from raw / min / max and the bookmark from lesson_location', () => {
    expect(
      readScormStatus('1.2', {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '67',
        'cmi.core.score.min': '0',
        'cmi.core.score.max': '100',
        'cmi.core.lesson_location': '4',
      }),
    ).toEqual({ completion: 'completed', success: 'passed', scorePercent: 67, location: '4' });
    expect(
      readScormStatus('1.2', { 'cmi.core.score.raw': '8', 'cmi.core.score.max': '10' }).scorePercent,
    ).toBe(80);
    expect(
      readScormStatus('1.2', {
        'cmi.core.score.raw': '15',
        'cmi.core.score.min': '10',
        'cmi.core.score.max': '20',
      }).scorePercent,
    ).toBe(50);
    expect(
      readScormStatus('1.2', { 'cmi.core.score.raw': '1', 'cmi.core.score.max': '3' }).scorePercent,
    ).toBe(33.3);
  });

  it('keeps the score within 0..100 and drops garbage', () => {
    expect(readScormStatus('1.2', { 'cmi.core.score.raw': '130' }).scorePercent).toBe(100);
    expect(readScormStatus('1.2', { 'cmi.core.score.raw': '-4' }).scorePercent).toBe(0);
    expect(readScormStatus('1.2', { 'cmi.core.score.raw': 'abc' }).scorePercent).toBeNull();
    expect(readScormStatus('1.2', { 'cmi.core.score.raw': '' }).scorePercent).toBeNull();
    expect(
      readScormStatus('1.2', { 'cmi.core.score.raw': '5', 'cmi.core.score.max': '0' }).scorePercent,
    ).toBeNull();
    // A garbage min or max falls back to the default scale.
    expect(
      readScormStatus('1.2', { 'cmi.core.score.raw': '40', 'cmi.core.score.max': 'lots' }).scorePercent,
    ).toBe(40);
  });

  it('ignores the SCORM 2004 elements', () => {
    expect(
      readScormStatus('1.2', {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
        'cmi.score.scaled': '0.9',
        'cmi.location': '9',
      }),
    ).toEqual({ completion: 'not_attempted', success: 'unknown', scorePercent: null, location: '' });
  });
});

describe('readScormStatus, SCORM 2004', () => {
  it.each([
    ['completed', 'completed'],
    ['incomplete', 'incomplete'],
    ['not attempted', 'not_attempted'],
    ['unknown', 'unknown'],
    ['', 'unknown'],
    ['COMPLETED', 'completed'],
    ['passed', 'unknown'],
  ])('completion_status %j reads as %s', (status, completion) => {
    expect(readScormStatus('2004', { 'cmi.completion_status': status }).completion).toBe(completion);
  });

  it('reads success apart from completion', () => {
    expect(readScormStatus('2004', { 'cmi.success_status': 'passed' })).toMatchObject({
      completion: 'unknown',
      success: 'passed',
    });
    expect(
      readScormStatus('2004', { 'cmi.completion_status': 'completed', 'cmi.success_status': 'Failed' }),
    ).toMatchObject({ completion: 'completed', success: 'failed' });
    expect(readScormStatus('2004', { 'cmi.success_status': 'unknown' }).success).toBe('unknown');
  });

  it('takes the scaled score over raw / min / max, and the bookmark from location', () => {
    expect(
      readScormStatus('2004', {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
        'cmi.score.scaled': '0.667',
        'cmi.score.raw': '20',
        'cmi.location': '5',
      }),
    ).toEqual({ completion: 'completed', success: 'passed', scorePercent: 66.7, location: '5' });
    expect(readScormStatus('2004', { 'cmi.score.scaled': '0', 'cmi.score.raw': '90' }).scorePercent).toBe(0);
  });

  it('falls back to raw / min / max without a usable scaled score', () => {
    expect(readScormStatus('2004', { 'cmi.score.raw': '1', 'cmi.score.max': '3' }).scorePercent).toBe(33.3);
    expect(
      readScormStatus('2004', {
        'cmi.score.scaled': 'n/a',
        'cmi.score.raw': '30',
        'cmi.score.min': '20',
        'cmi.score.max': '40',
      }).scorePercent,
    ).toBe(50);
    expect(readScormStatus('2004', { 'cmi.score.scaled': '', 'cmi.score.raw': '72' }).scorePercent).toBe(72);
  });

  it('keeps the score within 0..100 and drops garbage', () => {
    expect(readScormStatus('2004', { 'cmi.score.scaled': '-0.5' }).scorePercent).toBe(0);
    expect(readScormStatus('2004', { 'cmi.score.scaled': '1.5' }).scorePercent).toBe(100);
    expect(readScormStatus('2004', { 'cmi.score.scaled': 'abc' }).scorePercent).toBeNull();
    expect(
      readScormStatus('2004', { 'cmi.score.raw': '5', 'cmi.score.min': '10', 'cmi.score.max': '10' })
        .scorePercent,
    ).toBeNull();
  });

  it('ignores the SCORM 1.2 elements', () => {
    expect(
      readScormStatus('2004', {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '80',
        'cmi.core.lesson_location': '3',
      }),
    ).toEqual({ completion: 'unknown', success: 'unknown', scorePercent: null, location: '' });
  });
});

describe('session and total time', () => {
  it('reads SCORM 1.2 timespans and SCORM 2004 intervals, refusing what is not one', () => {
    expect(sessionSeconds('1.2', '00:01:30')).toBe(90);
    expect(sessionSeconds('1.2', '0002:00:05.5')).toBe(7205.5);
    expect(sessionSeconds('1.2', '1:00:00')).toBeNull();
    expect(sessionSeconds('1.2', 'PT1M')).toBeNull();
    expect(sessionSeconds('2004', 'PT1H2M3S')).toBe(3723);
    expect(sessionSeconds('2004', 'PT0.25S')).toBe(0.25);
    expect(sessionSeconds('2004', 'P1DT1S')).toBe(86401);
    expect(sessionSeconds('2004', 'P')).toBeNull();
    expect(sessionSeconds('2004', 'PT')).toBeNull();
    expect(sessionSeconds('2004', '00:01:00')).toBeNull();
    expect(sessionSeconds('2004', undefined)).toBeNull();
  });

  it('writes a total time each version reads back', () => {
    expect(formatScormTime('1.2', 3725)).toBe('0001:02:05.00');
    expect(formatScormTime('2004', 3725)).toBe('PT1H2M5S');
    expect(sessionSeconds('1.2', formatScormTime('1.2', 59))).toBe(59);
    expect(sessionSeconds('2004', formatScormTime('2004', 0))).toBe(0);
  });
});
