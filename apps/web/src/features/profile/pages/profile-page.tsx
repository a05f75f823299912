import {
  Alert,
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
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
import { BadgesTab } from '../components/rewards/badges-tab';
import { CertificatesTab } from '../components/rewards/certificates-tab';
import { PointsTab } from '../components/rewards/points-tab';

/** The store's order history: its own chunk, loaded when the tab opens. */
const MyOrders = lazy(() => import('../../store/components/my-orders'));

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
  'account',
] as const;
/** Tabs whose content arrives with the orders and ranking features. */
const later = [['ranking', IconTrophy]] as const;
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
  account: IconUserX,
};

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const [params, setParams] = useSearchParams();
  const profile = useProfile();
  const unread = useUnreadCount();
  const wanted = params.get('tab') ?? 'data';
  const tab = [...tabs, ...later.map(([k]) => k)].includes(wanted as never) ? wanted : 'data';
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

  return (
    <Stack gap="lg" maw={1040} mx="auto">
      <Title order={1}>{t('title')}</Title>
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
            ...tabs.map((key) => ({
              value: key,
              label: key === 'inbox' && count > 0 ? `${t('tabs.inbox')} (${count})` : t(`tabs.${key}`),
            })),
            ...later.map(([key]) => ({ value: key, label: `${t(`tabs.${key}`)} — ${t('soon.badge')}` })),
          ]}
        />
        <Tabs.List visibleFrom="sm">
          {tabs.map((key) => {
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
          {later.map(([key, Icon]) => (
            <Tabs.Tab key={key} value={key} leftSection={<Icon size={16} aria-hidden />} c="dimmed">
              {t(`tabs.${key}`)}
            </Tabs.Tab>
          ))}
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
        {later.map(([key, Icon]) => (
          <Tabs.Panel key={key} value={key} pt="lg">
            <Stack align="center" py={48} gap="sm">
              <Icon size={40} stroke={1.4} aria-hidden />
              <Badge variant="light">{t('soon.badge')}</Badge>
              <Text c="dimmed" ta="center" maw={420}>
                {t('soon.description', { tab: t(`tabs.${key}`) })}
              </Text>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
