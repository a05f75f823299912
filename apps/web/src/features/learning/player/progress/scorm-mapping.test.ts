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

  // The reading itself (statuses, scaled / raw scores, garbage) is tested in @trilha/domain/scorm.
  it('summarizes SCORM 1.2 and 2004 runtime data for the status badges', () => {
    expect(
      summarizeScorm('1.2', {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '8',
        'cmi.core.score.max': '10',
        'cmi.core.lesson_location': '4',
      }),
    ).toEqual({ completion: 'completed', success: 'passed', scorePercent: 80, location: '4' });
    expect(
      summarizeScorm('2004', {
        'cmi.completion_status': 'incomplete',
        'cmi.score.scaled': '0.667',
        'cmi.location': '5',
      }),
    ).toEqual({ completion: 'incomplete', success: 'unknown', scorePercent: 66.7, location: '5' });
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
        'cmi.learner_id': '7',
        'cmi.scaled_passing_score': '0.8',
        'cmi.location': '5',
      }),
    ).toEqual({
      'cmi.core.lesson_status': 'completed',
      'cmi.core.session_time': '00:01:00',
      'cmi.suspend_data': '{"page":3}',
      'cmi.location': '5',
    });
  });
});
