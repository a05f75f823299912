import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { ChunkErrorScreen } from './pages/chunk-error-screen';
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
 * A route's page as its own lazily loaded chunk. A failed or timed-out load raises a ChunkLoadError, which
 * is reported and answered with the "Could not load this page — Reload" screen in place of the page,
 * inside the surrounding layout.
 *
 * The failure becomes the route's component rather than a thrown error on purpose: React Router keeps a
 * route whose `lazy` rejected in its "still loading" state and renders nothing for it, not its boundary.
 * Other errors of the route (its loader, its rendering) go to the route's error boundary.
 */
export function lazyPage(
  load: () => Promise<PageModule>,
  timeoutMs: number = PAGE_LOAD_TIMEOUT_MS,
  /** What else the page needs before it shows (its catalogs), fetched alongside its chunk. */
  needs?: () => Promise<unknown>,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> {
  const lazy: LazyRouteFunction<RouteObject> = async () => {
    try {
      const [module] = await withTimeout(Promise.all([load(), needs?.()]), timeoutMs);
      return { Component: module.default };
    } catch (error) {
      console.error(error);
      return { Component: ChunkErrorScreen };
    }
  };
  return { lazy, ErrorBoundary: RouteErrorBoundary };
}

/**
 * A layout route's component as its own chunk (the app shell, the player frame), fetched by the router in
 * parallel with the loaders of the first screen that needs it, so the login screen never downloads it.
 * A failed or timed-out load shows the same "Reload" screen as a page.
 */
export function lazyLayout(
  load: () => Promise<ComponentType>,
  timeoutMs: number = PAGE_LOAD_TIMEOUT_MS,
): Pick<RouteObject, 'lazy'> {
  const lazy: LazyRouteFunction<RouteObject> = async () => {
    try {
      return { Component: await withTimeout(load(), timeoutMs) };
    } catch (error) {
      console.error(error);
      return { Component: ChunkErrorScreen };
    }
  };
  return { lazy };
}
