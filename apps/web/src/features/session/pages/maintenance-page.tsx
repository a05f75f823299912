import { Button, Center, Loader } from '@mantine/core';
import { IconCircleCheck, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';
import { useLoginConfig } from '../api/login-config';

/** `maintenance-login`: the maintenance notice while the site's maintenance flag is on. */
export default function MaintenancePage() {
  const { t } = useTranslation(['auth', 'common']);
  const { data: config, isPending } = useLoginConfig();
  if (isPending && !config) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (config && !config.maintenance) {
    return (
      <StatusScreen
        color="green"
        icon={<IconCircleCheck size={32} aria-hidden />}
        title={t('maintenance.availableTitle')}
        description={t('maintenance.availableDescription')}
        actions={
          <Button component={Link} to="/">
            {t('common:actions.signIn')}
          </Button>
        }
      />
    );
  }
  return (
    <StatusScreen
      color="orange"
      icon={<IconTool size={32} aria-hidden />}
      title={t('maintenance.title')}
      description={t('maintenance.description')}
    />
  );
}
