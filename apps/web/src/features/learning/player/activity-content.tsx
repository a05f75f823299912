import { Alert, Anchor, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import type { PlayerContent, ProgressResponse } from '@trilha/contracts/learning';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commitScorm, reportProgress } from '../api/player';
import { readableAlertTitle } from '../components/lock-note';
import { EmbeddedVideoPlayer } from './kinds/embedded-video-player';
import { frameableDeck } from './kinds/embed-urls';
import { FileDownloadCard } from './kinds/file-download-card';
import { FramePlayer } from './kinds/frame-player';
import { MediaPlayer } from './kinds/media-player';
import { PdfPlayer } from './kinds/pdf-player';
import { ScormPlayer } from './kinds/scorm-player';
import type { MediaReport } from './kinds/use-media-reporting';
import { commitElements } from './progress/scorm-mapping';

export interface ActivityContentProps {
  activityId: number;
  title: string;
  content: PlayerContent;
  completed: boolean;
  onProgress: (response: ProgressResponse) => void;
}

/** Reports that the content was opened, once per mount (html, ppt, slideshare, file, flash). */
function useOpenReport(activityId: number, enabled: boolean, onProgress: (r: ProgressResponse) => void) {
  const sent = useRef(false);
  const onProgressRef = useRef(onProgress);
  useEffect(() => {
    onProgressRef.current = onProgress;
  }, [onProgress]);
  return useCallback(() => {
    if (!enabled || sent.current) return;
    sent.current = true;
    reportProgress(activityId, { type: 'open' }).then(
      (response) => onProgressRef.current(response),
      () => {
        sent.current = false;
      },
    );
  }, [activityId, enabled]);
}

function SlideshareDeck({ url, title, onViewed }: { url: string; title: string; onViewed: () => void }) {
  const { t } = useTranslation('learning');
  const link = (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" onClick={onViewed} fz="sm">
      <IconExternalLink size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
      {t('player.openDeck')}
    </Anchor>
  );
  if (frameableDeck(url, window.location.origin)) {
    return (
      <Stack gap="xs">
        <FramePlayer
          src={url}
          title={title}
          ratio={16 / 9}
          sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
          onViewed={onViewed}
        />
        <Group justify="flex-end">{link}</Group>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm" align="flex-start">
        <Text>{t('player.externalDeck')}</Text>
        {link}
      </Stack>
    </Paper>
  );
}

function ContentError() {
  const { t } = useTranslation('learning');
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('player.contentErrorTitle')}
      styles={readableAlertTitle}
      role="alert"
    >
      {t('player.contentError')}
    </Alert>
  );
}

/** The player of one activity kind, wired to the progress routes of the API. */
export function ActivityContent({ activityId, title, content, completed, onProgress }: ActivityContentProps) {
  const { t } = useTranslation('learning');
  const [failed, setFailed] = useState(false);
  const onError = useCallback(() => setFailed(true), []);
  const opensOnView = ['html', 'ppt', 'slideshare', 'file', 'flash'].includes(content.kind);
  const reportOpen = useOpenReport(activityId, opensOnView, onProgress);

  useEffect(() => {
    // Files, presentations and flash count as opened when shown; frames report once they have loaded.
    if (content.kind === 'ppt' || content.kind === 'file' || content.kind === 'flash') reportOpen();
  }, [content.kind, reportOpen]);

  const onMediaReport = useCallback(
    async (report: MediaReport) => {
      const response = await reportProgress(activityId, {
        type: 'media',
        ...report,
        intervals: report.intervals.map(([s, e]) => [s, e]),
      });
      onProgress(response);
    },
    [activityId, onProgress],
  );

  if (failed) return <ContentError />;

  switch (content.kind) {
    case 'pdf':
      return (
        <PdfPlayer
          src={content.url}
          title={title}
          savedPage={content.resumePage}
          completed={completed}
          onError={onError}
          onReport={async ({ page, pageCount }) =>
            onProgress(await reportProgress(activityId, { type: 'pdf', page, pageCount }))
          }
        />
      );
    case 'video':
    case 'audio':
    case 'wowza':
      return (
        <MediaPlayer
          kind={content.kind}
          src={content.kind === 'wowza' ? content.hlsUrl : content.url}
          title={title}
          startAt={content.resumePosition}
          savedIntervals={content.watchedIntervals}
          onReport={onMediaReport}
          onError={onError}
        />
      );
    case 'youtube':
    case 'vimeo':
      return (
        <EmbeddedVideoPlayer
          provider={content.kind}
          url={content.videoId}
          title={title}
          startAt={content.resumePosition}
          savedIntervals={content.watchedIntervals}
          onReport={onMediaReport}
          onInvalid={onError}
        />
      );
    case 'scorm':
      return (
        <ScormPlayer
          version={content.version}
          launchUrl={content.launchUrl}
          title={title}
          sandbox="allow-scripts allow-same-origin allow-forms"
          initialCmi={content.cmi}
          onCommit={async (cmi, _summary, terminate) =>
            onProgress(await commitScorm(activityId, commitElements(cmi), terminate))
          }
        />
      );
    case 'html':
      return (
        <FramePlayer
          src={content.url}
          title={title}
          sandbox="allow-scripts allow-forms"
          onViewed={reportOpen}
        />
      );
    case 'slideshare':
      return <SlideshareDeck url={content.embedUrl} title={title} onViewed={reportOpen} />;
    case 'ppt':
      return (
        <FileDownloadCard
          url={content.url}
          fileName={content.fileName}
          size={content.size}
          note={
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('player.pptNote')}
            </Alert>
          }
        />
      );
    case 'flash':
      return (
        <Stack gap="md">
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={t('player.flashTitle')}
            styles={readableAlertTitle}
            data-testid="flash-unsupported"
          >
            {t('player.flashText')}
          </Alert>
          {content.downloadUrl ? (
            <FileDownloadCard url={content.downloadUrl} fileName={content.fileName ?? `${title}.swf`} />
          ) : null}
        </Stack>
      );
    case 'file':
      return (
        <Stack gap="md">
          {content.fileGroup === 'image' ? (
            <Box ta="center">
              <Image src={content.url} alt={title} radius="md" fit="contain" mah="70vh" />
            </Box>
          ) : null}
          {content.fileGroup === 'pdf' ? (
            // A preview that cannot open hides itself; the file stays there to download.
            <PdfPlayer src={content.url} title={title} onReport={async () => undefined} />
          ) : null}
          {content.fileGroup === 'video' ? (
            <video
              src={content.url}
              controls
              playsInline
              aria-label={title}
              style={{ width: '100%', maxHeight: '70vh', background: 'black', borderRadius: 8 }}
            />
          ) : null}
          {content.fileGroup === 'audio' ? (
            <audio src={content.url} controls aria-label={title} style={{ width: '100%' }} />
          ) : null}
          <FileDownloadCard url={content.url} fileName={content.fileName} size={content.size} />
        </Stack>
      );
    case 'unsupported':
      return (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={20} aria-hidden />}
          title={t('player.unsupportedTitle')}
          styles={readableAlertTitle}
        >
          {t('player.unsupportedText', { kind: t(`kinds.${content.activityKind}`) })}
        </Alert>
      );
  }
}
