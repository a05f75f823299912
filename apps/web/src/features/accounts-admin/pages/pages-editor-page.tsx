import {
  Alert,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  institutionalPageBody,
  institutionalSlugs,
  type InstitutionalPage,
  type InstitutionalSlug,
} from '@trilha/contracts/institutional';
import { languageCodes } from '@trilha/contracts/session';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown';
import { errorText } from '../../../lib/i18n';
import { useAdminPage, useCapabilities, useSavePage } from '../api/admin';
import { apiErrorText } from '../../../lib/form-errors';
import { AdminHeader } from '../components/admin-shell';
import { useSettingsTabs } from '../components/settings-tabs';

/** The editor of one page, started from what is stored (a new key starts it afresh). */
function PageForm({
  scope,
  slug,
  lang,
  initial,
}: {
  scope: 'client' | 'site';
  slug: InstitutionalSlug;
  lang: string;
  initial: InstitutionalPage;
}) {
  const { t } = useTranslation(['accounts-admin', 'common']);
  const page = { data: initial };
  const save = useSavePage();
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const parsed = institutionalPageBody.safeParse({ title, body });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    try {
      await save.mutateAsync({ scope, slug, lang, body: parsed.data });
      notifications.show({ color: 'teal', message: t('pages.saved') });
    } catch (error) {
      notifications.show({ color: 'red', message: apiErrorText(error) });
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            {page.data.source === 'default' ? (
              <Alert color="blue" variant="light">
                {t('pages.notWritten')}
              </Alert>
            ) : null}
            <TextInput
              label={t('pages.title')}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              required
              error={errors.title ? errorText(errors.title) : undefined}
            />
            <Textarea
              label={t('pages.body')}
              description={t('pages.markdownHint')}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              autosize
              minRows={12}
              maxRows={30}
              ff="monospace"
              error={errors.body ? errorText(errors.body) : undefined}
            />
            <Group justify="flex-end">
              <Button onClick={() => void submit()} loading={save.isPending}>
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder radius="md" padding="lg" aria-label={t('loginConfig.preview')}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700} mb="xs">
            {t('loginConfig.preview')}
          </Text>
          <Title order={2} fz="h3" mb="sm">
            {title || t(`pages.slugs.${slug}`)}
          </Title>
          {body ? (
            <Markdown source={body} headingOffset={2} />
          ) : (
            <Text c="dimmed">{t('pages.emptyPreview')}</Text>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/** /admin/settings/pages: institutional texts per client (or the site's public ones) and language. */
export default function PagesEditorPage() {
  const { t, i18n } = useTranslation(['accounts-admin', 'common']);
  const tabs = useSettingsTabs();
  const caps = useCapabilities();
  const [scope, setScope] = useState<'client' | 'site'>('client');
  const [slug, setSlug] = useState<InstitutionalSlug>('about');
  const [lang, setLang] = useState(i18n.language);
  const page = useAdminPage(scope, slug, lang);

  if (caps.data && !caps.data.canEditPages) {
    return (
      <Stack gap="lg">
        <AdminHeader title={t('settings.title')} tabs={tabs} />
        <Alert color="yellow">{t('pages.notAllowed')}</Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <AdminHeader title={t('settings.title')} description={t('pages.description')} tabs={tabs} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        {caps.data?.canEditSitePages ? (
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="page-scope">
              {t('pages.scope')}
            </Text>
            <SegmentedControl
              aria-labelledby="page-scope"
              value={scope}
              onChange={(v) => setScope(v as 'client' | 'site')}
              data={[
                { value: 'client', label: t('pages.scopes.client', { client: caps.data.clientName }) },
                { value: 'site', label: t('pages.scopes.site') },
              ]}
            />
          </Stack>
        ) : null}
        <Select
          label={t('pages.page')}
          data={institutionalSlugs.map((s) => ({ value: s, label: t(`pages.slugs.${s}`) }))}
          value={slug}
          onChange={(v) => v && setSlug(v as InstitutionalSlug)}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('pages.language')}
          data={languageCodes.map((c) => ({ value: c, label: t(`common:language.names.${c}`) }))}
          value={lang}
          onChange={(v) => v && setLang(v)}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      {page.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : page.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(page.error)}
        </Alert>
      ) : (
        <PageForm
          key={`${scope}-${slug}-${lang}-${page.data.updatedAt ?? ''}`}
          scope={scope}
          slug={slug}
          lang={lang}
          initial={page.data}
        />
      )}
    </Stack>
  );
}
