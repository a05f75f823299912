import { AspectRatio, Box, Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';

export interface FramePlayerProps {
  src: string;
  title: string;
  /** Sandbox tokens; html lessons get scripts but no same-origin access. */
  sandbox?: string | null;
  /** Slides and viewers read best at 16:9; free-form lessons take the height of the screen. */
  ratio?: number;
  /** Called once the frame has loaded: viewing it counts as done. */
  onViewed?: () => void;
}

/** HTML lessons, PowerPoint viewers and SlideShare decks: an iframe, sandboxed. */
export function FramePlayer({ src, title, sandbox, ratio, onViewed }: FramePlayerProps) {
  const reported = useRef(false);
  const onViewedRef = useRef(onViewed);
  useEffect(() => {
    onViewedRef.current = onViewed;
  }, [onViewed]);
  const onLoad = () => {
    if (reported.current) return;
    reported.current = true;
    onViewedRef.current?.();
  };
  const frame = (
    <iframe
      src={src}
      title={title}
      sandbox={sandbox ?? 'allow-scripts allow-forms allow-popups allow-presentation'}
      allowFullScreen
      onLoad={onLoad}
      style={{ border: 0, width: '100%', height: '100%', display: 'block', background: 'white' }}
      data-testid="content-frame"
    />
  );
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      {ratio ? (
        <AspectRatio ratio={ratio}>{frame}</AspectRatio>
      ) : (
        <Box h={{ base: '70vh', sm: '75vh' }} mih={420}>
          {frame}
        </Box>
      )}
    </Paper>
  );
}
