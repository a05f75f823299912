import { lazy } from 'react';
import { DeferredMenu } from './deferred-menu';
import { LanguageMenuButton } from './language-menu-button';
import { useLanguageChoice } from './use-language-choice';

const LanguageMenuPopup = lazy(() => import('./language-menu-popup'));

/**
 * A compact language button for headers: the globe, the current language, and a menu of the others. The
 * menu loads when the button is about to be used, so it stays out of the login screen's bundle.
 */
export function LanguageMenu() {
  const { t, currentName } = useLanguageChoice();
  return (
    <DeferredMenu
      standIn={(props) => (
        <LanguageMenuButton currentName={currentName} changeLabel={t('language.change')} {...props} />
      )}
      menu={LanguageMenuPopup}
    />
  );
}
