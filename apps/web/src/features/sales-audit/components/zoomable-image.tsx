import { ActionIcon, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './sales-audit.module.css';

const STEPS = [1, 1.5, 2, 3, 4] as const;

/**
 * A private picture (already fetched into a blob URL) in a zoomable frame: buttons (and + / − / 0 on the
 * focused frame) zoom between 100 % and 400 %, and the frame scrolls to pan the enlarged picture (by
 * touch, mouse or arrow keys). Used by the sales' invoice photos and by the store photos.
 */
export function ZoomableImage({
  url,
  isError,
  title,
  alt,
}: {
  url: string | null;
  isError: boolean;
  title: string;
  alt: string;
}) {
  const { t } = useTranslation('sales-audit');
  const [step, setStep] = useState(0);
  const zoom = STEPS[step]!;
  const zoomIn = () => setStep((s) => Math.min(STEPS.length - 1, s + 1));
  const zoomOut = () => setStep((s) => Math.max(0, s - 1));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      zoomIn();
    } else if (e.key === '-') {
      e.preventDefault();
      zoomOut();
    } else if (e.key === '0') {
      e.preventDefault();
      setStep(0);
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={600} fz="sm">
          {title}
        </Text>
        <Group gap={4}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('photo.zoomOut')}
            onClick={zoomOut}
            disabled={step === 0}
          >
            <IconZoomOut size={18} aria-hidden />
          </ActionIcon>
          <Text fz="sm" w={90} ta="center" aria-live="polite" data-testid="zoom-level">
            {t('photo.zoom', { percent: Math.round(zoom * 100) })}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('photo.zoomIn')}
            onClick={zoomIn}
            disabled={step === STEPS.length - 1}
          >
            <IconZoomIn size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={t('photo.reset')} onClick={() => setStep(0)}>
            <IconZoomReset size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <div
        className={classes.photoFrame}
        tabIndex={0}
        role="group"
        aria-label={title}
        onKeyDown={onKey}
        data-testid="photo-frame"
      >
        {url ? (
          <img
            src={url}
            alt={alt}
            className={classes.photo}
            style={{ width: `${zoom * 100}%` }}
            onClick={() => setStep((s) => (s === 0 ? 2 : 0))}
          />
        ) : isError ? (
          <Center p="md">
            <Text c="red.8" role="alert" fz="sm">
              {t('photo.error')}
            </Text>
          </Center>
        ) : (
          <Center p="xl">
            <Loader size="sm" aria-label={title} />
          </Center>
        )}
      </div>
    </Stack>
  );
}
