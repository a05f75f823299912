import { ActionIcon, Box, Button, Group, Loader, NumberInput, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialPdfState, pdfReducer } from '../progress/pdf-progress';
import { openPdf } from './pdf-engine';

export interface PdfReport {
  page: number;
  pageCount: number;
  completed: boolean;
}

export interface PdfPlayerProps {
  src: string;
  title: string;
  headers?: Record<string, string>;
  savedPage?: number | null;
  completed?: boolean;
  onReport: (report: PdfReport) => Promise<unknown>;
  onError?: () => void;
}

/** PDF reader: one page at a time on a canvas, page navigation, zoom; done when the last page is shown. */
export function PdfPlayer({ src, title, headers, savedPage, completed, onReport, onError }: PdfPlayerProps) {
  const { t } = useTranslation('learning');
  const [state, dispatch] = useReducer(pdfReducer, initialPdfState(savedPage, completed));
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [rendering, setRendering] = useState(true);
  const [width, setWidth] = useState(0);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const onReportRef = useRef(onReport);
  const lastReported = useRef('');
  const headersKey = JSON.stringify(headers ?? {});

  useEffect(() => {
    onReportRef.current = onReport;
  }, [onReport]);

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    openPdf(src, JSON.parse(headersKey) as Record<string, string>).then(
      (pdf) => {
        opened = pdf;
        if (cancelled) {
          void pdf.loadingTask.destroy();
          return;
        }
        setDoc(pdf);
        dispatch({ type: 'loaded', pageCount: pdf.numPages });
      },
      () => {
        if (!cancelled) {
          setFailed(true);
          onError?.();
        }
      },
    );
    return () => {
      cancelled = true;
      void opened?.loadingTask.destroy();
    };
  }, [src, headersKey, onError]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!doc || !canvasRef.current || width === 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    const canvas = canvasRef.current;
    setRendering(true);
    void doc.getPage(state.page).then((page) => {
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      // Zoom 100 % fits the width of the reader; the canvas keeps the screen's pixel density.
      const scale = (width / base.width) * state.zoom;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = page.render({
        canvas,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      task.promise.then(
        () => !cancelled && setRendering(false),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, state.page, state.zoom, width]);

  useEffect(() => {
    if (state.pageCount === 0) return;
    const key = `${state.page}/${state.pageCount}/${state.completed}`;
    if (key === lastReported.current) return;
    lastReported.current = key;
    void onReportRef
      .current({ page: state.page, pageCount: state.pageCount, completed: state.completed })
      .catch(() => {
        lastReported.current = '';
      });
  }, [state.page, state.pageCount, state.completed]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'PageDown') {
      event.preventDefault();
      dispatch({ type: 'next' });
    } else if (event.key === 'ArrowLeft' || event.key === 'PageUp') {
      event.preventDefault();
      dispatch({ type: 'prev' });
    }
  };

  if (failed) return null;
  const loading = !doc;
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" gap="xs" p="xs" bg="gray.0" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <Tooltip label={t('pdf.previous')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => dispatch({ type: 'prev' })}
              disabled={loading || state.page <= 1}
              aria-label={t('pdf.previous')}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <NumberInput
            aria-label={t('pdf.pageInput')}
            value={state.page}
            min={1}
            max={Math.max(1, state.pageCount)}
            onChange={(value) => typeof value === 'number' && dispatch({ type: 'goto', page: value })}
            w={64}
            hideControls
            disabled={loading}
            data-testid="pdf-page-input"
          />
          <Text fz="sm" c="dimmed" data-testid="pdf-page-indicator" aria-live="polite">
            {t('pdf.pageOf', { page: state.page, count: state.pageCount || '…' })}
          </Text>
          <Tooltip label={t('pdf.next')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => dispatch({ type: 'next' })}
              disabled={loading || state.page >= state.pageCount}
              aria-label={t('pdf.next')}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={6} wrap="nowrap">
          {state.completed ? (
            <Group gap={4} c="teal.9" data-testid="pdf-completed">
              <IconCircleCheck size={18} aria-hidden />
              <Text fz="sm" fw={500}>
                {t('pdf.read')}
              </Text>
            </Group>
          ) : null}
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => dispatch({ type: 'zoomOut' })}
            disabled={state.zoom <= 0.5}
            aria-label={t('pdf.zoomOut')}
          >
            <IconZoomOut size={18} aria-hidden />
          </ActionIcon>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => dispatch({ type: 'zoom', zoom: 1 })}
            aria-label={`${Math.round(state.zoom * 100)}% · ${t('pdf.zoomReset')}`}
          >
            {Math.round(state.zoom * 100)}%
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => dispatch({ type: 'zoomIn' })}
            disabled={state.zoom >= 3}
            aria-label={t('pdf.zoomIn')}
          >
            <IconZoomIn size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Box
        ref={boxRef}
        pos="relative"
        bg="gray.2"
        tabIndex={0}
        onKeyDown={onKeyDown}
        role="region"
        aria-label={t('pdf.document', { title })}
        style={{ overflow: 'auto', maxHeight: '75vh', minHeight: 240 }}
      >
        {loading || rendering ? (
          <Group justify="center" p="xl" pos="absolute" top={0} left={0} right={0}>
            {/* A named status: a span may not carry aria-label without a role (axe aria-prohibited-attr). */}
            <Loader size="sm" role="status" aria-label={t('pdf.loading')} />
          </Group>
        ) : null}
        <canvas ref={canvasRef} data-testid="pdf-canvas" style={{ display: 'block', margin: '0 auto' }} />
      </Box>
    </Paper>
  );
}
