import type { IHttpService } from 'scorm-again';
import { flattenCmi, type FlatCmi, type ScormVersion } from '../progress/scorm-mapping';

export interface ScormRuntime {
  /** Current runtime data, flattened. */
  snapshot(): FlatCmi;
  /** Ends the session if the content did not (leaving the player). */
  finish(): void;
  /** Removes window.API / window.API_1484_11. */
  detach(): void;
  on(event: string, callback: (...args: unknown[]) => void): void;
  /**
   * Runs one call relayed from the package's frame (scorm-bridge.ts) and answers the runtime's error
   * code; for a refused SetValue, also the value the runtime keeps.
   */
  relay(call: BridgeCall, name?: string, value?: string): { error: string; value?: string };
}

/** The calls the content origin's bridge relays; GetValue and the error calls are answered in the frame. */
export type BridgeCall = 'Initialize' | 'SetValue' | 'Commit' | 'Terminate';

interface RuntimeOptions {
  version: ScormVersion;
  initial: FlatCmi;
  /** Every commit the content makes (and the periodic autocommits), flattened. */
  commit: (cmi: FlatCmi, terminate: boolean) => Promise<unknown>;
  autocommitSeconds?: number;
}

/** The package's type declarations name a default export; its ES build exports the class by name. */
function pick<T>(module: { default: T }, name: string): T {
  return (module as unknown as Record<string, T | undefined>)[name] ?? module.default;
}

type ApiWindow = Window & { API?: unknown; API_1484_11?: unknown };

/**
 * The SCORM runtime in the parent window, where the package looks for it (it walks window.parent):
 * scorm-again's Scorm12API as `window.API`, Scorm2004API as `window.API_1484_11`. Commits go to the API
 * through an http service of our own, so they carry the session's bearer token and its refresh logic.
 */
export async function attachScormRuntime(options: RuntimeOptions): Promise<ScormRuntime> {
  // Commits go out one after another, so the server always ends with the latest state.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (cmi: FlatCmi, terminate: boolean) => {
    const next = queue.then(() => options.commit(cmi, terminate));
    queue = next.catch(() => undefined);
    return next;
  };
  const httpService: IHttpService = {
    reportsRequestCompletion: true,
    processHttpRequest(_url, params, immediate, _log, processListeners, _metadata, onRequestComplete) {
      void enqueue(flattenCmi(params), immediate)
        .then(
          () => processListeners('CommitSuccess'),
          () => processListeners('CommitError', undefined, 101),
        )
        .finally(() => onRequestComplete?.());
      return { result: 'true', errorCode: 0 };
    },
    updateSettings() {},
  };
  const settings = {
    autocommit: true,
    autocommitSeconds: options.autocommitSeconds ?? 10,
    // Any string: commits are handed to the http service above, which knows the real route.
    lmsCommitUrl: '/api/learning/scorm-commit',
    sendFullCommit: true,
    logLevel: 'ERROR' as const,
  };
  const win = window as ApiWindow;
  if (options.version === '1.2') {
    const Scorm12API = pick(await import('scorm-again/scorm12'), 'Scorm12API');
    const api = new Scorm12API(settings, httpService);
    api.loadFromFlattenedJSON(options.initial, '');
    win.API = api;
    return {
      snapshot: () => flattenCmi(api.renderCommitCMI(false)),
      finish: () => {
        if (api.isInitialized()) api.LMSFinish('');
      },
      detach: () => {
        if (win.API === api) delete win.API;
      },
      on: (event, callback) => api.on(event, callback),
      relay: (call, name = '', value = '') => {
        if (call === 'Initialize') api.LMSInitialize('');
        else if (call === 'Commit') api.LMSCommit('');
        else if (call === 'Terminate') api.LMSFinish('');
        else if (String(api.LMSSetValue(name, value)) !== 'true') {
          const error = String(api.LMSGetLastError());
          return { error, value: String(api.LMSGetValue(name) ?? '') };
        }
        return { error: String(api.LMSGetLastError()) };
      },
    };
  }
  const Scorm2004API = pick(await import('scorm-again/scorm2004'), 'Scorm2004API');
  const api = new Scorm2004API(settings, httpService);
  api.loadFromFlattenedJSON(options.initial, '');
  win.API_1484_11 = api;
  return {
    snapshot: () => flattenCmi(api.renderCommitCMI(false)),
    finish: () => {
      if (api.isInitialized()) api.Terminate('');
    },
    detach: () => {
      if (win.API_1484_11 === api) delete win.API_1484_11;
    },
    on: (event, callback) => api.on(event, callback),
    relay: (call, name = '', value = '') => {
      if (call === 'Initialize') api.Initialize('');
      else if (call === 'Commit') api.Commit('');
      else if (call === 'Terminate') api.Terminate('');
      else if (String(api.SetValue(name, value)) !== 'true') {
        const error = String(api.GetLastError());
        return { error, value: String(api.GetValue(name) ?? '') };
      }
      return { error: String(api.GetLastError()) };
    },
  };
}
