import { describe, expect, it } from 'vitest';
import { initialPdfState, pdfReducer, type PdfAction, type PdfState } from './pdf-progress';

function run(state: PdfState, ...actions: PdfAction[]): PdfState {
  return actions.reduce(pdfReducer, state);
}

describe('pdf progress', () => {
  it('resumes at the saved page once the document has loaded', () => {
    const state = run(initialPdfState(3), { type: 'loaded', pageCount: 4 });
    expect(state).toMatchObject({ page: 3, pageCount: 4, completed: false });
  });

  it('clamps a saved page past the end of a shorter document (and that is its last page)', () => {
    const state = run(initialPdfState(9), { type: 'loaded', pageCount: 4 });
    expect(state.page).toBe(4);
    expect(state.completed).toBe(true);
  });

  it('completes only when the last page is reached', () => {
    let state = run(initialPdfState(null), { type: 'loaded', pageCount: 3 });
    expect(state.completed).toBe(false);
    state = run(state, { type: 'next' });
    expect(state).toMatchObject({ page: 2, completed: false });
    state = run(state, { type: 'next' });
    expect(state).toMatchObject({ page: 3, completed: true });
    // Going back keeps the document completed; next on the last page stays there.
    state = run(state, { type: 'prev' }, { type: 'next' }, { type: 'next' });
    expect(state).toMatchObject({ page: 3, maxPage: 3, completed: true });
  });

  it('jumps to a typed page within bounds', () => {
    const loaded = run(initialPdfState(1), { type: 'loaded', pageCount: 10 });
    expect(run(loaded, { type: 'goto', page: 0 }).page).toBe(1);
    expect(run(loaded, { type: 'goto', page: 7 }).page).toBe(7);
    expect(run(loaded, { type: 'goto', page: 70 })).toMatchObject({ page: 10, completed: true });
  });

  it('a one-page document is complete as soon as it opens', () => {
    expect(run(initialPdfState(null), { type: 'loaded', pageCount: 1 }).completed).toBe(true);
  });

  it('zooms through fixed steps within limits', () => {
    let state = initialPdfState(1);
    state = run(state, { type: 'zoomIn' });
    expect(state.zoom).toBe(1.25);
    state = run(state, { type: 'zoomOut' }, { type: 'zoomOut' }, { type: 'zoomOut' }, { type: 'zoomOut' });
    expect(state.zoom).toBe(0.5);
    state = run(state, ...Array.from({ length: 12 }, () => ({ type: 'zoomIn' }) as const));
    expect(state.zoom).toBe(3);
  });
});
