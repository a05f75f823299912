import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconActivity,
  IconAward,
  IconCertificate,
  IconCoin,
  IconMail,
  IconPackage,
  IconSettings,
  IconShieldLock,
  IconTrophy,
  IconUser,
  IconUserX,
} from '@tabler/icons-react';
import { transferRoles } from '@trilha/contracts/transfers';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useProfile } from '../api/profile';
import { ActivityFeed } from '../components/activity-feed';
import { AvatarEditor } from '../components/avatar-editor';
import { ContactForm } from '../components/contact-form';
import { DeletionRequest } from '../components/deletion-request';
import { apiErrorText } from '../../../lib/form-errors';
import { InboxList } from '../components/inbox-list';
import { NotificationsSection } from '../components/notifications-section';
import { PasswordForm } from '../components/password-form';
import { PersonalForm } from '../components/personal-form';
import { PhoneVerification } from '../components/phone-verification';
import { PreferencesForm } from '../components/preferences-form';
import { ProfessionalForm } from '../components/professional-form';
import { useUnreadCount } from '../api/unread';
import { useSelectedClient } from '../../../lib/session-store';
import { BadgesTab } from '../components/rewards/badges-tab';
import { CertificatesTab } from '../components/rewards/certificates-tab';
import { PointsTab } from '../components/rewards/points-tab';

/** The store's order history: its own chunk, loaded when the tab opens. */
const MyOrders = lazy(() => import('../../store/components/my-orders'));
/** The ranking: its own chunk, shown where the client has the ranking. */
const RankingTab = lazy(() => import('../../ranking/components/ranking-tab'));

const tabs = [
  'data',
  'security',
  'preferences',
  'inbox',
  'activity',
  'points',
  'badges',
  'certificates',
  'orders',
  'ranking',
  'account',
] as const;
const icons = {
  data: IconUser,
  security: IconShieldLock,
  preferences: IconSettings,
  inbox: IconMail,
  activity: IconActivity,
  points: IconCoin,
  badges: IconAward,
  certificates: IconCertificate,
  orders: IconPackage,
  ranking: IconTrophy,
  account: IconUserX,
};

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const [params, setParams] = useSearchParams();
  const profile = useProfile();
  const unread = useUnreadCount();
  const client = useSelectedClient();
  const hasRanking = client?.flags.has_ranking === true;
  const shown = tabs.filter((key) => key !== 'ranking' || hasRanking);
  const wanted = params.get('tab') ?? 'data';
  const tab = shown.includes(wanted as never) ? wanted : 'data';
  const select = (value: string | null) =>
    setParams(value && value !== 'data' ? { tab: value } : {}, { replace: true });

  if (profile.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Alert color="red" role="alert" title={t('loadError')}>
        <Group justify="space-between">
          <Text>{apiErrorText(profile.error)}</Text>
          <Button variant="white" size="compact-sm" onClick={() => void profile.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const data = profile.data;
  const count = unread.data?.count ?? 0;
  // Only the profiles that may send points to the partner program see the way there (the API decides).
  const canTransfer = (client?.roles ?? []).some((role) =>
    (transferRoles as readonly string[]).includes(role),
  );

  return (
    <Stack gap="lg" maw={1040} mx="auto">
      <Title order={1}>{t('title')}</Title>
      {canTransfer && (
        <Anchor component={Link} to="/points-transfer">
          {t('pointsTransfer')}
        </Anchor>
      )}
      <AvatarEditor profile={data} />
      <Tabs value={tab} onChange={(v) => select(v)} keepMounted={false}>
        {/*
          Eleven sections do not fit a phone's width: there they are a labelled select (every section in
          one keyboard-reachable list), from the tablet width up the tabs wrap onto a second row instead of
          hiding past the edge.
        */}
        <NativeSelect
          hiddenFrom="sm"
          label={t('sectionLabel')}
          value={tab}
          onChange={(e) => select(e.currentTarget.value)}
          data={[
            ...shown.map((key) => ({
              value: key,
              label: key === 'inbox' && count > 0 ? `${t('tabs.inbox')} (${count})` : t(`tabs.${key}`),
            })),
          ]}
        />
        <Tabs.List visibleFrom="sm">
          {shown.map((key) => {
            const Icon = icons[key];
            return (
              <Tabs.Tab
                key={key}
                value={key}
                leftSection={<Icon size={16} aria-hidden />}
                rightSection={
                  key === 'inbox' && count > 0 ? (
                    <Badge size="xs" circle>
                      {count}
                    </Badge>
                  ) : null
                }
              >
                {t(`tabs.${key}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="data" pt="lg">
          <Stack gap="lg">
            <PersonalForm profile={data} />
            <ContactForm profile={data} />
            <ProfessionalForm profile={data} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="lg">
          <Stack gap="lg">
            <PasswordForm level={data.passwordStrength} />
            <PhoneVerification profile={data} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preferences" pt="lg">
          <Stack gap="lg">
            <PreferencesForm profile={data} />
            <NotificationsSection />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="inbox" pt="lg">
          <InboxList />
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="lg">
          <ActivityFeed />
        </Tabs.Panel>
        <Tabs.Panel value="points" pt="lg">
          <PointsTab />
        </Tabs.Panel>
        <Tabs.Panel value="badges" pt="lg">
          <BadgesTab />
        </Tabs.Panel>
        <Tabs.Panel value="certificates" pt="lg">
          <CertificatesTab />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="lg">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label={t('loading')} />
              </Center>
            }
          >
            <MyOrders />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="account" pt="lg">
          <DeletionRequest profile={data} />
        </Tabs.Panel>
        {hasRanking ? (
          <Tabs.Panel value="ranking" pt="lg">
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader aria-label={t('loading')} />
                </Center>
              }
            >
              <RankingTab />
            </Suspense>
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
