import {
  IconBooks,
  IconChecklist,
  IconClipboardCheck,
  IconGift,
  IconMail,
  IconMessageReport,
  IconReceipt2,
  IconSettings,
  IconSpeakerphone,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { AdminArea } from '../admin-areas';

export const adminAreaIcons: Record<AdminArea, Icon> = {
  content: IconBooks,
  assessments: IconClipboardCheck,
  users: IconUsers,
  approvals: IconChecklist,
  audit: IconReceipt2,
  moderation: IconMessageReport,
  rewards: IconGift,
  campaigns: IconSpeakerphone,
  communications: IconMail,
  settings: IconSettings,
};
