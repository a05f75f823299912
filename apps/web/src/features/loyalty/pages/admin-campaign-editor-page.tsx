import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { loyaltyLimits, type AdminCampaign, type CampaignBody } from '@trilha/contracts/loyalty';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { WrapBadge } from '../../../components/wrap-badge';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import {
  useAdminCampaign,
  useAllCountries,
  useAllProducts,
  useAllRetailers,
  useAllStores,
  useDeleteCampaign,
  useSaveCampaign,
} from '../api/loyalty-admin';
import { LoyaltyAdminHeader } from '../components/admin-header';
import { useFormat } from '../components/format';
import { CampaignStatusBadge } from '../components/status-badge';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a `datetime-local` field, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant, or null when it is not a whole date and time. */
function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface Draft {
  name: string;
  beginsAt: string;
  endsAt: string;
  countryGroup: 1 | 2;
  storeIds: Set<number>;
  points: Map<number, number | ''>;
}

const draftOf = (c: AdminCampaign | null): Draft => ({
  name: c?.name ?? '',
  beginsAt: c ? toLocalInput(c.beginsAt) : '',
  endsAt: c ? toLocalInput(c.endsAt) : '',
  countryGroup: c?.countryGroup ?? 1,
  storeIds: new Set(c?.storeIds ?? []),
  points: new Map((c?.products ?? []).map((p) => [p.productId, p.points])),
});

/** The stores of the campaign's country group (a chain's own group, else its country's), to tick. */
function StorePicker({
  group,
  selected,
  onChange,
}: {
  group: 1 | 2;
  selected: Set<number>;
  onChange: (next: Set<number>) => void;
}) {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const stores = useAllStores();
  const countries = useAllCountries();
  const retailers = useAllRetailers();
  const [search, setSearch] = useState('');

  const ofGroup = useMemo(() => {
    if (!stores.data || !countries.data || !retailers.data) return [];
    const countryGroup = new Map(countries.data.map((c) => [c.id, c.countryGroup]));
    const retailerGroup = new Map(retailers.data.map((r) => [r.id, r.countryGroup]));
    return stores.data.filter(
      (s) => (retailerGroup.get(s.retailerId) ?? countryGroup.get(s.countryId)) === group,
    );
  }, [stores.data, countries.data, retailers.data, group]);

  const q = fold(search.trim());
  const shown = q
    ? ofGroup.filter((s) => fold(`${s.name} ${s.code} ${s.city} ${s.retailerName}`).includes(q))
    : ofGroup;
  const failed = stores.error ?? countries.error ?? retailers.error;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('admin.editor.stores')}
          </Title>
          <WrapBadge variant="light">{t('admin.editor.selected', { n: f.number(selected.size) })}</WrapBadge>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('admin.editor.storesHelp', { group })}
        </Text>
        {failed ? (
          <Alert color="red" role="alert">
            {apiErrorText(failed)}
          </Alert>
        ) : !stores.data || !countries.data || !retailers.data ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : (
          <>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label={t('admin.editor.searchStores')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                maxLength={loyaltyLimits.search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                style={{ flex: 1 }}
                miw={200}
              />
              <Button
                variant="light"
                onClick={() => onChange(new Set([...selected, ...shown.map((s) => s.id)]))}
                disabled={shown.length === 0}
              >
                {t('admin.editor.selectShown')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  const next = new Set(selected);
                  for (const s of shown) next.delete(s.id);
                  onChange(next);
                }}
                disabled={shown.length === 0}
              >
                {t('admin.editor.clearShown')}
              </Button>
            </Group>
            {shown.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('admin.editor.noStores')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={320} type="auto">
                <Stack gap={6} role="group" aria-label={t('admin.editor.stores')}>
                  {shown.map((s) => (
                    <Checkbox
                      key={s.id}
                      checked={selected.has(s.id)}
                      onChange={(e) => {
                        const next = new Set(selected);
                        if (e.currentTarget.checked) next.add(s.id);
                        else next.delete(s.id);
                        onChange(next);
                      }}
                      label={`${s.name} (${s.code})`}
                      description={`${s.retailerName} · ${s.city} · ${s.countryCode}${s.active ? '' : ` · ${t('admin.inactive')}`}`}
                    />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Each product's points in the campaign (empty: not in it); read-only once the campaign has begun. */
function ProductPoints({
  points,
  frozen,
  onChange,
}: {
  points: Map<number, number | ''>;
  frozen: boolean;
  onChange: (next: Map<number, number | ''>) => void;
}) {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const products = useAllProducts();
  const [search, setSearch] = useState('');
  const q = fold(search.trim());
  const all = products.data ?? [];
  const shown = q
    ? all.filter((p) => fold(`${p.name} ${p.sku} ${p.brandName} ${p.productType}`).includes(q))
    : all;
  const counted = [...points.values()].filter((v) => v !== '').length;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('admin.editor.products')}
          </Title>
          <WrapBadge variant="light">{t('admin.editor.selected', { n: f.number(counted) })}</WrapBadge>
        </Group>
        {frozen ? (
          <Alert color="yellow" role="note" icon={<IconLock size={18} aria-hidden />}>
            {t('admin.editor.frozen')}
          </Alert>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('admin.editor.productsHelp')}
          </Text>
        )}
        {products.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(products.error)}
          </Alert>
        ) : products.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : (
          <>
            <TextInput
              label={t('admin.editor.searchProducts')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              maxLength={loyaltyLimits.search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Table.ScrollContainer
              minWidth={0}
              mah={420}
              scrollAreaProps={{
                viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('admin.editor.products') },
              }}
            >
              <Table striped aria-label={t('admin.editor.products')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('points.columns.product')}</Table.Th>
                    <Table.Th w={130}>{t('admin.editor.points')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Text fz="sm" fw={600}>
                          {p.name}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {p.sku} · {p.brandName} · {p.productType}
                          {p.active ? '' : ` · ${t('admin.inactive')}`}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('admin.editor.pointsOf', { name: p.name })}
                          value={points.get(p.id) ?? ''}
                          onChange={(v) => {
                            const next = new Map(points);
                            const n = typeof v === 'number' ? Math.trunc(v) : Number.parseInt(v, 10);
                            if (Number.isFinite(n) && n > 0) next.set(p.id, n);
                            else next.delete(p.id);
                            onChange(next);
                          }}
                          min={1}
                          max={loyaltyLimits.points}
                          allowDecimal={false}
                          allowNegative={false}
                          readOnly={frozen}
                          disabled={frozen}
                          size="xs"
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function DeleteButton({ campaign }: { campaign: AdminCampaign }) {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const remove = useDeleteCampaign(campaign.id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="red" variant="subtle" onClick={() => setOpen(true)}>
        {t('admin.editor.delete')}
      </Button>
      <Modal
        opened={open}
        onClose={() => {
          setOpen(false);
          remove.reset();
        }}
        title={t('admin.editor.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('admin.close') }}
      >
        <Stack gap="sm">
          <Text>{t('admin.editor.deleteBody', { name: campaign.name })}</Text>
          {remove.isError ? (
            <Alert color="red" role="alert">
              {apiErrorText(remove.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('admin.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    showNotification({ color: 'teal', message: t('admin.editor.deleted') });
                    void navigate('/admin/campaigns');
                  },
                })
              }
            >
              {t('admin.editor.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function Editor({ campaign }: { campaign: AdminCampaign | null }) {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const navigate = useNavigate();
  const save = useSaveCampaign(campaign?.id ?? null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [problem, setProblem] = useState<string | null>(null);
  const frozen = campaign?.frozen ?? false;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () => {
    if (save.isPending) return;
    const beginsAt = fromLocalInput(draft.beginsAt);
    const endsAt = fromLocalInput(draft.endsAt);
    const name = draft.name.trim();
    if (!name) return setProblem(t('admin.editor.needName'));
    if (!beginsAt || !endsAt) return setProblem(t('admin.editor.needDates'));
    if (new Date(endsAt) <= new Date(beginsAt)) return setProblem(t('admin.editor.endBeforeBegin'));
    setProblem(null);
    const body: CampaignBody = {
      name,
      beginsAt,
      endsAt,
      countryGroup: draft.countryGroup,
      storeIds: [...draft.storeIds],
      products: [...draft.points.entries()]
        .filter((e): e is [number, number] => e[1] !== '')
        .map(([productId, points]) => ({ productId, points })),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        showNotification({ color: 'teal', message: t('admin.editor.saved') });
        if (!campaign) void navigate(`/admin/campaigns/${saved.id}`, { replace: true });
      },
    });
  };

  return (
    <Stack gap="lg">
      <LoyaltyAdminHeader
        title={campaign ? campaign.name : t('admin.editor.newTitle')}
        trail={{ to: '/admin/campaigns', label: t('admin.sections.campaigns') }}
        actions={
          campaign ? (
            <Group gap="xs">
              <CampaignStatusBadge status={campaign.status} />
              {frozen ? (
                <WrapBadge variant="outline" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
                  {t('admin.campaigns.frozen')}
                </WrapBadge>
              ) : null}
            </Group>
          ) : undefined
        }
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <TextInput
                label={t('admin.editor.name')}
                value={draft.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                maxLength={loyaltyLimits.name}
                required
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  type="datetime-local"
                  label={t('admin.editor.beginsAt')}
                  value={draft.beginsAt}
                  onChange={(e) => set('beginsAt', e.currentTarget.value)}
                  readOnly={frozen}
                  disabled={frozen}
                  description={frozen ? t('admin.editor.beginFrozen') : f.dateTime(draft.beginsAt)}
                  required
                />
                <TextInput
                  type="datetime-local"
                  label={t('admin.editor.endsAt')}
                  value={draft.endsAt}
                  onChange={(e) => set('endsAt', e.currentTarget.value)}
                  description={f.dateTime(draft.endsAt)}
                  required
                />
              </SimpleGrid>
              <Stack gap={4}>
                <Text fz="sm" fw={500} id="campaign-group">
                  {t('admin.editor.group')}
                </Text>
                <SegmentedControl
                  aria-labelledby="campaign-group"
                  value={String(draft.countryGroup)}
                  onChange={(v) => {
                    const group = v === '2' ? 2 : 1;
                    // Stores of the other group cannot stay: the campaign takes its group's stores only.
                    setDraft((d) =>
                      d.countryGroup === group ? d : { ...d, countryGroup: group, storeIds: new Set() },
                    );
                  }}
                  data={[
                    { value: '1', label: t('admin.campaigns.groupN', { group: 1 }) },
                    { value: '2', label: t('admin.campaigns.groupN', { group: 2 }) },
                  ]}
                  w="fit-content"
                />
              </Stack>
            </Stack>
          </Paper>
          <StorePicker
            group={draft.countryGroup}
            selected={draft.storeIds}
            onChange={(next) => set('storeIds', next)}
          />
          <ProductPoints points={draft.points} frozen={frozen} onChange={(next) => set('points', next)} />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          {save.isError ? (
            <Alert color="red" role="alert">
              {apiErrorText(save.error)}
            </Alert>
          ) : null}
          <Group justify="space-between">
            {campaign && !frozen ? <DeleteButton campaign={campaign} /> : <span />}
            <Button type="submit" loading={save.isPending}>
              {t('admin.editor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** /admin/campaigns/new and /admin/campaigns/:id: a campaign's dates, group, stores and product points. */
export default function AdminCampaignEditorPage() {
  const { t } = useTranslation('loyalty');
  const { id } = useParams();
  const numeric = id && /^\d+$/.test(id) ? Number(id) : null;
  const campaign = useAdminCampaign(numeric);
  if (id === 'new') return <Editor key="new" campaign={null} />;
  if (numeric === null)
    return (
      <Alert color="red" role="alert">
        {errorText('NOT_FOUND')}
      </Alert>
    );
  if (campaign.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  if (campaign.isError)
    return (
      <Alert color="red" role="alert">
        {apiErrorText(campaign.error)}
      </Alert>
    );
  return <Editor key={campaign.data.id} campaign={campaign.data} />;
}
