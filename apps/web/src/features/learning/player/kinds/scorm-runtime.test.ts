import { afterEach, describe, expect, it, vi } from 'vitest';
import { commitElements, summarizeScorm, type FlatCmi } from '../progress/scorm-mapping';
import { attachScormRuntime, type ScormRuntime } from './scorm-runtime';

type Api12 = {
  LMSInitialize(p: string): string;
  LMSSetValue(k: string, v: string): string;
  LMSGetValue(k: string): string;
  LMSCommit(p: string): string;
  LMSFinish(p: string): string;
};
type Api2004 = {
  Initialize(p: string): string;
  SetValue(k: string, v: string): string;
  GetValue(k: string): string;
  Commit(p: string): string;
  Terminate(p: string): string;
};

let runtime: ScormRuntime | null = null;
afterEach(() => {
  runtime?.detach();
  runtime = null;
});

function recorder() {
  const commits: { cmi: FlatCmi; terminate: boolean }[] = [];
  const commit = vi.fn(async (cmi: FlatCmi, terminate: boolean) => {
    commits.push({ cmi, terminate });
  });
  return { commits, commit };
}

describe('SCORM runtime in the player', () => {
  it('SCORM 1.2: window.API resumes saved data and each commit carries what the lesson wrote', async () => {
    const { commits, commit } = recorder();
    runtime = await attachScormRuntime({
      version: '1.2',
      initial: {
        'cmi.core.lesson_location': '2',
        'cmi.suspend_data': 'p=2',
        'cmi.core.entry': 'resume',
        'cmi.core.lesson_status': 'incomplete',
        'cmi.student_data.mastery_score': '60',
      },
      commit,
    });
    const api = (window as unknown as { API: Api12 }).API;
    expect(api.LMSInitialize('')).toBe('true');
    expect(api.LMSGetValue('cmi.core.lesson_location')).toBe('2');
    expect(api.LMSGetValue('cmi.core.entry')).toBe('resume');
    api.LMSSetValue('cmi.core.lesson_location', '4');
    api.LMSSetValue('cmi.core.score.raw', '67');
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSCommit('');
    await vi.waitFor(() => expect(commits).toHaveLength(1));
    const sent = commitElements(commits[0]!.cmi);
    expect(sent).toMatchObject({
      'cmi.core.lesson_location': '4',
      'cmi.core.score.raw': '67',
      'cmi.core.lesson_status': 'passed',
    });
    expect(sent['cmi.student_data.mastery_score']).toBeUndefined();
    expect(summarizeScorm('1.2', commits[0]!.cmi)).toMatchObject({
      completion: 'completed',
      success: 'passed',
      scorePercent: 67,
    });
    api.LMSFinish('');
    await vi.waitFor(() => expect(commits.at(-1)?.terminate).toBe(true));
  });

  it('SCORM 2004: window.API_1484_11, commits in order, terminate marked', async () => {
    const { commits, commit } = recorder();
    runtime = await attachScormRuntime({ version: '2004', initial: { 'cmi.location': '1' }, commit });
    const api = (window as unknown as { API_1484_11: Api2004 }).API_1484_11;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.location')).toBe('1');
    api.SetValue('cmi.location', '2');
    api.Commit('');
    api.SetValue('cmi.location', '3');
    api.SetValue('cmi.completion_status', 'completed');
    api.SetValue('cmi.success_status', 'passed');
    api.SetValue('cmi.score.scaled', '1');
    api.Commit('');
    api.Terminate('');
    await vi.waitFor(() => expect(commits).toHaveLength(3));
    expect(commits.map((c) => c.cmi['cmi.location'])).toEqual(['2', '3', '3']);
    expect(commits.map((c) => c.terminate)).toEqual([false, false, true]);
    expect(summarizeScorm('2004', commits[2]!.cmi)).toMatchObject({
      completion: 'completed',
      success: 'passed',
      scorePercent: 100,
    });
  });

  it('hands the package what the server supplies: entry, review mode, total time and passing rules', async () => {
    runtime = await attachScormRuntime({
      version: '1.2',
      initial: {
        'cmi.core.entry': '',
        'cmi.core.lesson_mode': 'review',
        'cmi.core.credit': 'no-credit',
        'cmi.core.total_time': '0000:03:30.00',
        'cmi.core.lesson_status': 'passed',
      },
      commit: async () => undefined,
    });
    const v12 = (window as unknown as { API: Api12 }).API;
    expect(v12.LMSInitialize('')).toBe('true');
    expect(v12.LMSGetValue('cmi.core.entry')).toBe('');
    expect(v12.LMSGetValue('cmi.core.lesson_mode')).toBe('review');
    expect(v12.LMSGetValue('cmi.core.credit')).toBe('no-credit');
    // The runtime reads the LMS's HHHH:MM:SS.SS and answers it in its own short form.
    expect(v12.LMSGetValue('cmi.core.total_time')).toBe('00:03:30');
    runtime.detach();

    runtime = await attachScormRuntime({
      version: '2004',
      initial: {
        'cmi.entry': 'ab-initio',
        'cmi.mode': 'normal',
        'cmi.total_time': 'PT0H1M30S',
        'cmi.scaled_passing_score': '0.6',
        'cmi.completion_threshold': '0.8',
      },
      commit: async () => undefined,
    });
    const v2004 = (window as unknown as { API_1484_11: Api2004 }).API_1484_11;
    expect(v2004.Initialize('')).toBe('true');
    expect(v2004.GetValue('cmi.entry')).toBe('ab-initio');
    expect(v2004.GetValue('cmi.total_time')).toBe('PT0H1M30S');
    expect(Number(v2004.GetValue('cmi.scaled_passing_score'))).toBe(0.6);
    expect(Number(v2004.GetValue('cmi.completion_threshold'))).toBe(0.8);
  });

  it('detaches from the window when the player closes', async () => {
    runtime = await attachScormRuntime({ version: '2004', initial: {}, commit: async () => undefined });
    expect((window as unknown as { API_1484_11?: unknown }).API_1484_11).toBeDefined();
    runtime.detach();
    expect((window as unknown as { API_1484_11?: unknown }).API_1484_11).toBeUndefined();
  });
});
