import type { FlatCmi, ScormVersion } from '../progress/scorm-mapping';
import type { BridgeCall, ScormRuntime } from './scorm-runtime';

/**
 * The app's half of the SCORM bridge. The package runs in a frame of the content origin, which cannot
 * reach this window; the content origin loads a bridge into each of its pages (the API's
 * scorm/scorm-bridge.ts) that offers `API` / `API_1484_11`, answers reads from data seeded here and relays
 * every other call by postMessage. Only messages from that frame's window and the content origin are
 * run; each gets an answer (the runtime's error code) sent back to that origin only.
 */

const PREFIX = 'trilha-scorm:';
const calls: readonly BridgeCall[] = ['Initialize', 'SetValue', 'Commit', 'Terminate'];

/**
 * The frame's name, which seeds the bridge synchronously: the runtime data at launch and the origin it
 * must send its messages to (this window's).
 */
export function scormFrameName(version: ScormVersion, cmi: FlatCmi, appOrigin: string): string {
  return PREFIX + JSON.stringify({ version, cmi, origin: appOrigin });
}

/**
 * The sandbox of a package's frame: its own origin only when that origin is not the app's. The browser's
 * dialogs (`alert`, `confirm`: "resume where you left?") are allowed; pop-ups and top navigation are not.
 */
export function scormSandbox(launchUrl: string, appOrigin: string): string {
  const crossOrigin = new URL(launchUrl, appOrigin).origin !== appOrigin;
  return crossOrigin
    ? 'allow-scripts allow-same-origin allow-forms allow-modals'
    : 'allow-scripts allow-forms allow-modals';
}

interface BridgeMessage {
  type: 'trilha-scorm';
  call: BridgeCall;
  name?: string;
  value?: string;
  seq: number;
}

function isBridgeMessage(data: unknown): data is BridgeMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m['type'] === 'trilha-scorm' &&
    calls.includes(m['call'] as BridgeCall) &&
    typeof m['seq'] === 'number' &&
    (m['name'] === undefined || typeof m['name'] === 'string') &&
    (m['value'] === undefined || typeof m['value'] === 'string')
  );
}

/** Relays the frame's calls to the runtime until the returned function is called. */
export function connectScormFrame(opts: {
  /** The package's frame (read on each message: the element may be replaced). */
  frame: () => HTMLIFrameElement | null;
  /** The content origin the package is served from. */
  contentOrigin: string;
  runtime: ScormRuntime;
  target?: Window;
}): () => void {
  const target = opts.target ?? window;
  const onMessage = (event: MessageEvent) => {
    const source = opts.frame()?.contentWindow;
    if (!source || event.source !== source || event.origin !== opts.contentOrigin) return;
    if (!isBridgeMessage(event.data)) return;
    const { call, name, value, seq } = event.data;
    let answer: { error: string; value?: string };
    try {
      answer = opts.runtime.relay(call, name, value);
    } catch {
      answer = { error: '101' };
    }
    source.postMessage({ type: 'trilha-scorm-result', seq, ...answer }, opts.contentOrigin);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
