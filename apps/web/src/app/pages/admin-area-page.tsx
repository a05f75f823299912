import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store';
import { adminAreas, areasFor, type AdminArea } from '../admin-areas';
import { adminAreaIcons } from './admin-areas';

function AdminOverview() {
  const { t } = useTranslation('admin');
  const session = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('intro')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {areasFor(session).map((area) => {
          const Icon = adminAreaIcons[area];
          return (
            <Card key={area} component={Link} to={`/admin/${area}`} shadow="xs">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={44} radius="md">
                  <Icon size={24} stroke={1.7} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{t(`areas.${area}`)}</Text>
                  <Text fz="sm" c="dimmed">
                    {t(`descriptions.${area}`)}
                  </Text>
                </div>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function AdminAreaPlaceholder({ area }: { area: AdminArea }) {
  const { t } = useTranslation(['admin', 'common']);
  const Icon = adminAreaIcons[area];
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <ThemeIcon variant="light" size={44} radius="md">
          <Icon size={24} stroke={1.7} aria-hidden />
        </ThemeIcon>
        <div>
          <Title order={1}>{t(`areas.${area}`)}</Title>
          <Text c="dimmed">{t(`descriptions.${area}`)}</Text>
        </div>
      </Group>
      <Card>
        <Group wrap="nowrap" align="flex-start">
          <IconTools size={22} stroke={1.7} aria-hidden />
          <Stack gap={4}>
            <Badge variant="light" w="fit-content">
              {t('common:comingSoon.badge')}
            </Badge>
            <Text>{t('placeholder')}</Text>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}

/** `/admin` and `/admin/<area>`: the overview of areas, or one area's placeholder. */
export default function AdminAreaPage() {
  const { pathname } = useLocation();
  const area = pathname.split('/')[2];
  const known = adminAreas.find((a) => a === area);
  return known ? <AdminAreaPlaceholder area={known} /> : <AdminOverview />;
}
