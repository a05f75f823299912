import { Button } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../../components/status-screen';
import { reloadPage } from '../../lib/reload';

/** Shown when a page's code cannot be loaded: the way out is a fresh load of the app. */
export function ChunkErrorScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      alert
      color="orange"
      icon={<IconPlugConnectedX size={32} aria-hidden />}
      title={t('chunkError.title')}
      description={t('chunkError.description')}
      actions={
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={reloadPage}>
          {t('chunkError.action')}
        </Button>
      }
    />
  );
}
