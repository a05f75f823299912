import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconAlertTriangle, IconCloudUpload, IconFileCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';
import { uploadFile } from '../api/upload';

export interface UploadFieldProps<T> {
  url: string;
  schema: z.ZodType<T>;
  accept?: Record<string, string[]>;
  /** What the drop zone says it takes ("PDF up to 200 MB"). */
  hint: string;
  label: string;
  /** The file already stored, if any. */
  current?: string | null;
  onUploaded: (value: T) => void;
}

/**
 * Why the server refused an upload, with the limit it names (`{ megabytes: 512 }` in the details of
 * UPLOAD_TOO_LARGE, say): the type, the size, the content, the unpacked size or the number of files.
 */
function uploadErrorText(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.details &&
    typeof error.details === 'object' &&
    !Array.isArray(error.details)
  ) {
    return errorText(error.code, error.details as Record<string, unknown>);
  }
  return apiErrorText(error);
}

/** Drop zone + real upload progress (bytes sent) + the server's verdict in words. */
export function UploadField<T>({
  url,
  schema,
  accept,
  hint,
  label,
  current,
  onUploaded,
}: UploadFieldProps<T>) {
  const { t } = useTranslation('learning-admin');
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    setName(file.name);
    setProgress(0);
    try {
      const value = await uploadFile(url, file, { schema, onProgress: setProgress });
      onUploaded(value);
    } catch (e) {
      setError(uploadErrorText(e));
    } finally {
      setProgress(null);
    }
  };

  const onReject = (rejections: FileRejection[]) => {
    setError(
      rejections[0]?.errors[0]?.code === 'file-invalid-type' ? t('upload.wrongType') : t('upload.rejected'),
    );
  };

  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <Dropzone
        onDrop={(files) => files[0] && void upload(files[0])}
        onReject={onReject}
        accept={accept}
        multiple={false}
        loading={progress !== null}
        aria-label={label}
        data-testid="upload-dropzone"
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconFileCheck size={36} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={36} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fz="sm" fw={500}>
              {t('upload.drop')}
            </Text>
            <Text fz="xs" c="dimmed">
              {hint}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {progress !== null ? (
        <Stack gap={4}>
          <Text fz="xs" c="dimmed">
            {t('upload.sending', { name: name ?? '', percent: Math.round(progress * 100) })}
          </Text>
          <Progress
            value={progress * 100}
            aria-label={t('upload.progress')}
            data-testid="upload-progress"
            animated
          />
        </Stack>
      ) : current ? (
        <Text fz="xs" c="teal.8" data-testid="upload-current">
          {t('upload.current', { name: current })}
        </Text>
      ) : null}
      {error ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
          data-testid="upload-error"
        >
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
