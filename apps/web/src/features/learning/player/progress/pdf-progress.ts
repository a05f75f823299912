/** Page navigation state of the PDF player: resume at the saved page, completion on the last page. */

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export interface PdfState {
  page: number;
  pageCount: number;
  /** Furthest page reached. */
  maxPage: number;
  completed: boolean;
  zoom: number;
}

export type PdfAction =
  | { type: 'loaded'; pageCount: number }
  | { type: 'goto'; page: number }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'zoom'; zoom: number };

function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.round(page)), Math.max(1, pageCount));
}

/** Before the document loads: the saved page is kept as is, clamped once the page count is known. */
export function initialPdfState(savedPage: number | null | undefined, completed = false): PdfState {
  const page = savedPage && savedPage > 0 ? Math.round(savedPage) : 1;
  return { page, pageCount: 0, maxPage: page, completed, zoom: 1 };
}

function visit(state: PdfState, page: number): PdfState {
  const next = clampPage(page, state.pageCount || page);
  const maxPage = Math.max(state.maxPage, next);
  return {
    ...state,
    page: next,
    maxPage,
    completed: state.completed || (state.pageCount > 0 && next >= state.pageCount),
  };
}

function zoomStep(zoom: number, direction: 1 | -1): number {
  const index = ZOOM_STEPS.findIndex((step) => step >= zoom - 1e-6);
  const current = index === -1 ? ZOOM_STEPS.length - 1 : index;
  const target =
    direction === 1 && ZOOM_STEPS[current] !== undefined && ZOOM_STEPS[current] > zoom + 1e-6
      ? current
      : current + direction;
  return ZOOM_STEPS[Math.min(Math.max(target, 0), ZOOM_STEPS.length - 1)] ?? 1;
}

export function pdfReducer(state: PdfState, action: PdfAction): PdfState {
  switch (action.type) {
    case 'loaded':
      return visit({ ...state, pageCount: action.pageCount }, state.page);
    case 'goto':
      return visit(state, action.page);
    case 'next':
      return visit(state, state.page + 1);
    case 'prev':
      return visit(state, state.page - 1);
    case 'zoomIn':
      return { ...state, zoom: zoomStep(state.zoom, 1) };
    case 'zoomOut':
      return { ...state, zoom: zoomStep(state.zoom, -1) };
    case 'zoom':
      return { ...state, zoom: Math.min(3, Math.max(0.5, action.zoom)) };
  }
}
