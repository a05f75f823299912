import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activityPage,
  avatarResponse,
  inboxPage,
  phoneStatusResponse,
  profileResponse,
  type ChangePasswordBody,
  type DeletionRequestBody,
  type ProfileContactBody,
  type ProfilePersonalBody,
  type ProfilePreferencesBody,
  type ProfileProfessionalBody,
  type ProfileResponse,
} from '@trilha/contracts/profile';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { fetchSessionState } from './session-refresh';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => apiRequest('/api/profile', { schema: profileResponse }),
});

export function useProfile() {
  return useQuery(profileQuery);
}

export type Section = 'personal' | 'contact' | 'professional' | 'preferences';
export type SectionBody = {
  personal: ProfilePersonalBody;
  contact: ProfileContactBody;
  professional: ProfileProfessionalBody;
  preferences: ProfilePreferencesBody;
};

/** Saves one group of the profile; the answer is the whole profile, and the session is re-read (names, language). */
export function useSaveSection<S extends Section>(section: S) {
  return useMutation({
    mutationFn: (body: SectionBody[S]) =>
      apiRequest(`/api/profile/${section}`, { method: 'PUT', body, schema: profileResponse }),
    onSuccess: async (profile: ProfileResponse) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      await fetchSessionState();
    },
  });
}

export interface AvatarUpload {
  file: Blob;
  crop: { x: number; y: number; width: number; height: number } | null;
}

export function useUploadAvatar() {
  return useMutation({
    mutationFn: async ({ file, crop }: AvatarUpload) => {
      const form = new FormData();
      if (crop) {
        form.append('cropX', String(Math.round(crop.x)));
        form.append('cropY', String(Math.round(crop.y)));
        form.append('cropWidth', String(Math.round(crop.width)));
        form.append('cropHeight', String(Math.round(crop.height)));
      }
      form.append('file', file, 'avatar');
      return apiRequest('/api/profile/avatar', { method: 'POST', formData: form, schema: avatarResponse });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      await fetchSessionState();
    },
  });
}

export function useRemoveAvatar() {
  return useMutation({
    mutationFn: () => apiRequest('/api/profile/avatar', { method: 'DELETE', schema: avatarResponse }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      await fetchSessionState();
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest('/api/profile/password', {
        method: 'POST',
        body,
        schema: z.object({ ok: z.literal(true), endedSessions: z.number() }),
      }),
  });
}

export function usePhoneCode() {
  return useMutation({
    mutationFn: (channel: 'sms' | 'whatsapp') =>
      apiRequest('/api/profile/phone/code', {
        method: 'POST',
        body: { channel },
        schema: phoneStatusResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });
}

export function useVerifyPhone() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/api/profile/phone/verify', {
        method: 'POST',
        body: { code },
        schema: phoneStatusResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });
}

export function useRequestDeletion() {
  return useMutation({
    mutationFn: (body: DeletionRequestBody) =>
      apiRequest('/api/profile/deletion-request', { method: 'POST', body }),
  });
}

export function useInbox(page: number) {
  return useQuery({
    queryKey: ['profile', 'inbox', page],
    queryFn: () => apiRequest(`/api/profile/inbox?page=${page}&pageSize=10`, { schema: inboxPage }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      apiRequest(id === 'all' ? '/api/profile/inbox/read-all' : `/api/profile/inbox/${id}/read`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['profile', 'inbox'] }),
  });
}

export function useActivity(page: number) {
  return useQuery({
    queryKey: ['profile', 'activity', page],
    queryFn: () => apiRequest(`/api/profile/activity?page=${page}&pageSize=10`, { schema: activityPage }),
    placeholderData: keepPreviousData,
  });
}
