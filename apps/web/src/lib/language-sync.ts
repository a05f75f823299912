import { defaultLanguage, type Language } from '@trilha/i18n/languages';
import { i18n } from './i18n';
import { useParamsStore } from './params-store';
import { useCommonStore } from './session-store';

/** The user's choice (or their account's language) wins; then the site's default; then pt-BR. */
export function desiredLanguage(): Language {
  return (
    useCommonStore.getState().languageCode ??
    useParamsStore.getState().loginConfig?.defaultLanguage ??
    defaultLanguage
  );
}

/** Keeps i18next (and so `<html lang>`) on the desired language whenever the stores change. */
export function startLanguageSync(): () => void {
  const sync = () => {
    const next = desiredLanguage();
    if (i18n.language !== next) void i18n.changeLanguage(next);
  };
  const stopCommon = useCommonStore.subscribe(sync);
  const stopParams = useParamsStore.subscribe(sync);
  sync();
  return () => {
    stopCommon();
    stopParams();
  };
}
