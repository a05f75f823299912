import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photoWeek, storePhoto, storePhotoPage, type SendPhotoBody } from '@trilha/contracts/photos';
import { apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export const PHOTOS_PAGE_SIZE = 10;

export const photoKeys = {
  all: ['photos'] as const,
  week: (campaign: number, store: number) => ['photos', 'week', campaign, store] as const,
  mine: (page: number) => ['photos', 'mine', page] as const,
};

/** This week at a store (Monday to Sunday in its time zone): each photo type and its photo, if sent. */
export function usePhotoWeek(campaign: number | null, store: number | null) {
  return useQuery({
    queryKey: photoKeys.week(campaign ?? 0, store ?? 0),
    enabled: campaign !== null && store !== null,
    queryFn: ({ signal }) =>
      apiRequest(`/api/loyalty/photos/week${qs({ campaign, store })}`, { schema: photoWeek, signal }),
  });
}

/** My store photos, newest first, with the points still waiting for the audit. */
export function useMyPhotos(page: number) {
  return useQuery({
    queryKey: photoKeys.mine(page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/loyalty/photos${qs({ page, pageSize: PHOTOS_PAGE_SIZE })}`, {
        schema: storePhotoPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Sends a store photo (multipart) with the Idempotency-Key of this confirmation. */
export function useSendPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, image, key }: { body: SendPhotoBody; image: File; key: string }) => {
      const formData = new FormData();
      formData.append('photo', JSON.stringify(body));
      formData.append('image', image, image.name || 'photo');
      return apiRequest('/api/loyalty/photos', {
        method: 'POST',
        formData,
        headers: { 'Idempotency-Key': key },
        schema: storePhoto,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: photoKeys.all }),
  });
}
