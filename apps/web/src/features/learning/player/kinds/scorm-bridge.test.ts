import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectScormFrame, scormFrameName, scormSandbox } from './scorm-bridge';
import { attachScormRuntime, type ScormRuntime } from './scorm-runtime';

const CONTENT = 'http://127.0.0.1:3001';
const APP = 'http://localhost:3000';

let runtime: ScormRuntime | null = null;
let disconnect: (() => void) | null = null;
afterEach(() => {
  disconnect?.();
  runtime?.detach();
  runtime = null;
  document.body.innerHTML = '';
});

async function setup() {
  const commits: Record<string, string>[] = [];
  runtime = await attachScormRuntime({
    version: '1.2',
    initial: { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.student_id': '7' },
    commit: async (cmi) => {
      commits.push(cmi);
    },
    autocommitSeconds: 3600,
  });
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const source = frame.contentWindow!;
  const answers = vi.spyOn(source, 'postMessage').mockImplementation(() => undefined);
  disconnect = connectScormFrame({ frame: () => frame, contentOrigin: CONTENT, runtime });
  const send = (data: unknown, from: { origin?: string; source?: Window | null } = {}) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: from.origin ?? CONTENT,
        source: from.source === undefined ? source : from.source,
      }),
    );
  return { commits, answers, send };
}

describe('SCORM bridge (app side)', () => {
  it('runs the calls of the package frame on the runtime and answers each to the content origin', async () => {
    const { commits, answers, send } = await setup();
    send({ type: 'trilha-scorm', call: 'Initialize', seq: 1 });
    send({ type: 'trilha-scorm', call: 'SetValue', name: 'cmi.core.score.raw', value: '80', seq: 2 });
    send({ type: 'trilha-scorm', call: 'SetValue', name: 'cmi.core.lesson_status', value: 'passed', seq: 3 });
    send({ type: 'trilha-scorm', call: 'Commit', seq: 4 });
    expect(runtime!.snapshot()).toMatchObject({
      'cmi.core.score.raw': '80',
      'cmi.core.lesson_status': 'passed',
    });
    await vi.waitFor(() => expect(commits.length).toBe(1));
    expect(commits[0]).toMatchObject({ 'cmi.core.lesson_status': 'passed' });
    expect(answers).toHaveBeenCalledWith({ type: 'trilha-scorm-result', seq: 2, error: '0' }, CONTENT);

    // A value the runtime refuses (read-only) answers its error and the value it keeps.
    send({ type: 'trilha-scorm', call: 'SetValue', name: 'cmi.core.student_id', value: 'admin', seq: 5 });
    expect(answers).toHaveBeenLastCalledWith(
      { type: 'trilha-scorm-result', seq: 5, error: '403', value: '7' },
      CONTENT,
    );
  });

  it('ignores messages from another origin, another window or of another shape', async () => {
    const { answers, send } = await setup();
    send({ type: 'trilha-scorm', call: 'Initialize', seq: 1 }, { origin: APP });
    send({ type: 'trilha-scorm', call: 'Initialize', seq: 1 }, { origin: 'null' });
    send({ type: 'trilha-scorm', call: 'Initialize', seq: 1 }, { source: window });
    send({ type: 'trilha-scorm', call: 'GetValue', name: 'cmi.core.student_id', seq: 1 });
    send({ type: 'trilha-scorm', call: 'SetValue', name: {}, seq: 1 });
    send('Initialize');
    expect(answers).not.toHaveBeenCalled();
    send({ type: 'trilha-scorm', call: 'Initialize', seq: 9 });
    expect(answers).toHaveBeenCalledTimes(1);
  });

  it('seeds the frame by its name and keeps the app origin out of the frame', () => {
    const name = scormFrameName('2004', { 'cmi.location': '3' }, APP);
    expect(name.startsWith('trilha-scorm:')).toBe(true);
    expect(JSON.parse(name.slice('trilha-scorm:'.length))).toEqual({
      version: '2004',
      cmi: { 'cmi.location': '3' },
      origin: APP,
    });
    expect(scormSandbox(`${CONTENT}/api/learning/content/t/index.html`, APP)).toBe(
      'allow-scripts allow-same-origin allow-forms allow-modals',
    );
    // Never the app's own origin with allow-same-origin, whatever the server answers.
    expect(scormSandbox('/api/learning/content/t/index.html', APP)).toBe(
      'allow-scripts allow-forms allow-modals',
    );
  });
});
