import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconStairsUp } from '@tabler/icons-react';
import type { MyLevel } from '@trilha/contracts/loyalty-levels';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WrapBadge } from '../../../components/wrap-badge';
import { apiErrorText } from '../../../lib/form-errors';
import { useMyLevel } from '../api/levels';
import { useFormat } from '../components/format';
import { LevelProgress } from '../components/level-progress';

const requestColor = { pending: 'yellow', approved: 'teal', rejected: 'red' } as const;

function RequestNote({ request }: { request: NonNullable<MyLevel['request']> }) {
  const { t } = useTranslation('loyalty');
  return (
    <Alert color={requestColor[request.status]} variant="light" data-testid="level-request">
      <Text fz="sm" c="dark.7">
        {t(`levels.request.${request.status}`, { level: request.toLevel.name })}
      </Text>
    </Alert>
  );
}

/** Each level with what it gives: its minimum XP, its multiplier and, from the second, events. */
function LevelList({ data }: { data: MyLevel }) {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  return (
    <Stack gap="sm" component="section" aria-labelledby="levels-all-title">
      <Title order={2} fz="h3" id="levels-all-title">
        {t('levels.allTitle')}
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {data.levels.map((level) => {
          const mine = level.id === data.current?.id;
          return (
            <Card
              key={level.id}
              component="li"
              withBorder
              radius="md"
              padding="md"
              aria-current={mine ? 'true' : undefined}
              style={mine ? { borderColor: 'var(--mantine-color-teal-8)', borderWidth: 2 } : undefined}
            >
              <Stack gap="xs">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={700} fz="lg">
                    {level.name}
                  </Text>
                  {mine ? (
                    <Badge color="teal.9" variant="filled" tt="none">
                      {t('levels.yours')}
                    </Badge>
                  ) : null}
                </Group>
                <Text fz="sm" c="dimmed">
                  {t('levels.from', { xp: f.number(level.minXp) })}
                </Text>
                <List
                  size="sm"
                  spacing={4}
                  icon={
                    <ThemeIcon size={18} radius="xl" color="teal.9" aria-hidden>
                      <IconCheck size={12} />
                    </ThemeIcon>
                  }
                >
                  <List.Item>
                    {level.multiplier > 1
                      ? t('levels.gives.multiplier', { value: f.number(level.multiplier) })
                      : t('levels.gives.base')}
                  </List.Item>
                  {level.position >= 2 ? <List.Item>{t('levels.gives.events')}</List.Item> : null}
                </List>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Text fz="sm" c="dimmed">
        {t('levels.rule')}
      </Text>
    </Stack>
  );
}

/**
 * `/campaigns/levels`: my level and its multiplier, my progress towards the next level with the XP of my
 * running campaign, the state of my level-change request, and what each level gives.
 */
export default function LevelsPage() {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const mine = useMyLevel();
  const header = (
    <Stack gap={4}>
      <Title order={1}>{t('levels.title')}</Title>
      <Text c="dimmed">{t('levels.intro')}</Text>
    </Stack>
  );
  if (mine.isError) {
    return (
      <Stack gap="lg" maw={1100} mx="auto" w="100%">
        {header}
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{apiErrorText(mine.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void mine.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }
  const data = mine.data;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      {header}
      {!data ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('levels.loading')}>
          <Skeleton h={140} />
          <Skeleton h={160} />
        </Stack>
      ) : !data.current ? (
        <Text c="dimmed">{t('levels.empty')}</Text>
      ) : (
        <>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="level-current-title">
            <Stack gap="md">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
                    <IconStairsUp size={26} />
                  </ThemeIcon>
                  <div>
                    <Text fz="xs" c="dimmed" id="level-current-title">
                      {t('levels.current')}
                    </Text>
                    <Text fw={700} fz={26} lh={1.1} data-testid="level-name">
                      {data.current.name}
                    </Text>
                  </div>
                </Group>
                <WrapBadge
                  size="xl"
                  variant="light"
                  color="teal"
                  tt="none"
                  title={t('points.multiplierLabel')}
                >
                  {t('levels.multiplier', { value: f.number(data.current.multiplier) })}
                </WrapBadge>
              </Group>
              <LevelProgress data={data} />
              {data.request ? <RequestNote request={data.request} /> : null}
              {!data.campaign ? (
                <Button component={Link} to="/campaigns" variant="light" w="fit-content">
                  {t('levels.seeCampaigns')}
                </Button>
              ) : null}
            </Stack>
          </Card>
          <LevelList data={data} />
        </>
      )}
    </Stack>
  );
}
