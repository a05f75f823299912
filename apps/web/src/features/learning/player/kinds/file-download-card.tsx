import { Alert, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWithSession } from '../../../../lib/download';
import { IconFile } from '@tabler/icons-react';
import { extensionOf, fileGroupIcons, fileGroupOf } from './file-groups';

export interface FileDownloadCardProps {
  url: string;
  fileName: string;
  size?: number | null;
  /** A note above the button (why the file is not shown here). */
  note?: ReactNode;
  onDownloaded?: () => void;
}

function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)}\u00a0${units[unit]}`;
}

/** A file to take away: its type icon, name and size, a download button and a clear failure message. */
export function FileDownloadCard({ url, fileName, size, note, onDownloaded }: FileDownloadCardProps) {
  const { t, i18n } = useTranslation('learning');
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const group = fileGroupOf(fileName);
  const Icon = group ? fileGroupIcons[group] : IconFile;
  const download = async () => {
    setState('busy');
    try {
      // The API's download route: asked with the session (renewed when expired), counted by the server.
      await downloadWithSession(url, fileName);
      setState('idle');
      onDownloaded?.();
    } catch {
      setState('failed');
    }
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        {note}
        <Group wrap="wrap" align="center" gap="md">
          <Group wrap="nowrap" gap="md" style={{ flex: '1 1 220px', minWidth: 0 }}>
            <ThemeIcon size={52} radius="md" variant="light" aria-hidden>
              <Icon size={30} stroke={1.6} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} lineClamp={2} title={fileName} style={{ overflowWrap: 'anywhere' }}>
                {fileName}
              </Text>
              <Text fz="sm" c="dimmed">
                {group
                  ? t(`files.groups.${group}`)
                  : extensionOf(fileName).toUpperCase() || t('files.generic')}
                {size ? ` · ${formatSize(size, i18n.language)}` : ''}
              </Text>
            </div>
          </Group>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void download()}
            loading={state === 'busy'}
            aria-label={t('files.downloadNamed', { name: fileName })}
          >
            {t('files.download')}
          </Button>
        </Group>
        {state === 'failed' ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {t('files.downloadFailed')}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
