import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store';
import { areaOfPath, areasFor } from '../admin-areas';
import { ForbiddenPage } from '../pages/not-found-page';

/**
 * A back-office area the caller's roles in the selected client cannot use shows the forbidden screen
 * instead of a page whose every call the API would refuse (403). It reads the session from the store,
 * so switching company while on such a screen updates it at once.
 */
export function AdminAreaGate() {
  const { pathname } = useLocation();
  const session = useSession();
  const area = areaOfPath(pathname);
  if (area && session && !areasFor(session).includes(area)) return <ForbiddenPage />;
  return <Outlet />;
}
