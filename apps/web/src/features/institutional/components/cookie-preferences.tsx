import { Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useCookiesPolicyStore, type CookiesPolicyState } from '../api/cookie-store';

type Preferences = CookiesPolicyState['preferences'];

/**
 * The cookie preferences dialog. Its own chunk (with Mantine's Modal, focus trap and scroll lock), loaded
 * by the cookie banner the first time the dialog opens.
 */
export default function CookiePreferences({
  prefs,
  onPrefsChange,
  onSave,
}: {
  prefs: Preferences;
  onPrefsChange: (prefs: Preferences) => void;
  onSave: (prefs: Preferences) => void;
}) {
  const { t } = useTranslation('institutional');
  const opened = useCookiesPolicyStore((state) => state.policy_preferences_modal);
  // Mounted closed, then opened: the modal then plays its transition and, like one that was always there,
  // notes the element that had focus (the banner's button) to give it back when it closes.
  const mounted = useMounted();
  return (
    <Modal
      opened={mounted && opened}
      onClose={() => useCookiesPolicyStore.setState({ policy_preferences_modal: false })}
      title={t('cookies.preferencesTitle')}
      centered
    >
      <Stack gap="md">
        <Switch checked disabled label={t('cookies.essential')} description={t('cookies.essentialHint')} />
        <Switch
          checked={prefs.analytics}
          onChange={(e) => onPrefsChange({ ...prefs, analytics: e.currentTarget.checked })}
          label={t('cookies.analytics')}
          description={t('cookies.analyticsHint')}
        />
        <Switch
          checked={prefs.marketing}
          onChange={(e) => onPrefsChange({ ...prefs, marketing: e.currentTarget.checked })}
          label={t('cookies.marketing')}
          description={t('cookies.marketingHint')}
        />
        <Group justify="flex-end">
          <Button onClick={() => onSave(prefs)}>{t('cookies.savePreferences')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
