import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';

/** The settings area's screens; the job queue is the platform's, so only a superuser sees its tab. */
export function useSettingsTabs() {
  const { t } = useTranslation('accounts-admin');
  const session = useSession();
  return [
    { to: '/admin/settings', label: t('tabs.loginConfig') },
    { to: '/admin/settings/pages', label: t('tabs.pages') },
    { to: '/admin/settings/audit-trail', label: t('tabs.auditTrail') },
    ...(session?.user.isSuperuser ? [{ to: '/admin/settings/jobs', label: t('tabs.jobs') }] : []),
  ];
}
