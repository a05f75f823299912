import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@trilha/contracts/session';
import { showNotification } from '../../../lib/notify';
import { hasSession, setLanguageCode } from '../../../lib/session-store';
import { saveLanguage } from './session';

/**
 * Switches the language at once (the language sync follows the `common` store) and, for a logged-in
 * user, saves it to their account so it follows them to other devices.
 */
export function useChangeLanguage() {
  const { t } = useTranslation();
  return useCallback(
    async (languageCode: LanguageCode) => {
      setLanguageCode(languageCode);
      if (!hasSession()) return;
      try {
        await saveLanguage(languageCode);
      } catch {
        showNotification({ color: 'red', message: t('language.changeFailed') });
      }
    },
    [t],
  );
}
