import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { RouteErrorBoundary } from './pages/route-error-boundary';

/** Spec sections 7 and 9: page script chunks load lazily with a 120-second time-out. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded (network failure, a deploy removed the chunk, or the time-out). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Page did not load within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof ChunkLoadError
            ? error
            : new ChunkLoadError('Page failed to load', { cause: error }),
        );
      },
    );
  });
}

export interface PageModule {
  default: ComponentType;
}

/**
 * A route's page as its own lazily loaded chunk. A failed or timed-out load raises a ChunkLoadError that the
 * route's own error boundary turns into the "Could not load this page — Reload" screen, inside the
 * surrounding layout.
 */
export function lazyPage(
  load: () => Promise<PageModule>,
  timeoutMs: number = PAGE_LOAD_TIMEOUT_MS,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> {
  const lazy: LazyRouteFunction<RouteObject> = async () => {
    const module = await withTimeout(load(), timeoutMs);
    return { Component: module.default };
  };
  return { lazy, ErrorBoundary: RouteErrorBoundary };
}
