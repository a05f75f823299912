import { describe, expect, it } from 'vitest';
import {
  attemptOver,
  exitOf,
  finishDefaults,
  launchCmi,
  nextLaunch,
  scormOutcome,
  writableElements,
  type StoredAttempt,
} from './scorm-runtime';

// The reading of the data (statuses, scores, LMS-owned elements) is tested in @trilha/domain/scorm; these
// are the server's own rules on top of it.
describe('scormOutcome, SCORM 1.2', () => {
  it('finishes a passed or completed lesson, keeps a failed one open and reads the score', () => {
    expect(
      scormOutcome('1.2', {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '8',
        'cmi.core.score.max': '10',
        'cmi.core.lesson_location': '4',
      }),
    ).toEqual({ completed: true, success: 'passed', score: 80, percent: 100, location: '4' });
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'completed' })).toMatchObject({
      completed: true,
      success: null,
      percent: 100,
    });
    // A failed lesson is not finished, and does not show as 100 % done either.
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'failed' })).toMatchObject({
      completed: false,
      success: 'failed',
      percent: 0,
    });
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'incomplete' })).toEqual({
      completed: false,
      success: null,
      score: null,
      percent: 0,
      location: '',
    });
  });

  it('decides passed / failed from the mastery score once the lesson is done', () => {
    const done = (status: string, raw: string) =>
      scormOutcome('1.2', { 'cmi.core.lesson_status': status, 'cmi.core.score.raw': raw }, 70);
    expect(done('passed', '50')).toMatchObject({ completed: false, success: 'failed', score: 50 });
    expect(done('failed', '70')).toMatchObject({ completed: true, success: 'passed', score: 70 });
    expect(done('completed', '90')).toMatchObject({ completed: true, success: 'passed' });
    // Not done yet, or no score: the mastery score does not apply.
    expect(done('incomplete', '90')).toMatchObject({ completed: false, success: null });
    expect(done('passed', '')).toMatchObject({ completed: true, success: 'passed', score: null });
  });
});

describe('scormOutcome, SCORM 2004', () => {
  it('finishes on completion or on a pass, never on a failure', () => {
    expect(scormOutcome('2004', { 'cmi.completion_status': 'completed' })).toMatchObject({
      completed: true,
      success: null,
      percent: 100,
    });
    expect(scormOutcome('2004', { 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.9' })).toEqual({
      completed: true,
      success: 'passed',
      score: 90,
      percent: 100,
      location: '',
    });
    expect(
      scormOutcome('2004', { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed' }),
    ).toMatchObject({ completed: false, success: 'failed', percent: 0 });
  });

  it('takes the percent from progress_measure until done, and ignores the mastery score', () => {
    const progress = (measure: string) =>
      scormOutcome('2004', { 'cmi.completion_status': 'incomplete', 'cmi.progress_measure': measure }, 80)
        .percent;
    expect(progress('0.456')).toBe(45);
    // Not finished: at most 99 %, whatever the measure says.
    expect(progress('1.7')).toBe(99);
    expect(progress('-1')).toBe(0);
    expect(progress('abc')).toBe(0);
    expect(
      scormOutcome('2004', { 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.1' }, 80),
    ).toMatchObject({ completed: true, success: 'passed' });
  });
});

describe('writableElements', () => {
  it('keeps well-formed elements the content may write, even empty ones', () => {
    expect(
      writableElements({
        'cmi.core.lesson_status': 'completed',
        'cmi.suspend_data': '',
        'adl.nav.request': 'continue',
        'cmi.core.student_id': '99',
        'cmi.student_data.mastery_score': '0',
        'cmi.scaled_passing_score': '0',
        'cmi.interactions._count': '5',
        'cmi.bad key': 'x',
        'cmi.x-y': 'x',
        'foo.bar': 'x',
        cmi: 'x',
      }),
    ).toEqual({
      'cmi.core.lesson_status': 'completed',
      'cmi.suspend_data': '',
      'adl.nav.request': 'continue',
    });
  });
});

const stored = (over: Partial<StoredAttempt>): StoredAttempt => ({
  attempt: 1,
  endedWith: null,
  totalSeconds: 0,
  cmi: {},
  ...over,
});
const learner = { learnerId: '7', learnerName: 'Souza, Ana', launchData: null, completionThreshold: null };

describe('launchCmi', () => {
  it('SCORM 1.2: resumes a suspended attempt with the LMS values, not the ones the content stored', () => {
    const { cmi, entry, mode } = launchCmi({
      ...learner,
      version: '1.2',
      stored: stored({
        endedWith: 'suspend',
        totalSeconds: 3725,
        cmi: {
          'cmi.core.lesson_location': '3',
          'cmi.core.exit': 'suspend',
          'cmi.core.session_time': '00:01:00',
          'cmi.core.student_id': 'forged',
          'cmi.core.total_time': '9999:00:00',
        },
      }),
      launch: { attempt: 1, kind: 'continue' },
      masteryScore: 70,
      launchData: 'lesson=1',
    });
    expect({ entry, mode }).toEqual({ entry: 'resume', mode: 'normal' });
    expect(cmi).toEqual({
      'cmi.core.lesson_location': '3',
      'cmi.core.student_id': '7',
      'cmi.core.student_name': 'Souza, Ana',
      'cmi.core.entry': 'resume',
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.total_time': '0001:02:05.00',
      'cmi.student_data.mastery_score': '70',
      'cmi.launch_data': 'lesson=1',
    });
  });

  it('SCORM 1.2: a lesson left normally without an outcome goes on, not as a resume', () => {
    const launch = launchCmi({
      ...learner,
      version: '1.2',
      stored: stored({ endedWith: 'normal', cmi: { 'cmi.core.lesson_location': '2' } }),
      launch: { attempt: 1, kind: 'continue' },
      masteryScore: null,
    });
    expect(launch.entry).toBe('');
    expect(launch.cmi['cmi.core.lesson_location']).toBe('2');
  });

  it('SCORM 2004: a new attempt starts empty and ab initio, with the passing score and completion threshold', () => {
    const { cmi, entry } = launchCmi({
      ...learner,
      version: '2004',
      stored: stored({
        endedWith: 'normal',
        totalSeconds: 600,
        cmi: { 'cmi.completion_status': 'completed', 'cmi.location': '5', 'cmi.success_status': 'failed' },
      }),
      launch: { attempt: 2, kind: 'new' },
      masteryScore: 80,
      completionThreshold: 0.75,
    });
    expect(entry).toBe('ab-initio');
    expect(cmi).toEqual({
      'cmi.learner_id': '7',
      'cmi.learner_name': 'Souza, Ana',
      'cmi.entry': 'ab-initio',
      'cmi.credit': 'credit',
      'cmi.mode': 'normal',
      'cmi.total_time': 'PT0H0M0S',
      'cmi.scaled_passing_score': '0.8',
      'cmi.completion_threshold': '0.75',
    });
  });

  it('SCORM 2004: a session that never ended resumes where the content left; a review has no credit', () => {
    const open = launchCmi({
      ...learner,
      version: '2004',
      stored: stored({ cmi: { 'cmi.location': '3' } }),
      launch: { attempt: 1, kind: 'continue' },
      masteryScore: null,
    });
    expect(open.entry).toBe('resume');
    const review = launchCmi({
      ...learner,
      version: '2004',
      stored: stored({ endedWith: 'normal', cmi: { 'cmi.completion_status': 'completed' } }),
      launch: { attempt: 1, kind: 'review' },
      masteryScore: null,
    });
    expect(review).toMatchObject({ entry: '', mode: 'review' });
    expect(review.cmi).toMatchObject({
      'cmi.completion_status': 'completed',
      'cmi.mode': 'review',
      'cmi.credit': 'no-credit',
    });
  });
});

describe('attempts', () => {
  const unlimited = { maxAttempts: null, retakeAfterPass: false };
  it('only a normal exit ends an attempt: SCORM 2004 always, SCORM 1.2 once the lesson has an outcome', () => {
    expect(exitOf('1.2', { 'cmi.core.exit': 'suspend' })).toBe('suspend');
    expect(exitOf('1.2', { 'cmi.core.exit': '' })).toBe('normal');
    expect(exitOf('2004', { 'cmi.exit': 'normal' })).toBe('normal');
    expect(exitOf('2004', { 'cmi.exit': 'logout' })).toBe('normal');
    expect(exitOf('2004', { 'adl.nav.request': 'suspendAll' })).toBe('suspend');
    expect(attemptOver('2004', stored({ endedWith: 'normal' }))).toBe(true);
    expect(attemptOver('2004', stored({ endedWith: 'suspend' }))).toBe(false);
    expect(attemptOver('2004', stored({ endedWith: null }))).toBe(false);
    const v12 = (status: string) =>
      attemptOver('1.2', stored({ endedWith: 'normal', cmi: { 'cmi.core.lesson_status': status } }));
    expect(v12('incomplete')).toBe(false);
    expect(v12('failed')).toBe(true);
    expect(v12('passed')).toBe(true);
  });

  it('a new attempt when the author allows one more, a review when not', () => {
    const over = stored({ attempt: 2, endedWith: 'normal' });
    expect(nextLaunch('2004', null, unlimited, false)).toEqual({ attempt: 1, kind: 'continue' });
    expect(nextLaunch('2004', stored({ endedWith: 'suspend' }), unlimited, false)).toEqual({
      attempt: 1,
      kind: 'continue',
    });
    expect(nextLaunch('2004', over, unlimited, false)).toEqual({ attempt: 3, kind: 'new' });
    expect(nextLaunch('2004', over, { maxAttempts: 3, retakeAfterPass: false }, false)).toEqual({
      attempt: 3,
      kind: 'new',
    });
    expect(nextLaunch('2004', over, { maxAttempts: 2, retakeAfterPass: false }, false)).toEqual({
      attempt: 2,
      kind: 'review',
    });
    // A finished activity is reviewed, unless the author lets learners retake it.
    expect(nextLaunch('2004', over, unlimited, true)).toEqual({ attempt: 2, kind: 'review' });
    expect(nextLaunch('2004', over, { maxAttempts: null, retakeAfterPass: true }, true)).toEqual({
      attempt: 3,
      kind: 'new',
    });
  });
});

describe('finishDefaults (SCORM 1.2 LMSFinish without a status)', () => {
  it('completed, or passed / failed against the mastery score when there is a score', () => {
    expect(finishDefaults('1.2', {}, null)).toEqual({ 'cmi.core.lesson_status': 'completed' });
    expect(finishDefaults('1.2', { 'cmi.core.lesson_status': 'not attempted' }, 70)).toEqual({
      'cmi.core.lesson_status': 'completed',
    });
    expect(finishDefaults('1.2', { 'cmi.core.score.raw': '65' }, 70)).toEqual({
      'cmi.core.lesson_status': 'failed',
    });
    expect(finishDefaults('1.2', { 'cmi.core.score.raw': '75' }, 70)).toEqual({
      'cmi.core.lesson_status': 'passed',
    });
    // A status the content set stays; SCORM 2004 has no such default.
    expect(finishDefaults('1.2', { 'cmi.core.lesson_status': 'incomplete' }, null)).toEqual({});
    expect(finishDefaults('2004', {}, null)).toEqual({});
  });
});
