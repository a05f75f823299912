import { TextInput } from '@mantine/core';
import { IconBuildingStore, IconLanguage, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { useLanguageChoice } from './use-language-choice';

/**
 * What the home page's preference fields look like while their chunk (Mantine's Select with its combobox
 * and floating-ui, about 40 kB) loads right after the first paint: the closed fields with their values,
 * read-only and out of the tab order, so nothing moves or can be typed into when the real ones arrive.
 */
export function PreferenceStandIns() {
  const { t } = useTranslation('nav');
  const session = useSession();
  const { t: tCommon, currentName } = useLanguageChoice();
  const client = session?.clients.find((c) => c.id === session.selectedClientId);
  const field = { readOnly: true, tabIndex: -1, rightSection: <IconSelector size={16} aria-hidden /> };
  return (
    <>
      {session && session.clients.length > 1 ? (
        <TextInput
          label={t('company')}
          value={client?.name ?? ''}
          leftSection={<IconBuildingStore size={18} aria-hidden />}
          {...field}
        />
      ) : null}
      <TextInput
        label={tCommon('language.label')}
        value={currentName}
        leftSection={<IconLanguage size={18} aria-hidden />}
        {...field}
      />
    </>
  );
}
