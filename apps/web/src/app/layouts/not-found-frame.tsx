import { useLoaderData } from 'react-router';
import type { notFoundLoader } from '../guards';
import { AuthenticatedLayout } from './authenticated-layout';
import { PublicFrameLayout } from './public-layout';

/** The frame of the not-found screen: the app shell for a signed-in user, the public frame otherwise. */
export function NotFoundFrame() {
  const { signedIn } = useLoaderData<typeof notFoundLoader>();
  return signedIn ? <AuthenticatedLayout /> : <PublicFrameLayout />;
}
