import { describe, expect, it } from 'vitest';
import { launchCmi, scormOutcome, writableElements } from './scorm-runtime';

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
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'failed' })).toMatchObject({
      completed: false,
      success: 'failed',
      percent: 100,
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
    ).toMatchObject({ completed: false, success: 'failed', percent: 100 });
  });

  it('takes the percent from progress_measure until done, and ignores the mastery score', () => {
    const progress = (measure: string) =>
      scormOutcome('2004', { 'cmi.completion_status': 'incomplete', 'cmi.progress_measure': measure }, 80)
        .percent;
    expect(progress('0.456')).toBe(45);
    expect(progress('1.7')).toBe(100);
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

describe('launchCmi', () => {
  it('SCORM 1.2: resumes saved data with the LMS values, not the ones the content stored', () => {
    const { cmi, entry } = launchCmi({
      version: '1.2',
      learnerId: '7',
      learnerName: 'Souza, Ana',
      saved: {
        'cmi.core.lesson_location': '3',
        'cmi.core.exit': 'suspend',
        'cmi.core.session_time': '00:01:00',
        'cmi.core.student_id': 'forged',
      },
      masteryScore: 70,
      launchData: 'lesson=1',
    });
    expect(entry).toBe('resume');
    expect(cmi).toEqual({
      'cmi.core.lesson_location': '3',
      'cmi.core.student_id': '7',
      'cmi.core.student_name': 'Souza, Ana',
      'cmi.core.entry': 'resume',
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_mode': 'normal',
      'cmi.student_data.mastery_score': '70',
      'cmi.launch_data': 'lesson=1',
    });
  });

  it('SCORM 2004: starts ab initio without a bookmark or suspend data', () => {
    const { cmi, entry } = launchCmi({
      version: '2004',
      learnerId: '7',
      learnerName: 'Souza, Ana',
      saved: { 'cmi.completion_status': 'incomplete', 'cmi.scaled_passing_score': '0' },
      masteryScore: 80,
      launchData: null,
    });
    expect(entry).toBe('ab-initio');
    expect(cmi).toEqual({
      'cmi.completion_status': 'incomplete',
      'cmi.learner_id': '7',
      'cmi.learner_name': 'Souza, Ana',
      'cmi.entry': 'ab-initio',
      'cmi.credit': 'credit',
      'cmi.mode': 'normal',
      'cmi.scaled_passing_score': '0.8',
    });
  });
});
