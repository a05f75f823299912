import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { adminTrail, type AdminTrail, type SubscriptionMode } from '@trilha/contracts/learning';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorText } from '../../../lib/form-errors';
import { adminKeys, trailApi, uploadUrls, useAdminCourses, useAdminTrail, useTrailWrite } from '../api/admin';
import { AudienceForm } from '../components/audience-form';
import { AwardsEditor } from '../components/awards-editor';
import { UploadField } from '../components/upload-field';
import { WrapBadge } from '../../../components/wrap-badge';

function TrailItems({ trail }: { trail: AdminTrail }) {
  const { t } = useTranslation('learning-admin');
  const write = useTrailWrite((p: Promise<AdminTrail>) => p);
  const { data: courses } = useAdminCourses('', 'all', 1);
  const [adding, setAdding] = useState<string | null>(null);
  const items = trail.items.map((i) => ({ kind: i.kind, itemId: i.itemId }));
  const save = (next: typeof items) => write.mutate(trailApi.items(trail.id, { items: next }));
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    save(next);
  };
  return (
    <Stack gap="md">
      {trail.items.length === 0 ? <Text c="dimmed">{t('trail.noItems')}</Text> : null}
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {trail.items.map((item, index) => (
          <Group
            key={`${item.kind}-${item.itemId}`}
            component="li"
            justify="space-between"
            wrap="nowrap"
            p="sm"
            style={{ borderRadius: 8, background: 'var(--mantine-color-gray-0)' }}
            data-testid="trail-item"
          >
            <Group gap="sm" wrap="nowrap">
              <Badge variant="filled" circle>
                {index + 1}
              </Badge>
              <Text fz="sm" fw={500}>
                {item.title}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                disabled={index === 0 || write.isPending}
                onClick={() => move(index, -1)}
                aria-label={t('trail.moveUp', { title: item.title })}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={index === trail.items.length - 1 || write.isPending}
                onClick={() => move(index, 1)}
                aria-label={t('trail.moveDown', { title: item.title })}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => save(items.filter((_, i) => i !== index))}
                aria-label={t('trail.remove', { title: item.title })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      <Group align="flex-end">
        <Select
          label={t('trail.addCourse')}
          placeholder={t('list.search')}
          data={(courses?.items ?? [])
            .filter((c) => !items.some((i) => i.itemId === c.id))
            .map((c) => ({ value: String(c.id), label: c.title }))}
          value={adding}
          onChange={setAdding}
          searchable
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!adding}
          onClick={() => {
            save([...items, { kind: 'course', itemId: Number(adding) }]);
            setAdding(null);
          }}
        >
          {t('trail.add')}
        </Button>
      </Group>
      {write.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(write.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

function TrailDetails({ trail }: { trail: AdminTrail }) {
  const { t } = useTranslation('learning-admin');
  const client = useQueryClient();
  const write = useTrailWrite((p: Promise<AdminTrail>) => p);
  const [draft, setDraft] = useState({
    title: trail.title,
    description: trail.description,
    subscriptionMode: trail.subscriptionMode as SubscriptionMode,
    sequential: trail.sequential,
  });
  return (
    <Stack gap="md" maw={720}>
      <TextInput
        label={t('course.title')}
        value={draft.title}
        onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
        required
      />
      <Textarea
        label={t('course.description')}
        value={draft.description}
        onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
        autosize
        minRows={3}
      />
      <Select
        label={t('course.subscriptionMode')}
        data={(['open', 'enrollment', 'assigned'] as const).map((m) => ({
          value: m,
          label: t(`modes.${m}`),
        }))}
        value={draft.subscriptionMode}
        onChange={(v) => v && setDraft({ ...draft, subscriptionMode: v as SubscriptionMode })}
        allowDeselect={false}
      />
      <Checkbox
        label={t('trail.sequential')}
        checked={draft.sequential}
        onChange={(e) => setDraft({ ...draft, sequential: e.currentTarget.checked })}
      />
      <UploadField
        url={uploadUrls.trailCover(trail.id)}
        schema={adminTrail}
        accept={{ 'image/*': ['.jpg', '.jpeg', '.png', '.webp'] }}
        label={t('course.cover')}
        hint={t('course.coverHint')}
        current={trail.coverUrl ? t('course.coverSet') : null}
        onUploaded={(tr) => client.setQueryData(adminKeys.trail(tr.id), tr)}
      />
      <Group justify="flex-end">
        <Button
          loading={write.isPending}
          onClick={() =>
            write.mutate(trailApi.update(trail.id, draft), {
              onSuccess: () => notifications.show({ color: 'teal', message: t('course.saved') }),
            })
          }
        >
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/content/trails/{id}: details, the ordered courses, publishing and audience. */
export default function TrailEditorPage() {
  const { t } = useTranslation('learning-admin');
  const id = Number(useParams().id);
  const query = useAdminTrail(id);
  const publish = useTrailWrite((p: Promise<AdminTrail>) => p);
  const audience = useTrailWrite((p: Promise<AdminTrail>) => p);
  if (query.isPending) return <Loader aria-label={t('states.loading')} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {apiErrorText(query.error)}
      </Alert>
    );
  const trail = query.data;
  return (
    <Stack gap="lg" maw={1100}>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin/content?tab=trails" fz="sm">
          {t('title')}
        </Anchor>
        <Text fz="sm" c="dimmed" aria-current="page">
          {trail.title}
        </Text>
      </Breadcrumbs>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {trail.title}
            </Title>
            <WrapBadge color={trail.published ? 'teal' : 'gray'} variant="light">
              {trail.published ? t('list.publishedOne') : t('list.draft')}
            </WrapBadge>
          </Stack>
          <Switch
            label={t('course.published')}
            checked={trail.published}
            onChange={(e) => publish.mutate(trailApi.publish(trail.id, e.currentTarget.checked))}
            disabled={publish.isPending}
          />
        </Group>
        {publish.isError ? (
          <Alert color="red" mt="sm" role="alert">
            {apiErrorText(publish.error)}
          </Alert>
        ) : null}
      </Paper>
      <Tabs defaultValue="items" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="items">{t('trail.items')}</Tabs.Tab>
          <Tabs.Tab value="details">{t('tabs.details')}</Tabs.Tab>
          <Tabs.Tab value="audience">{t('tabs.audience')}</Tabs.Tab>
          <Tabs.Tab value="awards">{t('tabs.awards')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items" pt="lg">
          <TrailItems trail={trail} />
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="lg">
          <TrailDetails key={trail.id} trail={trail} />
        </Tabs.Panel>
        <Tabs.Panel value="audience" pt="lg">
          <AudienceForm
            value={trail.audience}
            saving={audience.isPending}
            onSave={(body) => audience.mutateAsync(trailApi.audience(trail.id, body))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="awards" pt="lg" maw={720}>
          <AwardsEditor type="trail" id={trail.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
