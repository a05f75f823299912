import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldCog } from '@tabler/icons-react';
import { languages, type Language } from '@trilha/i18n/languages';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { logout } from '../api/auth';
import { useSelectClientMutation } from '../api/client';
import { useChangeLanguage } from '../api/language';

/**
 * The user's menu in the header: who is signed in, the company (for users of several), the language,
 * the back office for those allowed, and sign out.
 */
export function UserMenu() {
  const { t, i18n } = useTranslation(['nav', 'common']);
  const session = useSession();
  const navigate = useNavigate();
  const selectClient = useSelectClientMutation();
  const changeLanguage = useChangeLanguage();
  if (!session) return null;
  const { user } = session;

  const signOut = async () => {
    await logout();
    await navigate('/', { replace: true });
  };

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton p={4} style={{ borderRadius: 999 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar
              src={user.image}
              name={user.fullName}
              color="brand"
              variant="filled"
              radius="xl"
              size={36}
              alt=""
              aria-hidden
            />
            {/* The label read out contains the name shown, so voice control users can say what they see. */}
            <VisuallyHidden>{t('userMenu', { name: user.fullName })}</VisuallyHidden>
            <Text fw={600} fz="sm" visibleFrom="sm" maw={180} truncate aria-hidden>
              {user.fullName}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
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
