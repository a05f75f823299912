import {
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingStore, IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModuleIcon } from '../../../components/module-icon';
import { currentLanguage, formatDate } from '../../../lib/i18n';
import { visibleModules } from '../../../lib/modules';
import { useSelectedClient, useSession } from '../../../lib/session-store';
import classes from './home-page.module.css';

interface DeferredCardProps {
  /** Called once the card knows what it shows (its answer came, or it will show nothing). */
  onSettled?: () => void;
}

/** What a card whose chunk failed to load shows: nothing, settled at once. */
function MissingCard({ onSettled }: DeferredCardProps) {
  useEffect(() => onSettled?.(), [onSettled]);
  return null;
}

/**
 * The points card loads after the first paint, like the preference fields: home is a first screen with a
 * size budget, and the card's own pieces (its contract, loaders) would be paid before anything shows.
 * A chunk that fails to load leaves home without the card rather than without home.
 */
const RewardsCard = lazy(() =>
  import('../components/rewards-card').then(
    (m) => ({ default: m.RewardsCard }),
    (error: unknown) => {
      console.error(error);
      return { default: MissingCard };
    },
  ),
);

/** "Continue where you left off" arrives the same way, after the first paint. */
const ContinueCard = lazy(() =>
  import('../components/continue-card').then(
    (m) => ({ default: m.ContinueCard }),
    (error: unknown) => {
      console.error(error);
      return { default: MissingCard };
    },
  ),
);

/** How long the modules wait for the cards above them before they show anyway. */
const CARDS_WAIT_MS = 2500;

/**
 * Whether the modules and preferences (below the cards on a phone) may show: once both cards have settled,
 * or after `CARDS_WAIT_MS`. A card that appeared above tiles already on screen would push them down (a
 * layout shift the reader sees as the page jumping), and the first render stays short: the greeting and
 * the cards first, the tiles in a render of their own.
 */
function useCardsSettled() {
  const [rewards, setRewards] = useState(false);
  const [cont, setCont] = useState(false);
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), CARDS_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const rewardsSettled = useCallback(() => setRewards(true), []);
  const continueSettled = useCallback(() => setCont(true), []);
  return { ready: (rewards && cont) || late, rewardsSettled, continueSettled };
}

/** The company's modules as tiles. */
function HomeModules({ client }: { client: NonNullable<ReturnType<typeof useSelectedClient>> }) {
  const { t } = useTranslation(['home', 'nav']);
  const modules = visibleModules(client);
  return (
    <Stack gap="md" component="section" aria-labelledby="home-modules-title" className={classes.modules}>
      <div>
        <Title order={2} fz="h3" id="home-modules-title">
          {t('modulesTitle')}
        </Title>
        <Text c="dimmed" fz="sm">
          {modules.length ? t('modulesIntro') : t('noModules')}
        </Text>
      </div>
      <SimpleGrid
        cols={{ base: 1, xs: 2, xl: 3 }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {modules.map((module) => (
          <li key={module.key}>
            <Card component={Link} to={module.path} className={classes.tile} shadow="xs" padding="md">
              <Group wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon variant="light" size={48} radius="md">
                  <ModuleIcon moduleKey={module.key} size={26} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{t(`nav:modules.${module.key}`)}</Text>
                  <Text fz="sm" c="dimmed">
                    {t(`nav:moduleDescriptions.${module.key}`)}
                  </Text>
                </div>
              </Group>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export interface HomePageProps {
  /** The preference fields (company, language), composed in by the route. */
  preferences?: ReactNode;
  /** The daily challenge's card (lazy, its own chunk), composed in by the route. */
  dailyChallenge?: ReactNode;
  /** The loyalty program's level card (lazy, its own chunk), composed in by the route. */
  level?: ReactNode;
}

/** Home: a welcome with the user's name and company, and the company's modules as tiles. */
export function HomePage({ preferences, dailyChallenge, level }: HomePageProps) {
  const { t } = useTranslation(['home', 'common', 'nav']);
  const session = useSession();
  const client = useSelectedClient();
  const cards = useCardsSettled();
  if (!session || !client) return null;
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Paper className={classes.welcome} p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="sm">
        <Stack gap={6} pos="relative" style={{ zIndex: 1 }}>
          <Group gap={6} c="white" opacity={0.9}>
            <IconCalendar size={16} aria-hidden />
            <Text fz="sm" data-testid="today">
              {t('common:today', { date: formatDate(new Date(), currentLanguage()) })}
            </Text>
          </Group>
          <Title order={1} fz={{ base: 26, sm: 34 }} c="white">
            {t('greeting', { name: session.user.fullName })}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="white" opacity={0.95}>
            {t('welcome', { client: client.name })}
          </Text>
          <Group gap="xs" mt="xs">
            <Badge
              variant="white"
              color="dark"
              size="lg"
              tt="none"
              leftSection={<IconBuildingStore size={14} aria-hidden />}
            >
              <VisuallyHidden>{t('currentCompany')}: </VisuallyHidden>
              {client.name}
            </Badge>
          </Group>
        </Stack>
      </Paper>

      <div className={classes.layout}>
        <Stack gap="xl" className={classes.rewards}>
          {/* The stand-in keeps the card's room, so what follows does not jump when it arrives. */}
          <Suspense fallback={<Card shadow="xs" mih={180} aria-hidden />}>
            <RewardsCard onSettled={cards.rewardsSettled} />
          </Suspense>
          {level}
          <Suspense fallback={null}>
            <ContinueCard onSettled={cards.continueSettled} />
          </Suspense>
          {dailyChallenge}
        </Stack>
        {cards.ready ? <HomeModules client={client} /> : null}
        {preferences && cards.ready ? (
          <Card
            component="section"
            aria-labelledby="home-preferences-title"
            shadow="xs"
            className={classes.preferences}
          >
            <Stack gap="md">
              <Title order={2} fz="h4" id="home-preferences-title">
                {t('preferences')}
              </Title>
              {preferences}
            </Stack>
          </Card>
        ) : null}
      </div>
    </Stack>
  );
}
