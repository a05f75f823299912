import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { sessionResponse } from '@trilha/contracts/session';
import { useCommonStore } from '../../../lib/session-store';

export interface UploadOptions<T> {
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (share: number) => void;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

function send<T>(
  url: string,
  file: File,
  token: string | null,
  options: UploadOptions<T>,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const language = document.documentElement.lang;
    if (language) xhr.setRequestHeader('Accept-Language', language);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function toError(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: string; message?: string; details?: unknown } } | undefined)
    ?.error;
  return new ApiError(
    status,
    typeof error?.code === 'string' ? error.code : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
    error?.message ?? '',
    error?.details,
  );
}

/**
 * Multipart upload of one file (`file` field) with real progress: XMLHttpRequest reports the bytes sent,
 * which fetch cannot. It sends the same bearer token as the API client; after a 401 a cheap API call lets
 * the client refresh the session, and the upload is sent once more.
 */
export async function uploadFile<T>(url: string, file: File, options: UploadOptions<T>): Promise<T> {
  let result = await send(url, file, useCommonStore.getState().accessToken, options);
  if (result.status === 401) {
    await apiRequest('/api/session', { schema: sessionResponse });
    options.onProgress?.(0);
    result = await send(url, file, useCommonStore.getState().accessToken, options);
  }
  if (result.status < 200 || result.status >= 300) throw toError(result.status, result.body);
  const parsed = options.schema.safeParse(result.body);
  if (!parsed.success) throw new ApiError(result.status, 'INTERNAL', 'Unexpected response from the server');
  options.onProgress?.(1);
  return parsed.data;
}
