import { describe, expect, it } from 'vitest';
import { SCORM_BRIDGE_SOURCE } from './scorm-bridge';

const APP = 'http://localhost:3000';

type Api = Record<string, (...args: string[]) => string>;
interface FakeWindow {
  name: string;
  parent: { postMessage: (data: unknown, origin: string) => void };
  API?: Api;
  API_1484_11?: Api;
  addEventListener: (type: string, fn: (event: unknown) => void) => void;
}

/** Runs the bridge in a window of the content origin framed by the app. */
function frame(version: '1.2' | '2004', cmi: Record<string, string>, name?: string) {
  const posted: { data: Record<string, unknown>; origin: string }[] = [];
  let listener: ((event: unknown) => void) | null = null;
  const parent = {
    postMessage: (data: unknown, origin: string) => posted.push({ data: data as never, origin }),
  };
  const win: FakeWindow = {
    name: name ?? `trilha-scorm:${JSON.stringify({ version, cmi, origin: APP })}`,
    parent,
    addEventListener: (_type, fn) => {
      listener = fn;
    },
  };
  new Function('window', SCORM_BRIDGE_SOURCE)(win);
  const answer = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    listener?.({ data, origin: from.origin ?? APP, source: from.source ?? parent });
  return { win, posted, answer };
}

describe('SCORM bridge (content origin side)', () => {
  it('gives a 1.2 package window.API, answering reads from the seeded data and relaying the rest', () => {
    const { win, posted } = frame('1.2', {
      'cmi.core.lesson_location': '3',
      'cmi.core.student_name': 'Silva, Ana',
      'cmi.interactions.0.id': 'q1',
      'cmi.interactions.1.id': 'q2',
    });
    const api = win.API!;
    expect(api['LMSGetValue']!('cmi.core.lesson_location')).toBe('');
    expect(api['LMSGetLastError']!()).toBe('301');
    expect(api['LMSInitialize']!('')).toBe('true');
    expect(api['LMSGetValue']!('cmi.core.lesson_location')).toBe('3');
    expect(api['LMSGetValue']!('cmi.core.student_name')).toBe('Silva, Ana');
    expect(api['LMSGetValue']!('cmi.interactions._count')).toBe('2');
    expect(api['LMSGetValue']!('cmi.core.score._children')).toBe('raw,min,max');
    expect(api['LMSSetValue']!('cmi.core.lesson_location', '4')).toBe('true');
    expect(api['LMSGetValue']!('cmi.core.lesson_location')).toBe('4');
    expect(api['LMSCommit']!('')).toBe('true');
    expect(api['LMSFinish']!('')).toBe('true');
    expect(api['LMSSetValue']!('cmi.core.lesson_location', '5')).toBe('false');
    expect(posted.map((p) => p.data['call'])).toEqual(['Initialize', 'SetValue', 'Commit', 'Terminate']);
    expect(posted[1]!.data).toMatchObject({ name: 'cmi.core.lesson_location', value: '4' });
    // Only to the app's origin, never '*'.
    expect(new Set(posted.map((p) => p.origin))).toEqual(new Set([APP]));
    // A later page of the package in the same frame starts from the latest values.
    expect(JSON.parse(win.name.slice('trilha-scorm:'.length)).cmi['cmi.core.lesson_location']).toBe('4');
  });

  it('gives a 2004 package API_1484_11 and takes back what the runtime refused, from the app only', () => {
    const { win, posted, answer } = frame('2004', { 'cmi.learner_id': '7' });
    const api = win.API_1484_11!;
    expect(win.API).toBeUndefined();
    expect(api['Initialize']!('')).toBe('true');
    expect(api['Initialize']!('')).toBe('false');
    expect(api['GetLastError']!()).toBe('103');
    expect(api['SetValue']!('cmi.learner_id', 'admin')).toBe('true');
    const seq = posted.at(-1)!.data['seq'];
    // An answer from anywhere but the app's window and origin is ignored.
    answer(
      { type: 'trilha-scorm-result', seq, error: '404', value: 'x' },
      { origin: 'https://evil.example' },
    );
    answer({ type: 'trilha-scorm-result', seq, error: '404', value: 'x' }, { source: {} });
    expect(api['GetValue']!('cmi.learner_id')).toBe('admin');
    answer({ type: 'trilha-scorm-result', seq, error: '404', value: '7' });
    expect(api['GetLastError']!()).toBe('404');
    expect(api['GetValue']!('cmi.learner_id')).toBe('7');
  });

  it('stays out of the way of a page not launched by the player', () => {
    const { win } = frame('1.2', {}, 'some-other-name');
    expect(win.API).toBeUndefined();
    expect(win.API_1484_11).toBeUndefined();
  });
});
