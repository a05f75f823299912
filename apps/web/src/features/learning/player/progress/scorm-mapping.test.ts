import { describe, expect, it } from 'vitest';
import { commitElements, flattenCmi, summarizeScorm } from './scorm-mapping';

describe('SCORM commit mapping', () => {
  it('flattens the runtime tree into dotted elements', () => {
    expect(
      flattenCmi({ cmi: { core: { lesson_status: 'passed', score: { raw: 80 } }, suspend_data: 'x' } }),
    ).toEqual({
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '80',
      'cmi.suspend_data': 'x',
    });
  });

  it('reads SCORM 1.2 lesson status and score', () => {
    expect(
      summarizeScorm('1.2', {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '67',
        'cmi.core.score.min': '0',
        'cmi.core.score.max': '100',
        'cmi.core.lesson_location': '4',
      }),
    ).toEqual({ completion: 'completed', success: 'passed', scorePercent: 67, location: '4' });
    expect(summarizeScorm('1.2', { 'cmi.core.lesson_status': 'failed' })).toMatchObject({
      completion: 'completed',
      success: 'failed',
      scorePercent: null,
    });
    expect(summarizeScorm('1.2', { 'cmi.core.lesson_status': 'incomplete' })).toMatchObject({
      completion: 'incomplete',
      success: 'unknown',
    });
    expect(summarizeScorm('1.2', {}).completion).toBe('not_attempted');
    // A score on another scale is brought to a percentage.
    expect(
      summarizeScorm('1.2', { 'cmi.core.score.raw': '8', 'cmi.core.score.max': '10' }).scorePercent,
    ).toBe(80);
  });

  it('reads SCORM 2004 completion, success and scaled score', () => {
    expect(
      summarizeScorm('2004', {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
        'cmi.score.scaled': '0.667',
        'cmi.score.raw': '67',
        'cmi.location': '5',
      }),
    ).toEqual({ completion: 'completed', success: 'passed', scorePercent: 66.7, location: '5' });
    expect(
      summarizeScorm('2004', {
        'cmi.completion_status': 'incomplete',
        'cmi.score.raw': '1',
        'cmi.score.max': '3',
      }),
    ).toMatchObject({ completion: 'incomplete', success: 'unknown', scorePercent: 33.3 });
    expect(summarizeScorm('2004', { 'cmi.completion_status': 'unknown' }).completion).toBe('unknown');
  });

  it('sends what the content wrote and leaves out what the server owns', () => {
    expect(
      commitElements({
        'cmi.core.student_id': '7',
        'cmi.core.student_name': 'Souza, Ana',
        'cmi.core.lesson_status': 'completed',
        'cmi.core.total_time': '00:10:00',
        'cmi.core.session_time': '00:01:00',
        'cmi.student_data.mastery_score': '60',
        'cmi.interactions._count': '0',
        'cmi.suspend_data': '{"page":3}',
        'cmi.comments': '',
      }),
    ).toEqual({
      'cmi.core.lesson_status': 'completed',
      'cmi.core.session_time': '00:01:00',
      'cmi.suspend_data': '{"page":3}',
    });
  });
});
