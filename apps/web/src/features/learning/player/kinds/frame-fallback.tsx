import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long a third-party frame may take to signal it loaded before the fallback shows. */
export const FRAME_LOAD_TIMEOUT_MS = 15_000;

/**
 * True once `ms` passed without `ready`: the frame is blocked (network, browser, refused framing) or
 * failed. A frame that signals later still hides the fallback.
 */
export function useFrameTimeout(ready: boolean, ms = FRAME_LOAD_TIMEOUT_MS): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (ready) return;
    const timer = window.setTimeout(() => setExpired(true), ms);
    return () => window.clearTimeout(timer);
  }, [ready, ms]);
  return expired && !ready;
}

/** Shown instead of a YouTube, Vimeo or SlideShare frame that did not load: the content in a new tab. */
export function FrameFallback({ url }: { url: string }) {
  const { t } = useTranslation('learning');
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('player.frameBlockedTitle')}
      data-testid="frame-fallback"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t('player.frameBlocked')}</Text>
        <Anchor href={url} target="_blank" rel="noopener noreferrer" fz="sm" fw={600}>
          <IconExternalLink size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
          {t('player.openInNewTab')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
