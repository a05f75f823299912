import { lazy, Suspense } from 'react';
import { HomePage } from '../../features/home/pages/home-page';
import { PreferenceStandIns } from '../../features/session/components/preference-stand-ins';

const PreferenceFields = lazy(() =>
  import('../../features/session/components/preference-fields').catch((error: unknown) => {
    // The home page stays usable; the fields keep showing the current values (the header's menus change them).
    console.error(error);
    return { default: PreferenceStandIns };
  }),
);

/**
 * The home route: the home page with the session's preference fields composed in. The fields' chunk is
 * fetched as the page first renders and replaces their stand-ins when it arrives, so the first paint does
 * not wait for it.
 */
export default function HomeRoute() {
  return (
    <HomePage
      preferences={
        <Suspense fallback={<PreferenceStandIns />}>
          <PreferenceFields />
        </Suspense>
      }
    />
  );
}
