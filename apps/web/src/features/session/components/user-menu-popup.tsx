import { Menu, Text } from '@mantine/core';
import { IconLogout, IconShieldCog } from '@tabler/icons-react';
import { languages, type Language } from '@trilha/i18n/languages';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { logout } from '../api/auth';
import { useSelectClientMutation } from '../api/client';
import { useChangeLanguage } from '../api/language';
import { useReplayedPress, type DeferredMenuProps } from './deferred-menu';
import { UserMenuButton } from './user-menu';

/** The user's button with its menu: the chunk UserMenu loads (Mantine's Menu, floating-ui). */
export default function UserMenuPopup(props: DeferredMenuProps) {
  const { t, i18n } = useTranslation(['nav', 'common']);
  const session = useSession();
  const navigate = useNavigate();
  const selectClient = useSelectClientMutation();
  const changeLanguage = useChangeLanguage();
  const target = useReplayedPress<HTMLButtonElement>(props);
  if (!session) return null;
  const { user } = session;

  const signOut = async () => {
    await logout();
    await navigate('/', { replace: true });
  };

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UserMenuButton ref={target} user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.fullName}
          </Text>
          {user.email ? (
            <Text fz="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          ) : null}
        </Menu.Label>
        {session.clients.length > 1 ? (
          <>
            <Menu.Divider />
            <Menu.Label>{t('company')}</Menu.Label>
            <Menu.RadioGroup
              value={session.selectedClientId === null ? null : String(session.selectedClientId)}
              onChange={(value) => {
                if (Number(value) !== session.selectedClientId) selectClient.mutate(Number(value));
              }}
            >
              {session.clients.map((client) => (
                <Menu.RadioItem key={client.id} value={String(client.id)} closeMenuOnClick>
                  {client.name}
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Label>{t('language')}</Menu.Label>
        <Menu.RadioGroup value={i18n.language} onChange={(value) => void changeLanguage(value as Language)}>
          {languages.map((code) => (
            <Menu.RadioItem key={code} value={code} lang={code} closeMenuOnClick>
              {t(`common:language.names.${code}`)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Menu.Divider />
        {session.canAccessBackOffice ? (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldCog size={18} aria-hidden />}>
            {t('backOffice')}
          </Menu.Item>
        ) : null}
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void signOut()}
        >
          {t('signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
