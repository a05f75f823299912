/**
 * What `react` resolves to in the built app (see `reactAliases` in vite.config.ts): Preact's compatibility
 * layer, plus the one React 19 export it lacks that a library here uses. Plain JavaScript: the app's code
 * is type-checked against React's own types.
 */
import { createElement } from 'preact';
import compat from 'preact/compat';

export * from 'preact/compat';
export default compat;

/**
 * React's `<Activity>`: the children stay mounted (their state kept) and are hidden while `mode` is
 * `hidden`. Mantine uses it for panels and transitions that keep their content mounted. The wrapper
 * takes no box of its own while visible (`display: contents`), so layout is unchanged.
 *
 * @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
