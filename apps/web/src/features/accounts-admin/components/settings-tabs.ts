import { useTranslation } from 'react-i18next';
import { can, type Capability } from '@trilha/contracts/permissions';
import { selectedClientOf, useSession } from '../../../lib/session-store';

/**
 * The settings area's screens, each shown when the session has its capability in the selected client
 * (the permission matrix); the job queue is the platform's, so only a superuser sees its tab.
 */
export function useSettingsTabs() {
  const { t } = useTranslation('accounts-admin');
  const session = useSession();
  const holder = {
    roles: selectedClientOf(session)?.roles ?? [],
    isSuperuser: session?.user.isSuperuser ?? false,
  };
  const tabs: { to: string; label: string; capability: Capability }[] = [
    { to: '/admin/settings', label: t('tabs.loginConfig'), capability: 'settings.manage' },
    { to: '/admin/settings/pages', label: t('tabs.pages'), capability: 'pages.manage' },
    { to: '/admin/settings/audit-trail', label: t('tabs.auditTrail'), capability: 'audit.trail' },
    { to: '/admin/settings/jobs', label: t('tabs.jobs'), capability: 'jobs.manage' },
  ];
  return tabs.filter((tab) => can(holder, tab.capability)).map(({ to, label }) => ({ to, label }));
}
