import { ClientSwitcher } from './client-switcher';
import { LanguageSelect } from './language-picker';

/** The session's preference fields of the home page, a chunk of their own (see PreferenceStandIns). */
export default function PreferenceFields() {
  return (
    <>
      <ClientSwitcher />
      <LanguageSelect />
    </>
  );
}
