import type { LoginConfig } from '@trilha/contracts/site';
import { createAreaStore } from './persist';

/** The `params` area: the site's login configuration, kept so a reload paints the right brand at once. */
export interface ParamsState {
  loginConfig: LoginConfig | null;
}

export const useParamsStore = createAreaStore<ParamsState>('params', { loginConfig: null });

export function setLoginConfig(loginConfig: LoginConfig): void {
  useParamsStore.setState({ loginConfig });
}
