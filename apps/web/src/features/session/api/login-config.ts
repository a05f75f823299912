import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginConfig } from '@trilha/contracts/site';
import { apiRequest, lazyContract } from '../../../lib/api-client';
import { setLoginConfig, useParamsStore } from '../../../lib/params-store';

/** Checked like every answer, with a schema loaded on first use: the login screen reads it first. */
const loginConfig = lazyContract(() => import('@trilha/contracts/site').then((m) => m.loginConfig));

export async function fetchLoginConfig(): Promise<LoginConfig> {
  const config = await apiRequest('/api/site/login-config', { auth: 'none', schema: loginConfig });
  setLoginConfig(config);
  return config;
}

export const loginConfigQuery = queryOptions({
  queryKey: ['site', 'login-config'],
  queryFn: fetchLoginConfig,
  staleTime: 5 * 60_000,
});

/** The site's login configuration; the copy kept in the `params` area paints the page while it loads. */
export function useLoginConfig() {
  const stored = useParamsStore((state) => state.loginConfig);
  return useQuery({ ...loginConfigQuery, placeholderData: stored ?? undefined });
}
