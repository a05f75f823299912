import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditPhoto, auditPhotoPage, type PhotoStatus } from '@trilha/contracts/photos';
import { apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';
import { usePrivateImage } from './sales-audit';

export const PHOTO_PAGE_SIZE = 20;

export const photoAuditKeys = {
  all: ['photos-audit'] as const,
  queue: (status: PhotoStatus | null, page: number) => ['photos-audit', 'queue', status, page] as const,
  image: (id: number | null) => ['photos-audit', 'image', id] as const,
};

/** The store photos' queue (pending first), by status. */
export function usePhotoQueue(status: PhotoStatus | null, page: number) {
  return useQuery({
    queryKey: photoAuditKeys.queue(status, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/photos${qs({ status, page, pageSize: PHOTO_PAGE_SIZE })}`, {
        schema: auditPhotoPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A store photo's image (WebP), fetched with the session. */
export function useStorePhotoImage(id: number | null) {
  return usePrivateImage(photoAuditKeys.image(id), `/api/admin/photos/${id}/image`, id !== null);
}

/**
 * Approves or rejects a photo. The key is made once per click, so the replay of the same call after a
 * renewed session acts once.
 */
export type PhotoDecision =
  | { id: number; action: 'approve'; key: string }
  | { id: number; action: 'reject'; reason: string; key: string };

export function usePhotoDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: PhotoDecision) =>
      apiRequest(`/api/admin/photos/${d.id}/${d.action}`, {
        method: 'POST',
        headers: { 'Idempotency-Key': d.key },
        ...(d.action === 'reject' ? { body: { reason: d.reason } } : {}),
        schema: auditPhoto,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['photos-audit', 'queue'] }),
  });
}
