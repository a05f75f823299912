import { HomePage } from '../../features/home/pages/home-page';
import { ClientSwitcher } from '../../features/session/components/client-switcher';
import { LanguageSelect } from '../../features/session/components/language-picker';

/** The home route: the home page with the session's preference fields composed in. */
export default function HomeRoute() {
  return (
    <HomePage
      preferences={
        <>
          <ClientSwitcher />
          <LanguageSelect />
        </>
      }
    />
  );
}
