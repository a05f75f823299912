import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconStairsUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasModule } from '../../../lib/modules';
import { useSelectedClient } from '../../../lib/session-store';
import { useMyLevel } from '../api/levels';
import { LevelProgress } from './level-progress';

/**
 * Home's level card: my level and my progress to the next, linking to the level page. Shown only where
 * the client runs the loyalty program (its campaigns module) and the program has levels.
 */
export default function LevelCard() {
  // Home loads only its own catalogs first; the card waits for the loyalty texts.
  const { t, ready } = useTranslation('loyalty');
  const client = useSelectedClient();
  const runs = hasModule(client, 'campaigns');
  const mine = useMyLevel(runs);
  if (!runs || mine.isError || !ready) return null;
  const data = mine.data;
  if (data && !data.current) return null;
  return (
    <Card component="section" aria-labelledby="home-level-title" shadow="xs" data-testid="home-level">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconStairsUp size={22} />
          </ThemeIcon>
          <Title order={2} fz="h4" id="home-level-title">
            {t('levels.title')}
          </Title>
        </Group>
        {data?.current ? (
          <>
            <Text fz={24} fw={700} lh={1.1} data-testid="home-level-name">
              {data.current.name}
            </Text>
            <LevelProgress data={data} />
          </>
        ) : (
          <Skeleton h={72} aria-hidden />
        )}
        <Anchor component={Link} to="/campaigns/levels" fz="sm" fw={600}>
          {t('levels.cardLink')}
        </Anchor>
      </Stack>
    </Card>
  );
}
