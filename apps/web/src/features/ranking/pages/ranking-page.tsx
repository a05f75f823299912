import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSelectedClient } from '../../../lib/session-store';
import RankingTab from '../components/ranking-tab';

/**
 * The ranking page (`/ranking`, a module of clients with the ranking): the same position, top and
 * switches as the profile's Ranking tab, as a screen of its own in the module navigation. A company
 * without the ranking says so instead of asking the API, which would refuse.
 */
export default function RankingPage() {
  const { t } = useTranslation('ranking');
  const hasRanking = useSelectedClient()?.flags.has_ranking === true;
  return (
    <Stack gap="md" maw={900} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </Stack>
      {hasRanking ? <RankingTab /> : <Alert color="gray">{t('page.unavailable')}</Alert>}
    </Stack>
  );
}
