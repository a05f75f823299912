import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js, loaded on demand with its worker as a same-origin file (Vite `?url`): the CSP allows
 * worker-src 'self' blob: and no wasm-unsafe-eval, so WebAssembly decoding is switched off.
 */
export async function openPdf(src: string, headers?: Record<string, string>): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({
    url: src,
    httpHeaders: headers,
    useWasm: false,
    enableXfa: false,
  }).promise;
}
