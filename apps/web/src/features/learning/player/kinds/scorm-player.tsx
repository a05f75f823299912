import { Alert, Box, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  summarizeScorm,
  type FlatCmi,
  type ScormSummary,
  type ScormVersion,
} from '../progress/scorm-mapping';
import { readableAlertTitle } from '../../components/lock-note';
import { connectScormFrame, scormFrameName, scormSandbox } from './scorm-bridge';
import { attachScormRuntime, type ScormRuntime } from './scorm-runtime';
import { WrapBadge } from '../../../../components/wrap-badge';

export interface ScormPlayerProps {
  version: ScormVersion;
  /** The package's launch file, served by the content origin. */
  launchUrl: string;
  title: string;
  /** Runtime data saved by earlier sessions (and what the server supplies: learner, mastery score). */
  initialCmi: FlatCmi;
  /** The attempt this launch belongs to, and how many the author allows (null: no limit). */
  attempt?: number;
  maxAttempts?: number | null;
  /** The last attempt is over and no other may start: the package opens for review, nothing is recorded. */
  review?: boolean;
  onCommit: (cmi: FlatCmi, summary: ScormSummary, terminate: boolean) => Promise<unknown>;
  autocommitSeconds?: number;
}

const statusColor: Record<string, string> = {
  passed: 'teal',
  failed: 'red',
  completed: 'teal',
  incomplete: 'yellow',
};

/** A SCORM 1.2 or 2004 package in an iframe, with the runtime in this window and its status beside it. */
export function ScormPlayer({
  version,
  launchUrl,
  title,
  initialCmi,
  attempt = 1,
  maxAttempts = null,
  review = false,
  onCommit,
  autocommitSeconds,
}: ScormPlayerProps) {
  const { t } = useTranslation('learning');
  const [runtime, setRuntime] = useState<ScormRuntime | null>(null);
  const [failed, setFailed] = useState(false);
  const [summary, setSummary] = useState(() => summarizeScorm(version, initialCmi));
  const onCommitRef = useRef(onCommit);
  const [initial] = useState(initialCmi);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const appOrigin = window.location.origin;
  const contentOrigin = new URL(launchUrl, window.location.href).origin;

  useEffect(() => {
    onCommitRef.current = onCommit;
  }, [onCommit]);

  useEffect(() => {
    let active = true;
    let attached: ScormRuntime | null = null;
    attachScormRuntime({
      version,
      initial,
      autocommitSeconds,
      commit: (cmi, terminate) => {
        const next = summarizeScorm(version, cmi);
        if (active) setSummary(next);
        return onCommitRef.current(cmi, next, terminate);
      },
    }).then(
      (rt) => {
        if (!active) {
          rt.detach();
          return;
        }
        attached = rt;
        const refresh = () => setSummary(summarizeScorm(version, rt.snapshot()));
        rt.on(version === '1.2' ? 'LMSSetValue.cmi.*' : 'SetValue.cmi.*', refresh);
        setRuntime(rt);
      },
      () => active && setFailed(true),
    );
    return () => {
      active = false;
      // Leaving the player: end the session (it commits) if the package did not, then unhook the API.
      attached?.finish();
      attached?.detach();
    };
  }, [version, initial, autocommitSeconds]);

  // The package runs on the content origin: its calls arrive by postMessage from its frame only. Connected
  // in the same task as the frame is inserted (a layout effect): a passive effect may run after a cached
  // package already sent its first call (Initialize), which would then be lost.
  useLayoutEffect(() => {
    if (!runtime) return;
    return connectScormFrame({ frame: () => frameRef.current, contentOrigin, runtime });
  }, [runtime, contentOrigin]);

  if (failed) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={t('scorm.failedTitle')}
        styles={readableAlertTitle}
      >
        {t('scorm.failed')}
      </Alert>
    );
  }

  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <Group
        gap="xs"
        p="xs"
        bg="gray.0"
        justify="space-between"
        wrap="wrap"
        aria-live="polite"
        data-testid="scorm-status"
      >
        <Text fz="sm" c="dimmed">
          {t('scorm.standard', { version })}
          {review ? null : attempt > 1 || maxAttempts !== null ? (
            <span data-testid="scorm-attempt">
              {' · '}
              {maxAttempts !== null
                ? t('scorm.attemptOf', { attempt, max: maxAttempts })
                : t('scorm.attempt', { attempt })}
            </span>
          ) : null}
        </Text>
        <Group gap={6}>
          <WrapBadge
            variant="light"
            color={statusColor[summary.completion] ?? 'gray'}
            data-testid="scorm-completion"
          >
            {t(`scorm.completion.${summary.completion}`)}
          </WrapBadge>
          {summary.success !== 'unknown' ? (
            <WrapBadge
              variant="filled"
              color={`${statusColor[summary.success] ?? 'gray'}.9`}
              data-testid="scorm-success"
            >
              {t(`scorm.success.${summary.success}`)}
            </WrapBadge>
          ) : null}
          {summary.scorePercent !== null ? (
            <WrapBadge variant="outline" color="gray" data-testid="scorm-score">
              {t('scorm.score', { score: summary.scorePercent })}
            </WrapBadge>
          ) : null}
        </Group>
      </Group>
      {review ? (
        <Alert
          color="blue"
          variant="light"
          radius={0}
          icon={<IconInfoCircle size={18} aria-hidden />}
          data-testid="scorm-review"
        >
          {t('scorm.review')}
        </Alert>
      ) : null}
      <Box pos="relative" h={{ base: '70vh', sm: '75vh' }} mih={420}>
        {runtime ? (
          <iframe
            ref={frameRef}
            src={launchUrl}
            name={scormFrameName(version, initial, appOrigin)}
            title={title}
            sandbox={scormSandbox(launchUrl, appOrigin)}
            style={{ border: 0, width: '100%', height: '100%', display: 'block', background: 'white' }}
            data-testid="scorm-frame"
          />
        ) : (
          <Group justify="center" p="xl">
            <Loader role="status" aria-label={t('scorm.loading')} />
          </Group>
        )}
      </Box>
    </Paper>
  );
}
