import { apiBlob } from './api-client';

/**
 * Saves what an API path answers as a file, asked with the session's token (a plain link could not carry
 * it; an expired token is renewed as for any call). Throws on an error answer, so the caller can say the
 * download failed.
 */
export async function downloadWithSession(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await apiBlob(path));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
