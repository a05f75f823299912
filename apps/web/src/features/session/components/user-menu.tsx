import { Avatar, Group, Text, UnstyledButton, VisuallyHidden, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { SessionResponse } from '@trilha/contracts/session';
import { forwardRef, lazy, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { DeferredMenu } from './deferred-menu';

const UserMenuPopup = lazy(() => import('./user-menu-popup'));

type ButtonProps = UnstyledButtonProps &
  ComponentPropsWithoutRef<'button'> & { user: Pick<SessionResponse['user'], 'fullName' | 'image'> };

/** The header's user button: the avatar, the name on wider screens and a chevron. */
export const UserMenuButton = forwardRef<HTMLButtonElement, ButtonProps>(function UserMenuButton(
  { user, ...props },
  ref,
) {
  const { t } = useTranslation(['nav', 'common']);
  return (
    <UnstyledButton ref={ref} p={4} style={{ borderRadius: 999 }} {...props}>
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
  );
});

/**
 * The user's menu in the header: who is signed in, the company (for users of several), the language,
 * the back office for those allowed, and sign out. The menu itself loads when the button is about to be
 * used (DeferredMenu), so the first signed-in screen does not wait for it.
 */
export function UserMenu() {
  const session = useSession();
  if (!session) return null;
  return (
    <DeferredMenu
      standIn={(props) => <UserMenuButton user={session.user} {...props} />}
      menu={UserMenuPopup}
    />
  );
}
