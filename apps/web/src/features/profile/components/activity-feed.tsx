import { Alert, Center, Loader, Stack, Text, Timeline } from '@mantine/core';
import {
  IconActivity,
  IconCamera,
  IconKey,
  IconLogin,
  IconPhoneCheck,
  IconSettings,
  IconTrash,
  IconUserEdit,
  IconLifebuoy,
} from '@tabler/icons-react';
import type { ActivityEvent } from '@trilha/contracts/profile';
import { formatDateTime } from '@trilha/domain/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginationBar } from '../../../components/pagination-bar';
import { currentLanguage } from '../../../lib/i18n';
import { useActivity } from '../api/profile';
import { apiErrorText } from '../../../lib/form-errors';
import { SectionCard } from './section-card';

const icons: Record<ActivityEvent['kind'], typeof IconLogin> = {
  login: IconLogin,
  profile_updated: IconUserEdit,
  avatar_changed: IconCamera,
  password_changed: IconKey,
  phone_verified: IconPhoneCheck,
  preferences_updated: IconSettings,
  deletion_requested: IconTrash,
  support_ticket: IconLifebuoy,
};

export function ActivityFeed() {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const activity = useActivity(page);
  const data = activity.data;
  const detail = (e: ActivityEvent) =>
    e.kind === 'profile_updated' && e.detail
      ? t(`activity.sections.${e.detail as 'personal'}`)
      : e.kind === 'support_ticket'
        ? e.detail
        : null;

  return (
    <SectionCard title={t('activity.title')} description={t('activity.description')}>
      {activity.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : activity.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(activity.error)}
        </Alert>
      ) : data && data.total === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <IconActivity size={36} stroke={1.5} aria-hidden />
          <Text c="dimmed">{t('activity.empty')}</Text>
        </Stack>
      ) : data ? (
        <Stack gap="lg">
          <Timeline bulletSize={28} lineWidth={2}>
            {data.items.map((e) => {
              const Icon = icons[e.kind] ?? IconActivity;
              const extra = detail(e);
              return (
                <Timeline.Item
                  key={e.id}
                  bullet={<Icon size={16} aria-hidden />}
                  title={t(`activity.kinds.${e.kind}`)}
                >
                  {extra ? (
                    <Text fz="sm" c="dimmed">
                      {extra}
                    </Text>
                  ) : null}
                  <Text fz="xs" c="dimmed" mt={2}>
                    {formatDateTime(e.createdAt, currentLanguage())}
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
          <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        </Stack>
      ) : null}
    </SectionCard>
  );
}
