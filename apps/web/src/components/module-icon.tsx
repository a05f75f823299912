import {
  IconApps,
  IconBooks,
  IconBroadcast,
  IconCalendarEvent,
  IconCamera,
  IconGift,
  IconHelpCircle,
  IconMicrophone,
  IconNews,
  IconReceipt,
  IconRoute,
  IconSchool,
  IconSpeakerphone,
  IconTable,
  IconTrophy,
  IconUserCircle,
  IconUsersGroup,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';

const icons: Record<string, Icon> = {
  'online-courses': IconSchool,
  trails: IconRoute,
  'presential-courses': IconUsersGroup,
  webinars: IconBroadcast,
  'live-classes': IconVideo,
  podcasts: IconMicrophone,
  library: IconBooks,
  news: IconNews,
  'reward-store': IconGift,
  ranking: IconTrophy,
  campaigns: IconSpeakerphone,
  'insert-sales': IconReceipt,
  'upload-photos': IconCamera,
  'points-table': IconTable,
  events: IconCalendarEvent,
  faq: IconHelpCircle,
  profile: IconUserCircle,
};

/** The icon of a module (decorative: the module's name is always shown next to it). */
export function ModuleIcon({ moduleKey, size = 20 }: { moduleKey: string; size?: number }) {
  const Component = icons[moduleKey] ?? IconApps;
  return <Component size={size} stroke={1.7} aria-hidden />;
}
