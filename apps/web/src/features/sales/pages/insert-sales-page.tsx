import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Group,
  Image,
  Input,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCamera, IconCheck, IconReceipt, IconTrash } from '@tabler/icons-react';
import { salesLimits } from '@trilha/contracts/sales';
import { todayIn } from '@trilha/domain/dates';
import { creditedPoints } from '@trilha/domain/points';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Celebration } from '../../../components/celebration';
import { DateField } from '../../../components/date-field';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';
import {
  useCampaignProducts,
  useMyCampaigns,
  useReportSale,
  useSaleStores,
  type StoreOption,
} from '../api/sales';
import { useFormat } from '../components/format';
import classes from '../components/sales.module.css';
import { MySales } from '../components/my-sales';
import { ProductPicker } from '../components/product-picker';
import {
  linePoints,
  reportBody,
  saleErrorField,
  type DraftLine,
  type SaleField,
} from '../components/sale-form';

type Errors = Partial<Record<SaleField, string>>;

const newKey = () => crypto.randomUUID();
const storeLabel = (s: { name: string; city: string }) => `${s.name} · ${s.city}`;

/** A picture chosen for the invoice, shown small before it is sent. */
function PhotoPreview({ file }: { file: File }) {
  const url = useMemo(
    () => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ? <Image src={url} alt="" h={72} w={72} fit="cover" radius="sm" /> : null;
}

/**
 * `/insert-sales`: report a sale of a campaign I am registered in (retailer, store, date, invoice number
 * and photo, observation, products picked brand → … → SKU with the points they would earn at my level),
 * with one Idempotency-Key per confirmation; then my sales with their status.
 */
export default function InsertSalesPage() {
  const { t } = useTranslation('sales');
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const tab = params.get('view') === 'mine' ? 'mine' : 'report';
  const campaigns = useMyCampaigns();
  const mineOpen = (campaigns.data?.items ?? []).filter(
    (c) => c.status === 'active' && c.registration?.status === 'active',
  );
  const campaignNames = useMemo(
    () => new Map((campaigns.data?.items ?? []).map((c) => [c.id, c.name])),
    [campaigns.data],
  );

  const [campaignChoice, setCampaignChoice] = useState<number | null>(null);
  const campaign = mineOpen.find((c) => c.id === campaignChoice) ?? mineOpen[0] ?? null;
  const campaignId = campaign?.id ?? null;

  // What the user typed to find a store (null: nothing typed, the field shows the chosen store).
  const [storeSearch, setStoreSearch] = useState<string | null>(null);
  const [debounced] = useDebouncedValue((storeSearch ?? '').trim(), 300);
  const stores = useSaleStores(campaignId, debounced);
  // The first stores (where my registration's store is found) and those matching what is typed.
  const firstStores = useSaleStores(campaignId, '');
  const [retailerChoice, setRetailerChoice] = useState<number | null>(null);
  const [picked, setPicked] = useState<{ campaignId: number; store: StoreOption | null } | null>(null);
  const registeredStore =
    firstStores.data?.items.find((s) => s.id === campaign?.registration?.storeId) ?? null;
  const store = picked?.campaignId === campaignId ? picked.store : registeredStore;
  const storeId = store?.id ?? null;
  const retailerId = retailerChoice ?? store?.retailerId ?? null;
  const retailers = useMemo(() => {
    const byId = new Map<number, string>();
    for (const s of [...(stores.data?.items ?? []), ...(store ? [store] : [])])
      byId.set(s.retailerId, s.retailerName);
    return [...byId].map(([id, name]) => ({ value: String(id), label: name }));
  }, [stores.data, store]);
  const storeOptions = (stores.data?.items ?? [])
    .filter((s) => retailerId === null || s.retailerId === retailerId)
    .concat(store && !stores.data?.items.some((s) => s.id === store.id) ? [store] : [])
    .map((s) => ({ value: String(s.id), label: storeLabel(s) }));

  const products = useCampaignProducts(campaignId);
  const productById = useMemo(
    () => new Map((products.data?.items ?? []).map((p) => [p.productId, p])),
    [products.data],
  );

  const [saleDate, setSaleDate] = useState<string | null>(null);
  const today = todayIn(store?.timeZone);
  const date = saleDate ?? today;
  const [invoice, setInvoice] = useState('');
  const [observation, setObservation] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const report = useReportSale();
  // One key per confirmation: the same report sent again (a second tap, a retry) keeps it, any change
  // to what is sent takes a new one.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const [done, setDone] = useState<{ points: number; invoice: string } | null>(null);

  const multiplier = products.data?.multiplier ?? 1;
  const points = linePoints(lines, productById, multiplier);
  const photoRequired = store?.phonesAndCamerasAllowed ?? false;

  const clearError = (field: SaleField) =>
    setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    const found: Errors = {};
    if (campaignId === null) found.campaign = t('form.required');
    if (storeId === null) found.store = t('form.required');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.saleDate = t('form.dateInvalid');
    else if (date > today) found.saleDate = errorText('SALES_DATE_IN_FUTURE');
    if (!invoice.trim()) found.invoiceNumber = t('form.required');
    else if (!/^[\p{L}\p{N}./-]+$/u.test(invoice.trim())) found.invoiceNumber = t('form.invoiceInvalid');
    if (photoRequired && !photo) found.photo = errorText('SALES_PHOTO_REQUIRED');
    else if (photo && photo.size > salesLimits.photoBytes)
      found.photo = errorText('SALES_PHOTO_TOO_LARGE', { megabytes: salesLimits.photoBytes / 1024 / 1024 });
    if (lines.length === 0) found.lines = t('form.noLines');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = reportBody({
      campaignId: campaignId!,
      storeId: storeId!,
      saleDate: date,
      invoiceNumber: invoice,
      observation,
      lines,
    });
    const fingerprint = JSON.stringify([body, photo?.name, photo?.size, photo?.lastModified]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    report.mutate(
      { body, photo, key: attempt.current.key },
      {
        onSuccess: (sale) => {
          attempt.current = null;
          setDone({ points: creditedPoints(sale.basePoints, multiplier), invoice: sale.invoiceNumber });
          setInvoice('');
          setObservation('');
          setPhoto(null);
          setLines([]);
        },
        onError: (error) => {
          const field = saleErrorField(error);
          const text =
            error instanceof ApiError && error.code === 'VALIDATION_FAILED' && field !== 'form'
              ? t('form.fieldInvalid')
              : apiErrorText(error);
          setErrors({ [field]: text });
        },
      },
    );
  };

  const header = (
    <Stack gap={4}>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
    </Stack>
  );

  const form = (() => {
    if (campaigns.isPending)
      return (
        <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
          <Skeleton h={40} />
          <Skeleton h={40} />
          <Skeleton h={120} />
        </Stack>
      );
    if (campaigns.isError)
      return (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{apiErrorText(campaigns.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void campaigns.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      );
    if (!campaign)
      return (
        <Stack align="center" py="xl" gap="xs">
          <IconReceipt size={40} stroke={1.4} aria-hidden />
          <Text fw={600}>{t('noCampaign')}</Text>
          <Button component={Link} to="/campaigns" variant="light">
            {t('seeCampaigns')}
          </Button>
        </Stack>
      );
    if (done)
      return (
        <Card withBorder radius="md" padding="lg" pos="relative" className={classes.celebrate} role="status">
          <Celebration>
            <IconCheck size={36} aria-hidden />
          </Celebration>
          <Stack gap="xs" align="center" mt="sm">
            <Title order={2} fz="h3">
              {t('done.title')}
            </Title>
            <Text ta="center">
              {t('done.body', { invoice: done.invoice, points: f.number(done.points) })}
            </Text>
            <Group justify="center" gap="sm">
              <Button onClick={() => setDone(null)}>{t('done.another')}</Button>
              <Button variant="light" onClick={() => setParams({ view: 'mine' })}>
                {t('done.seeMine')}
              </Button>
            </Group>
          </Stack>
        </Card>
      );
    return (
      <Card
        withBorder
        radius="md"
        padding="md"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={t('form.label')}
      >
        <Stack gap="md">
          {mineOpen.length > 1 ? (
            <Select
              label={t('form.campaign')}
              data={mineOpen.map((c) => ({ value: String(c.id), label: c.name }))}
              value={String(campaignId)}
              onChange={(v) => {
                if (!v) return;
                setCampaignChoice(Number(v));
                setRetailerChoice(null);
                setLines([]);
                clearError('campaign');
              }}
              allowDeselect={false}
              error={errors.campaign}
            />
          ) : (
            <Stack gap={0}>
              <Input.Label labelElement="div">{t('form.campaign')}</Input.Label>
              <Text data-testid="sale-campaign">{campaign.name}</Text>
              {errors.campaign ? (
                <Text fz="sm" c="red.8" role="alert">
                  {errors.campaign}
                </Text>
              ) : null}
            </Stack>
          )}
          <Select
            label={t('form.retailer')}
            placeholder={t('form.choose')}
            data={retailers}
            value={retailerId === null ? null : String(retailerId)}
            onChange={(v) => {
              setRetailerChoice(v ? Number(v) : null);
              if (v && store && store.retailerId !== Number(v) && campaignId !== null)
                setPicked({ campaignId, store: null });
            }}
            clearable
          />
          <Select
            label={t('form.store')}
            placeholder={t('form.storeSearch')}
            data={storeOptions}
            value={storeId === null ? null : String(storeId)}
            searchable
            searchValue={storeSearch ?? (store ? storeLabel(store) : '')}
            onSearchChange={(v) =>
              setStoreSearch(v === '' || storeOptions.some((o) => o.label === v) ? null : v)
            }
            onChange={(v) => {
              const chosen = v ? stores.data?.items.find((x) => x.id === Number(v)) : undefined;
              setPicked(chosen && campaignId !== null ? { campaignId, store: chosen } : null);
              if (chosen) setRetailerChoice(chosen.retailerId);
              clearError('store');
            }}
            nothingFoundMessage={t('form.noStore')}
            withAsterisk
            error={errors.store}
          />
          <DateField
            label={t('form.saleDate')}
            description={store ? t('form.saleDateHint', { zone: store.timeZone }) : undefined}
            value={date}
            onChange={(v) => {
              setSaleDate(v);
              clearError('saleDate');
            }}
            withAsterisk
            error={errors.saleDate}
          />
          <TextInput
            label={t('form.invoiceNumber')}
            value={invoice}
            maxLength={salesLimits.invoiceNumber}
            onChange={(e) => {
              setInvoice(e.currentTarget.value);
              clearError('invoiceNumber');
            }}
            autoComplete="off"
            withAsterisk
            error={errors.invoiceNumber}
          />
          <Stack gap={4}>
            <Input.Label id="sale-photo-label" labelElement="div" required={photoRequired}>
              {t('form.photo')}
            </Input.Label>
            <Input.Description id="sale-photo-hint">
              {photoRequired ? t('form.photoRequiredHint') : t('form.photoHint')}
            </Input.Description>
            <input
              ref={photoInput}
              id="sale-photo"
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              tabIndex={-1}
              onChange={(e) => {
                setPhoto(e.currentTarget.files?.[0] ?? null);
                clearError('photo');
              }}
            />
            <Group gap="sm" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconCamera size={16} aria-hidden />}
                onClick={() => photoInput.current?.click()}
                aria-labelledby="sale-photo-label sale-photo-action"
                aria-describedby={errors.photo ? 'sale-photo-hint sale-photo-error' : 'sale-photo-hint'}
              >
                <span id="sale-photo-action">{photo ? t('form.photoChange') : t('form.photoTake')}</span>
              </Button>
              {photo ? (
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <PhotoPreview file={photo} />
                  <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {photo.name}
                  </Text>
                </Group>
              ) : null}
            </Group>
            {errors.photo ? (
              <Text fz="sm" c="red.8" role="alert" id="sale-photo-error">
                {errors.photo}
              </Text>
            ) : null}
          </Stack>
          <Textarea
            label={t('form.observation')}
            value={observation}
            maxLength={salesLimits.observation}
            autosize
            minRows={2}
            maxRows={6}
            onChange={(e) => setObservation(e.currentTarget.value)}
          />

          <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" fw={700}>
              {t('form.products')}
            </Text>
            {products.isError ? (
              <Alert color="red" role="alert">
                {apiErrorText(products.error)}
              </Alert>
            ) : !products.data ? (
              <Skeleton h={80} />
            ) : products.data.items.length === 0 ? (
              <Text c="dimmed">{t('form.noProducts')}</Text>
            ) : (
              <ProductPicker
                products={products.data.items}
                onAdd={(p, quantity) => {
                  clearError('lines');
                  setLines((ls) => {
                    const found = ls.find((l) => l.productId === p.productId);
                    if (!found)
                      return ls.length >= salesLimits.lines
                        ? ls
                        : [...ls, { productId: p.productId, quantity }];
                    return ls.map((l) =>
                      l.productId === p.productId
                        ? { ...l, quantity: Math.min(salesLimits.quantity, l.quantity + quantity) }
                        : l,
                    );
                  });
                }}
              />
            )}
            {lines.length > 0 ? (
              <Stack
                gap={0}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t('form.lines')}
              >
                {lines.map((l) => {
                  const p = productById.get(l.productId);
                  return (
                    <li key={l.productId} className={classes.row}>
                      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
                        <Box style={{ minWidth: 0 }}>
                          <Text fw={600} fz="sm">
                            {p?.name ?? `#${l.productId}`}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {p ? `${p.brand} · ${p.sku}` : ''}
                          </Text>
                        </Box>
                        <Group gap="xs" wrap="nowrap">
                          <NumberInput
                            aria-label={t('form.quantityOf', { name: p?.name ?? '' })}
                            value={l.quantity}
                            min={1}
                            max={salesLimits.quantity}
                            allowDecimal={false}
                            allowNegative={false}
                            w={84}
                            size="xs"
                            onChange={(v) => {
                              const q = typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : 1;
                              setLines((ls) =>
                                ls.map((x) =>
                                  x.productId === l.productId
                                    ? { ...x, quantity: Math.min(q, salesLimits.quantity) }
                                    : x,
                                ),
                              );
                            }}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('form.remove', { name: p?.name ?? '' })}
                            onClick={() => setLines((ls) => ls.filter((x) => x.productId !== l.productId))}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Group>
                    </li>
                  );
                })}
              </Stack>
            ) : null}
            {errors.lines ? (
              <Text fz="sm" c="red.8" role="alert">
                {errors.lines}
              </Text>
            ) : null}
          </Stack>

          <Card withBorder radius="md" padding="sm" bg="gray.0" aria-live="polite" data-testid="live-points">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text fz="xs" c="dimmed">
                  {t('form.basePoints', { points: f.number(points.base) })}
                </Text>
                <Text fz="xs" c="dimmed">
                  {products.data?.levelName
                    ? t('form.level', { level: products.data.levelName, multiplier: f.number(multiplier) })
                    : t('form.noLevel')}
                </Text>
              </Stack>
              <Text fw={700} fz="lg" c="teal.9">
                {t('form.myPoints', { points: f.number(points.mine) })}
              </Text>
            </Group>
            <Text fz="xs" c="dimmed" mt={4}>
              {t('form.pointsNote')}
            </Text>
          </Card>

          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <Button type="submit" loading={report.isPending} size="md" fullWidth>
            {t('form.send')}
          </Button>
        </Stack>
      </Card>
    );
  })();

  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      {header}
      <Tabs value={tab} onChange={(v) => setParams(v === 'mine' ? { view: 'mine' } : {})} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="report">{t('tabs.report')}</Tabs.Tab>
          <Tabs.Tab value="mine">{t('tabs.mine')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="report" pt="md">
          {form}
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="md">
          <MySales campaignNames={campaignNames} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
