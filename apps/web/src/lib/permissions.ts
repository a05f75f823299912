import { can, type Capability } from '@trilha/contracts/permissions';
import { selectedClientOf, useSession } from './session-store';

/**
 * Whether the signed-in person has a capability of the permission matrix in the selected client: the web
 * shows an action only to whom the API would let do it (the API still checks every call).
 */
export function useCan(capability: Capability): boolean {
  const session = useSession();
  return can(
    { roles: selectedClientOf(session)?.roles ?? [], isSuperuser: session?.user.isSuperuser ?? false },
    capability,
  );
}
