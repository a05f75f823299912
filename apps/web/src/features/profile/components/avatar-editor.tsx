import { Alert, Avatar, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { AVATAR_MAX_BYTES, type ProfileResponse } from '@trilha/contracts/profile';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useRemoveAvatar, useUploadAvatar } from '../api/profile';
import { apiErrorText } from '../../../lib/form-errors';

const accepted = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/**
 * The avatar with a crop step: the user frames a square of the picture; the original and the square's
 * pixels go to the server, which cuts, scales and re-encodes it.
 */
export function AvatarEditor({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const pick = (picked: File | null) => {
    setLocalError(null);
    if (!picked) return;
    if (!accepted.includes(picked.type)) return setLocalError(t('avatar.wrongType'));
    if (picked.size > AVATAR_MAX_BYTES)
      return setLocalError(t('avatar.tooLarge', { megabytes: AVATAR_MAX_BYTES / 1024 / 1024 }));
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setUrl(URL.createObjectURL(picked));
    setFile(picked);
  };
  const close = () => {
    if (url) URL.revokeObjectURL(url);
    setFile(null);
    setUrl(null);
    upload.reset();
  };
  const save = async () => {
    if (!file) return;
    const done = await upload.mutateAsync({ file, crop: area }).catch(() => null);
    if (done) {
      notifications.show({ color: 'teal', message: t('avatar.saved') });
      close();
    }
  };

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <Avatar
        src={profile.avatarUrl}
        name={profile.fullName}
        color="initials"
        size={96}
        radius={999}
        alt={t('avatar.alt', { name: profile.fullName })}
      />
      <Stack gap={6}>
        <Text fw={700} fz="lg" lh={1.2}>
          {profile.fullName}
        </Text>
        <Group gap="xs">
          <FileButton onChange={pick} accept={accepted.join(',')}>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={16} aria-hidden />}>
                {t('avatar.change')}
              </Button>
            )}
          </FileButton>
          {profile.avatarUrl ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t('avatar.remove')}
            </Button>
          ) : null}
        </Group>
        {localError ? (
          <Text c="red" fz="sm" role="alert">
            {localError}
          </Text>
        ) : null}
      </Stack>
      <Modal opened={Boolean(file)} onClose={close} title={t('avatar.cropTitle')} size="lg" centered>
        <Stack gap="md">
          <div
            style={{
              position: 'relative',
              width: '100%',
              height: 320,
              background: 'var(--mantine-color-dark-7)',
              borderRadius: 8,
              overflow: 'hidden',
            }}
          >
            {url ? (
              <Cropper
                image={url}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            ) : null}
          </div>
          <Text fz="sm" c="dimmed">
            {t('avatar.cropHint')}
          </Text>
          <div>
            <Text fz="sm" fw={500} id="avatar-zoom">
              {t('avatar.zoom')}
            </Text>
            <Slider
              value={zoom}
              min={1}
              max={3}
              step={0.05}
              onChange={setZoom}
              label={null}
              thumbProps={{ 'aria-labelledby': 'avatar-zoom' }}
            />
          </div>
          {upload.isError ? (
            <Alert color="red" role="alert">
              {apiErrorText(upload.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void save()} loading={upload.isPending} disabled={!area}>
              {t('avatar.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
