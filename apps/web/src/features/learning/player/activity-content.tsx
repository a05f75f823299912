import { Alert, Box, Image, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { PlayerContent, ProgressResponse } from '@trilha/contracts/learning';
import { isGameKind } from '@trilha/contracts/learning/games';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commitScorm, reportProgress } from '../api/player';
import { readableAlertTitle } from '../components/lock-note';
import { EmbeddedVideoPlayer } from './kinds/embedded-video-player';
import { FileDownloadCard } from './kinds/file-download-card';
import { FramePlayer } from './kinds/frame-player';
import { MediaPlayer } from './kinds/media-player';
import { PdfPlayer } from './kinds/pdf-player';
import { ScormPlayer } from './kinds/scorm-player';
import { SlideshareDeck } from './kinds/slideshare-deck';
import { ReactionActivity } from './reaction/reaction-player';
import { TestPlayer } from './test/test-player';
import type { MediaReport } from './kinds/use-media-reporting';
import { commitElements } from './progress/scorm-mapping';
import { useCompletionReports, type CompletionRule } from './use-completion-reports';

/** The eight game kinds: their own chunk (dnd-kit and the boards), loaded when a game opens. */
const GameActivity = lazy(() => import('../../games/components/game-activity'));

export interface ActivityContentProps {
  activityId: number;
  title: string;
  content: PlayerContent;
  completed: boolean;
  onProgress: (response: ProgressResponse) => void;
  /** How the activity completes (the payload's `activity.completion`). */
  completion?: CompletionRule | null;
  /** The trail the course was opened in (tests count attempts per course, inside a trail or not). */
  trailId?: number | null;
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
export function ActivityContent({
  activityId,
  title,
  content,
  completed,
  onProgress,
  completion = null,
  trailId = null,
}: ActivityContentProps) {
  const { t } = useTranslation('learning');
  const [failed, setFailed] = useState(false);
  const onError = useCallback(() => setFailed(true), []);
  // Opening completes nothing: the server rules from loads, downloads, pages and heartbeats.
  const { onLoaded, refresh } = useCompletionReports({
    activityId,
    rule: completion,
    needsLoad: content.kind === 'html' || content.kind === 'slideshare',
    onProgress,
  });

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
          initialCmi={content.cmi}
          attempt={content.attempt}
          maxAttempts={content.maxAttempts}
          review={content.mode === 'review'}
          onCommit={async (cmi, _summary, terminate) => {
            // A review records nothing: the attempt is over and the server would refuse it.
            if (content.mode === 'review') return;
            onProgress(await commitScorm(activityId, commitElements(cmi), terminate, content.attempt));
          }}
        />
      );
    case 'html':
      return (
        <FramePlayer
          src={content.url}
          title={title}
          sandbox="allow-scripts allow-forms"
          onViewed={onLoaded}
        />
      );
    case 'slideshare':
      return <SlideshareDeck url={content.embedUrl} title={title} onViewed={onLoaded} />;
    case 'ppt':
      return (
        <FileDownloadCard
          url={content.downloadUrl}
          fileName={content.fileName}
          size={content.size}
          onDownloaded={refresh}
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
            <FileDownloadCard
              url={content.downloadUrl}
              fileName={content.fileName ?? `${title}.swf`}
              onDownloaded={refresh}
            />
          ) : null}
        </Stack>
      );
    case 'file':
      return (
        <Stack gap="md">
          {content.fileGroup === 'image' ? (
            <Box ta="center">
              <Image src={content.url} alt={title} radius="md" fit="contain" mah="70vh" onLoad={onLoaded} />
            </Box>
          ) : null}
          {content.fileGroup === 'pdf' ? (
            // A preview that cannot open hides itself; the file stays there to download.
            // Its first page report means the document really loaded.
            <PdfPlayer src={content.url} title={title} onReport={async () => onLoaded()} />
          ) : null}
          {content.fileGroup === 'video' ? (
            <video
              src={content.url}
              controls
              playsInline
              aria-label={title}
              onLoadedData={onLoaded}
              style={{ width: '100%', maxHeight: '70vh', background: 'black', borderRadius: 8 }}
            />
          ) : null}
          {content.fileGroup === 'audio' ? (
            <audio
              src={content.url}
              controls
              aria-label={title}
              onLoadedData={onLoaded}
              style={{ width: '100%' }}
            />
          ) : null}
          <FileDownloadCard
            url={content.downloadUrl}
            fileName={content.fileName}
            size={content.size}
            onDownloaded={refresh}
          />
        </Stack>
      );
    case 'test':
      return <TestPlayer activityId={activityId} trailId={trailId} />;
    case 'reaction':
      return <ReactionActivity activityId={activityId} trailId={trailId ?? null} onProgress={onProgress} />;
    case 'unsupported':
      if (isGameKind(content.activityKind))
        return (
          <Suspense fallback={<Skeleton h={240} radius="md" />}>
            <GameActivity activityId={activityId} trailId={trailId} onFinished={refresh} />
          </Suspense>
        );
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
