import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  Input,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCamera, IconCheck, IconPhoto } from '@tabler/icons-react';
import { photoLimits } from '@trilha/contracts/photos';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';
import { useMyPhotos, usePhotoWeek, useSendPhoto } from '../api/photos';
import { useMyCampaigns, useSaleStores, type StoreOption } from '../api/sales';
import { useFormat } from '../components/format';
import { ReportItem, ReportStatusBadge } from '../components/my-sales';
import classes from '../components/sales.module.css';

const newKey = () => crypto.randomUUID();
const storeLabel = (s: { name: string; city: string }) => `${s.name} · ${s.city}`;

function Preview({ file }: { file: File }) {
  const url = useMemo(
    () => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ? <Image src={url} alt="" h={120} w="100%" maw={220} fit="cover" radius="sm" /> : null;
}

/** My photos, newest first, with their status (and the auditor's reason) and points. */
function MyPhotos() {
  const { t } = useTranslation('sales');
  const f = useFormat();
  const [page, setPage] = useState(1);
  const mine = useMyPhotos(page);
  const data = mine.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-photos-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Title order={2} fz="h3" id="my-photos-title">
          {t('photos.mine.title')}
        </Title>
        {data ? (
          <Text fz="sm" data-testid="photos-pending-points">
            {t('mine.pendingPoints', { points: f.number(data.pendingPoints) })}
          </Text>
        ) : null}
      </Group>
      {mine.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{apiErrorText(mine.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void mine.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <Skeleton h={64} aria-label={t('loading')} />
      ) : data.total === 0 ? (
        <Text c="dimmed">{t('photos.mine.empty')}</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('photos.mine.list')}
        >
          {data.items.map((p) => (
            <ReportItem
              key={p.id}
              title={p.photoTypeName}
              details={
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('photos.mine.line', {
                    store: p.storeName,
                    from: f.date(`${p.weekStart}T12:00:00Z`),
                    to: f.date(`${p.weekEnd}T12:00:00Z`),
                  })}
                </Text>
              }
              status={p.status}
              statusLabel={t(`photos.status.${p.status}`)}
              rejectionReason={p.rejectionReason}
              points={p.points}
            />
          ))}
        </Stack>
      )}
      {data ? (
        <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
      ) : null}
    </Stack>
  );
}

/**
 * `/upload-photos`: the store photos of the week. Pick the store, see each photo type's status this week
 * (Monday to Sunday in the store's time zone), take or choose the picture of a type not yet sent and
 * confirm it (one Idempotency-Key per confirmation); then my photos with their status.
 */
export default function UploadPhotosPage() {
  const { t } = useTranslation('sales');
  const f = useFormat();
  const campaigns = useMyCampaigns();
  const open = (campaigns.data?.items ?? []).filter(
    (c) => c.status === 'active' && c.registration?.status === 'active',
  );
  const [campaignChoice, setCampaignChoice] = useState<number | null>(null);
  const campaign = open.find((c) => c.id === campaignChoice) ?? open[0] ?? null;
  const campaignId = campaign?.id ?? null;
  const [search, setSearch] = useState<string | null>(null);
  const [debounced] = useDebouncedValue((search ?? '').trim(), 300);
  const firstStores = useSaleStores(campaignId, '');
  const stores = useSaleStores(campaignId, debounced);
  const [picked, setPicked] = useState<{ campaignId: number; store: StoreOption } | null>(null);
  const store =
    picked?.campaignId === campaignId
      ? picked.store
      : (firstStores.data?.items.find((s) => s.id === campaign?.registration?.storeId) ?? null);
  const storeOptions = (stores.data?.items ?? [])
    .concat(store && !stores.data?.items.some((s) => s.id === store.id) ? [store] : [])
    .map((s) => ({ value: String(s.id), label: storeLabel(s) }));
  const week = usePhotoWeek(campaignId, store?.id ?? null);
  const send = useSendPhoto();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<{ typeId: number; file: File; key: string } | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ typeId: number; text: string } | null>(null);
  const [sent, setSent] = useState<{ typeName: string; points: number } | null>(null);

  const pick = (typeId: number) => {
    setTarget(typeId);
    setProblem(null);
    setSent(null);
    input.current?.click();
  };
  const confirm = () => {
    if (!draft || campaignId === null || !store || send.isPending) return;
    send.mutate(
      {
        body: { campaignId, storeId: store.id, photoTypeId: draft.typeId },
        image: draft.file,
        key: draft.key,
      },
      {
        onSuccess: (photo) => {
          setDraft(null);
          setSent({ typeName: photo.photoTypeName, points: photo.points });
        },
        onError: (error) => setProblem({ typeId: draft.typeId, text: apiErrorText(error) }),
      },
    );
  };

  const header = (
    <Stack gap={4}>
      <Title order={1}>{t('photos.title')}</Title>
      <Text c="dimmed">{t('photos.intro')}</Text>
    </Stack>
  );
  if (campaigns.isPending)
    return (
      <Stack gap="lg" maw={760} mx="auto" w="100%">
        {header}
        <Skeleton h={160} aria-label={t('loading')} />
      </Stack>
    );
  if (campaigns.isError)
    return (
      <Stack gap="lg" maw={760} mx="auto" w="100%">
        {header}
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{apiErrorText(campaigns.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void campaigns.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  if (!campaign)
    return (
      <Stack gap="lg" maw={760} mx="auto" w="100%">
        {header}
        <Stack align="center" py="xl" gap="xs">
          <IconPhoto size={40} stroke={1.4} aria-hidden />
          <Text fw={600}>{t('noCampaign')}</Text>
          <Button component={Link} to="/campaigns" variant="light">
            {t('seeCampaigns')}
          </Button>
        </Stack>
        <MyPhotos />
      </Stack>
    );

  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      {header}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        data-testid="photo-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file || target === null) return;
          if (file.size > photoLimits.imageBytes) {
            setProblem({
              typeId: target,
              text: errorText('PHOTOS_IMAGE_TOO_LARGE', { megabytes: photoLimits.imageBytes / 1024 / 1024 }),
            });
            return;
          }
          setDraft({ typeId: target, file, key: newKey() });
        }}
      />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          {open.length > 1 ? (
            <Select
              label={t('form.campaign')}
              data={open.map((c) => ({ value: String(c.id), label: c.name }))}
              value={String(campaignId)}
              onChange={(v) => v && setCampaignChoice(Number(v))}
              allowDeselect={false}
            />
          ) : (
            <Stack gap={0}>
              <Input.Label labelElement="div">{t('form.campaign')}</Input.Label>
              <Text>{campaign.name}</Text>
            </Stack>
          )}
          <Select
            label={t('form.store')}
            placeholder={t('form.storeSearch')}
            data={storeOptions}
            value={store ? String(store.id) : null}
            searchable
            searchValue={search ?? (store ? storeLabel(store) : '')}
            onSearchChange={(v) => setSearch(v === '' || storeOptions.some((o) => o.label === v) ? null : v)}
            onChange={(v) => {
              const chosen = v ? stores.data?.items.find((x) => x.id === Number(v)) : undefined;
              if (chosen && campaignId !== null) setPicked({ campaignId, store: chosen });
              setDraft(null);
              setProblem(null);
              setSent(null);
            }}
            nothingFoundMessage={t('form.noStore')}
          />
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="week-title">
        <Title order={2} fz="h3" id="week-title">
          {t('photos.week.title')}
        </Title>
        {week.data ? (
          <Text fz="sm" c="dimmed">
            {t('photos.week.range', {
              from: f.date(`${week.data.weekStart}T12:00:00Z`),
              to: f.date(`${week.data.weekEnd}T12:00:00Z`),
              zone: week.data.timeZone,
            })}
          </Text>
        ) : null}
        {sent ? (
          <Alert
            color="teal"
            role="status"
            icon={<IconCheck size={18} aria-hidden />}
            className={classes.celebrate}
          >
            {t('photos.sent', { type: sent.typeName, points: f.number(sent.points) })}
          </Alert>
        ) : null}
        {!store ? (
          <Text c="dimmed">{t('photos.week.pickStore')}</Text>
        ) : week.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(week.error)}
          </Alert>
        ) : !week.data ? (
          <Skeleton h={120} aria-label={t('loading')} />
        ) : week.data.items.length === 0 ? (
          <Text c="dimmed">{t('photos.week.noTypes')}</Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('photos.week.list')}
          >
            {week.data.items.map(({ photoType, photo }) => {
              const mineDraft = draft?.typeId === photoType.id ? draft : null;
              return (
                <Card
                  key={photoType.id}
                  component="li"
                  withBorder
                  radius="md"
                  padding="sm"
                  aria-label={photoType.name}
                >
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600}>{photoType.name}</Text>
                        <Text fz="xs" c="dimmed">
                          {t('photos.week.worth', { points: f.number(photoType.points) })}
                        </Text>
                      </Stack>
                      {photo ? (
                        <ReportStatusBadge status={photo.status} label={t(`photos.status.${photo.status}`)} />
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconCamera size={14} aria-hidden />}
                          onClick={() => pick(photoType.id)}
                          aria-label={t('photos.take', { type: photoType.name })}
                          style={{ flexShrink: 0 }}
                        >
                          {mineDraft ? t('form.photoChange') : t('photos.takeShort')}
                        </Button>
                      )}
                    </Group>
                    {photo ? (
                      <Text fz="xs" c="dimmed">
                        {t('photos.week.taken')}
                      </Text>
                    ) : null}
                    {mineDraft && !photo ? (
                      <Stack gap="xs">
                        <Preview file={mineDraft.file} />
                        <Group gap="sm">
                          <Button onClick={confirm} loading={send.isPending}>
                            {t('photos.confirm', { type: photoType.name })}
                          </Button>
                          <Button variant="subtle" onClick={() => setDraft(null)} disabled={send.isPending}>
                            {t('photos.cancel')}
                          </Button>
                        </Group>
                      </Stack>
                    ) : null}
                    {problem?.typeId === photoType.id ? (
                      <Text fz="sm" c="red.8" role="alert">
                        {problem.text}
                      </Text>
                    ) : null}
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
      <MyPhotos />
    </Stack>
  );
}
