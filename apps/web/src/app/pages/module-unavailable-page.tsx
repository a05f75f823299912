import { Button } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from '../../components/status-screen';
import type { ModuleKey } from '../../lib/modules';
import { useSelectedClient } from '../../lib/session-store';

/**
 * A module screen opened (by a deep link, a bookmark, a link shared by someone of another company) while the
 * selected company does not offer that module: says so plainly, names the company, and leads home.
 */
export function ModuleUnavailablePage({ module }: { module: ModuleKey }) {
  const { t } = useTranslation(['common', 'nav']);
  const client = useSelectedClient();
  const name = t(`nav:modules.${module}`);
  return (
    <StatusScreen
      icon={<IconBuildingStore size={32} aria-hidden />}
      color="gray"
      title={t('moduleUnavailable.title')}
      description={t('moduleUnavailable.description', { module: name, client: client?.name ?? '' })}
      actions={
        <Button component={Link} to={client?.homeRoute ?? '/home'}>
          {t('actions.backToHome')}
        </Button>
      }
    />
  );
}
