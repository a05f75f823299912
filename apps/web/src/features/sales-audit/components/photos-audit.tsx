import { Alert, Grid, Group, Modal, Paper, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCopy } from '@tabler/icons-react';
import { photoLimits, photoStatuses, type AuditPhoto, type PhotoStatus } from '@trilha/contracts/photos';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { WrapBadge } from '../../../components/wrap-badge';
import { currentLanguage, formatDate } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import { usePhotoDecide, usePhotoQueue, useStorePhotoImage } from '../api/photos-audit';
import { SaleStatusBadge } from './badges';
import { DecisionForm } from './decision-form';
import { FactList } from './facts';
import { ZoomableImage } from './zoomable-image';

const number = (n: number) => new Intl.NumberFormat(currentLanguage()).format(n);

/** The exact-duplicate signal: other photos sent with the same image bytes (text, not colour alone). */
export function SameImageBadge({ count }: { count: number }) {
  const { t } = useTranslation('sales-audit');
  if (count === 0) return null;
  return (
    <WrapBadge
      color="orange"
      variant="light"
      leftSection={<IconCopy size={12} aria-hidden />}
      data-testid="photo-same-image"
    >
      {t('photos.sameImage', { count })}
    </WrapBadge>
  );
}

function PhotoRow({ photo, onOpen }: { photo: AuditPhoto; onOpen: () => void }) {
  const { t } = useTranslation('sales-audit');
  return (
    <Paper withBorder radius="md" p="md" data-testid="audit-photo">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <UnstyledButton
            onClick={onOpen}
            aria-label={t('photos.open', { type: photo.photoTypeName, store: photo.storeName })}
            style={{ minWidth: 0 }}
          >
            <Text fw={600} c="blue.8" td="underline" style={{ overflowWrap: 'anywhere' }}>
              {photo.photoTypeName} · {photo.storeName}
            </Text>
          </UnstyledButton>
          <SaleStatusBadge status={photo.status} />
        </Group>
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('photos.line', {
            name: photo.userName,
            from: formatDate(photo.weekStart),
            to: formatDate(photo.weekEnd),
          })}
        </Text>
        <Text fz="sm">{t('photos.points', { points: number(photo.points) })}</Text>
        <SameImageBadge count={photo.sameImage} />
      </Stack>
    </Paper>
  );
}

/** Approve, or reject with a reason (only a pending photo is decided). */
function Decide({ photo, onDone }: { photo: AuditPhoto; onDone: () => void }) {
  const { t } = useTranslation('sales-audit');
  const decide = usePhotoDecide();
  if (photo.status !== 'pending') return null;
  return (
    <DecisionForm
      canApprove
      rejectLabel={t('actions.reject')}
      reasonHint={t('photos.reasonHint')}
      reasonMax={photoLimits.reason}
      pending={decide.isPending}
      error={decide.error}
      refusalTestId="photo-refusal"
      onDecide={(decision, done) =>
        decide.mutate(
          { id: photo.id, ...decision, key: crypto.randomUUID() },
          {
            onSuccess: () => {
              const kind = decision.action === 'approve' ? 'approved' : 'rejected';
              showNotification({
                color: 'teal',
                message: t(`photos.${kind}`, { type: photo.photoTypeName, store: photo.storeName }),
              });
              done();
              onDone();
            },
          },
        )
      }
    />
  );
}

function PhotoDetail({ photo, onClose }: { photo: AuditPhoto | null; onClose: () => void }) {
  const { t } = useTranslation('sales-audit');
  const phone = useMediaQuery('(max-width: 48em)');
  const image = useStorePhotoImage(photo?.id ?? null);
  const label = photo ? { type: photo.photoTypeName, store: photo.storeName } : { type: '', store: '' };
  const rows: [string, string][] = photo
    ? [
        [t('photos.sender'), photo.userName],
        [t('detail.store'), photo.storeName],
        [t('photos.type'), photo.photoTypeName],
        [
          t('photos.week'),
          t('photos.weekRange', { from: formatDate(photo.weekStart), to: formatDate(photo.weekEnd) }),
        ],
        [t('photos.sentAt'), formatDate(photo.createdAt)],
        [t('photos.pointsLabel'), number(photo.points)],
      ]
    : [];
  return (
    <Modal
      opened={photo !== null}
      onClose={onClose}
      size="70rem"
      fullScreen={Boolean(phone)}
      title={t('photos.detailTitle', label)}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      {photo ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ZoomableImage
              url={image.url}
              isError={image.isError}
              title={t('photos.imageTitle')}
              alt={t('photos.alt', label)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Group gap="xs">
                <SaleStatusBadge status={photo.status} />
                <SameImageBadge count={photo.sameImage} />
              </Group>
              {photo.sameImage > 0 ? (
                <Alert color="orange" p="xs">
                  <Text fz="sm">{t('photos.sameImageHint', { count: photo.sameImage })}</Text>
                </Alert>
              ) : null}
              <FactList rows={rows} />
              {photo.status === 'rejected' && photo.rejectionReason ? (
                <Text fz="sm">{t('detail.reason', { reason: photo.rejectionReason })}</Text>
              ) : null}
              <Decide key={photo.id} photo={photo} onDone={onClose} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : null}
    </Modal>
  );
}

/** The store photos' queue of the audit page: by status, pending first, each opened beside its decision. */
export function PhotosAudit() {
  const { t } = useTranslation('sales-audit');
  const [status, setStatus] = useState<PhotoStatus | null>('pending');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditPhoto | null>(null);
  const query = usePhotoQueue(status, page);
  const data = query.data;
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('photos.intro')}</Text>
      <Group component="section" aria-label={t('filters.heading')} align="flex-end">
        <Select
          label={t('filters.status')}
          data={[
            { value: 'all', label: t('filters.all') },
            ...photoStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          value={status ?? 'all'}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
          onChange={(v) => {
            setStatus(!v || v === 'all' ? null : (v as PhotoStatus));
            setPage(1);
          }}
        />
      </Group>
      <Text fz="sm" c="dimmed" aria-live="polite" data-testid="photo-count">
        {data ? t('photos.count', { count: data.total }) : ''}
      </Text>
      <ListState
        pending={query.isPending}
        error={query.isError ? query.error : null}
        empty={(data?.items.length ?? 0) === 0}
        emptyText={t('photos.empty')}
        onRetry={() => void query.refetch()}
      >
        <Stack gap="sm">
          {data?.items.map((photo) => (
            <PhotoRow key={photo.id} photo={photo} onOpen={() => setOpen(photo)} />
          ))}
        </Stack>
        {data ? (
          <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        ) : null}
      </ListState>
      <PhotoDetail photo={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
