import { lazy, Suspense, useEffect } from 'react';
import { HomePage } from '../../features/home/pages/home-page';
import { PreferenceStandIns } from '../../features/session/components/preference-stand-ins';

let fieldsChunk: Promise<{ default: typeof PreferenceStandIns }> | undefined;
/** The fields' chunk, fetched once: as home first renders, before the page shows the fields. */
const loadPreferenceFields = () =>
  (fieldsChunk ??= import('../../features/session/components/preference-fields').catch((error: unknown) => {
    // The home page stays usable; the fields keep showing the current values (the header's menus change them).
    console.error(error);
    return { default: PreferenceStandIns };
  }));

const PreferenceFields = lazy(loadPreferenceFields);

/** The daily challenge's card: its own chunk, after home's first paint (home's size budget). */
const DailyChallengeCard = lazy(() =>
  import('../../features/daily-challenge/components/daily-challenge-card').catch((error: unknown) => {
    console.error(error);
    return { default: () => null };
  }),
);

/** The loyalty program's level card: its own chunk too; it shows only where the client runs the program. */
const LevelCard = lazy(() =>
  import('../../features/loyalty/components/level-card').catch((error: unknown) => {
    console.error(error);
    return { default: () => null };
  }),
);

/**
 * The home route: the home page with the session's preference fields composed in. The fields' chunk is
 * fetched as the page first renders (the page shows the fields a moment later, with the module tiles) and
 * replaces their stand-ins when it arrives, so the first paint does not wait for it.
 */
export default function HomeRoute() {
  useEffect(() => {
    void loadPreferenceFields();
  }, []);
  return (
    <HomePage
      level={
        <Suspense fallback={null}>
          <LevelCard />
        </Suspense>
      }
      dailyChallenge={
        <Suspense fallback={null}>
          <DailyChallengeCard />
        </Suspense>
      }
      preferences={
        <Suspense fallback={<PreferenceStandIns />}>
          <PreferenceFields />
        </Suspense>
      }
    />
  );
}
