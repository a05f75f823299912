import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { frameableDeck } from './embed-urls';
import { FrameFallback, useFrameTimeout } from './frame-fallback';
import { FramePlayer } from './frame-player';

/**
 * A SlideShare deck in a frame. It counts as viewed only once the frame signalled load; a frame that does
 * not load in time shows the fallback (open in a new tab) and reports nothing. Opening the deck in a new
 * tab is not a view the app can see, so it completes nothing either.
 */
export function SlideshareDeck({
  url,
  title,
  onViewed,
  timeoutMs,
}: {
  url: string;
  title: string;
  onViewed: () => void;
  timeoutMs?: number;
}) {
  const { t } = useTranslation('learning');
  const [loaded, setLoaded] = useState(false);
  const frameable = frameableDeck(url, window.location.origin);
  const failed = useFrameTimeout(loaded || !frameable, timeoutMs);
  const onLoad = useCallback(() => {
    setLoaded(true);
    onViewed();
  }, [onViewed]);
  const link = (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" fz="sm">
      <IconExternalLink size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
      {t('player.openDeck')}
    </Anchor>
  );
  if (!frameable) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm" align="flex-start">
          <Text>{t('player.externalDeck')}</Text>
          {link}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      {failed ? <FrameFallback url={url} /> : null}
      <FramePlayer
        src={url}
        title={title}
        ratio={16 / 9}
        sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
        onViewed={onLoad}
      />
      {failed ? null : <Group justify="flex-end">{link}</Group>}
    </Stack>
  );
}
