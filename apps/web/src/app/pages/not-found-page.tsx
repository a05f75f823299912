import { Button } from '@mantine/core';
import { IconLock, IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from '../../components/status-screen';
import { selectedClientOf, useCommonStore } from '../../lib/session-store';

function useHomePath(): string {
  return useCommonStore(
    (state) => (state.accessToken ? selectedClientOf(state.session)?.homeRoute : null) ?? '/',
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <StatusScreen
      icon={<IconMapQuestion size={32} aria-hidden />}
      badge={t('notFound.code')}
      color="gray"
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Button component={Link} to={home}>
          {t('actions.backToHome')}
        </Button>
      }
    />
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <StatusScreen
      icon={<IconLock size={32} aria-hidden />}
      color="gray"
      title={t('forbidden.title')}
      description={t('forbidden.description')}
      actions={
        <Button component={Link} to={home}>
          {t('actions.backToHome')}
        </Button>
      }
    />
  );
}

export default NotFoundPage;
