import { Outlet, useLocation } from 'react-router';
import { hasModule, modulesOfPath } from '../../lib/modules';
import { useSelectedClient } from '../../lib/session-store';
import { ModuleUnavailablePage } from '../pages/module-unavailable-page';

/**
 * Spec section 6: authenticated screens are gated by the selected client's modules. A screen of a module
 * the client does not offer shows the "not available in this company" screen inside the shell instead of
 * the screen (or its "coming soon" placeholder). It reads the client from the store, so switching company
 * while on such a screen updates it at once.
 */
export function ModuleGate() {
  const { pathname } = useLocation();
  const client = useSelectedClient();
  const missing = modulesOfPath(pathname).find((key) => !hasModule(client, key));
  return missing ? <ModuleUnavailablePage module={missing} /> : <Outlet />;
}
