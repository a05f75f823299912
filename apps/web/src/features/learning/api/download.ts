import { useCommonStore } from '../../../lib/session-store';

/**
 * Downloads a file the API serves to signed-in users: fetched with the session's bearer token (a plain
 * link would not carry it), then saved under its name through an object URL.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const token = useCommonStore.getState().accessToken;
  const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
  const response = await fetch(url, {
    headers: token && sameOrigin ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`Download failed with ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
