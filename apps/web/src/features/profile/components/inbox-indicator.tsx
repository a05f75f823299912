import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/unread';

// Its tooltip (floating-ui) follows the first paint; until then the bell has its name and no tooltip.
const BellTooltip = lazy(() =>
  import('./bell-tooltip').catch((error: unknown) => {
    console.error(error);
    return { default: ({ children }: { children: ReactElement }) => children };
  }),
);

/** The header's bell: unread internal messages, leading to the profile's inbox. */
export function InboxIndicator() {
  const { t } = useTranslation('profile');
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  const label = count > 0 ? t('inbox.unread', { count }) : t('inbox.title');
  const bell = (
    <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} offset={4} color="red">
      <ActionIcon
        component={Link}
        to="/profile?tab=inbox"
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={label}
      >
        <IconBell size={22} stroke={1.7} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
  return (
    <Suspense fallback={bell}>
      <BellTooltip label={label}>{bell}</BellTooltip>
    </Suspense>
  );
}
