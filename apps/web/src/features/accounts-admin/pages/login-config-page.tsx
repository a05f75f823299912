import {
  Alert,
  Button,
  Card,
  Center,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Image,
  Loader,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import {
  loginConfigBody,
  registerFieldOptions,
  type LoginConfigBody,
} from '@trilha/contracts/accounts-admin';
import { languageCodes } from '@trilha/contracts/session';
import type { LoginConfig } from '@trilha/contracts/site';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLoginConfig, useCapabilities, useSaveLoginConfig, useUploadSiteAsset } from '../api/admin';
import { apiErrorText } from '../../../lib/form-errors';
import { AdminHeader } from '../components/admin-shell';
import { useSettingsTabs } from '../components/settings-tabs';
import { LoginPreview } from '../components/login-preview';
import { errorText } from '../../../lib/i18n';

const switches = [
  'register',
  'preRegister',
  'publicFaq',
  'maintenance',
  'directAccess',
  'google',
  'portfolio',
  'support',
  'recaptcha',
  'cookieBanner',
] as const;
type SwitchKey = (typeof switches)[number];

function readSwitch(c: LoginConfigBody, key: SwitchKey): boolean {
  if (key === 'google') return c.oauth2.google;
  if (key === 'cookieBanner') return c.cookies.banner;
  return c[key];
}
function writeSwitch(c: LoginConfigBody, key: SwitchKey, value: boolean): LoginConfigBody {
  if (key === 'google') return { ...c, oauth2: { ...c.oauth2, google: value } };
  if (key === 'cookieBanner') return { ...c, cookies: { ...c.cookies, banner: value } };
  return { ...c, [key]: value };
}

/** An image field: an address, or an uploaded file that becomes one. */
function ImageField({
  label,
  value,
  kind,
  onChange,
}: {
  label: string;
  value: string;
  kind: 'logo' | 'background';
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation('accounts-admin');
  const upload = useUploadSiteAsset();
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          value={value.startsWith('data:') ? t('loginConfig.embeddedImage') : value}
          onChange={(e) => onChange(e.currentTarget.value)}
          style={{ flex: 1 }}
          readOnly={value.startsWith('data:')}
        />
        <FileButton
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(file) => file && upload.mutate({ file, kind }, { onSuccess: (r) => onChange(r.url) })}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              loading={upload.isPending}
              leftSection={<IconUpload size={16} aria-hidden />}
              aria-label={t('loginConfig.uploadFor', { label })}
            >
              {t('loginConfig.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {value ? (
        <Image
          src={value}
          alt=""
          h={kind === 'logo' ? 28 : 48}
          w="auto"
          fit="contain"
          radius="sm"
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {upload.isError ? (
        <Text c="red" fz="xs" role="alert">
          {apiErrorText(upload.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

const withoutSiteId = ({ siteId: _id, ...rest }: LoginConfig): LoginConfigBody => rest;

/** /admin/settings: the login screen's configuration with a live preview. Saved by program admins. */
export default function LoginConfigPage() {
  const { t } = useTranslation(['accounts-admin', 'common']);
  const tabs = useSettingsTabs();
  const query = useAdminLoginConfig();
  const caps = useCapabilities();

  if (caps.data && !caps.data.canEditLoginConfig) {
    return (
      <Stack gap="lg">
        <AdminHeader title={t('settings.title')} tabs={tabs} />
        <Alert color="yellow">
          {/* A program administrator is refused only because several companies share the site. */}
          {t(caps.data.canEditRoles ? 'loginConfig.sharedSite' : 'loginConfig.notAllowed')}
        </Alert>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="lg">
        <AdminHeader title={t('settings.title')} tabs={tabs} />
        <Alert color="red" role="alert">
          {apiErrorText(query.error)}
        </Alert>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  return <LoginConfigEditor key={query.data.siteId} saved={query.data} />;
}

/** The editor, started from the saved configuration. */
function LoginConfigEditor({ saved }: { saved: LoginConfig }) {
  const { t, i18n } = useTranslation(['accounts-admin', 'common']);
  const tabs = useSettingsTabs();
  const save = useSaveLoginConfig();
  const [draft, setDraft] = useState<LoginConfigBody>(() => withoutSiteId(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewLang, setPreviewLang] = useState(i18n.language);
  const set = (next: LoginConfigBody) => setDraft(next);
  const submit = async () => {
    const parsed = loginConfigBody.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    try {
      setDraft(withoutSiteId(await save.mutateAsync(parsed.data)));
      notifications.show({ color: 'teal', message: t('loginConfig.saved') });
    } catch (error) {
      notifications.show({ color: 'red', message: apiErrorText(error) });
    }
  };
  const err = (path: string) => (errors[path] ? errorText(errors[path]!) : undefined);

  return (
    <Stack gap="lg">
      <AdminHeader title={t('settings.title')} description={t('loginConfig.description')} tabs={tabs} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="h4" mb="md">
                {t('loginConfig.identity')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('loginConfig.name')}
                  value={draft.name}
                  onChange={(e) => set({ ...draft, name: e.currentTarget.value })}
                  error={err('name')}
                  required
                />
                <Select
                  label={t('loginConfig.defaultLanguage')}
                  data={languageCodes.map((c) => ({ value: c, label: t(`common:language.names.${c}`) }))}
                  value={draft.defaultLanguage}
                  allowDeselect={false}
                  onChange={(v) =>
                    v && set({ ...draft, defaultLanguage: v as LoginConfigBody['defaultLanguage'] })
                  }
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mt="md">
                {(['primary', 'secondary', 'background', 'text'] as const).map((key) => (
                  <ColorInput
                    key={key}
                    label={t(`loginConfig.colors.${key}`)}
                    format="hex"
                    withEyeDropper={false}
                    value={draft.colors[key]}
                    onChange={(v) => set({ ...draft, colors: { ...draft.colors, [key]: v } })}
                    error={err(`colors.${key}`)}
                  />
                ))}
              </SimpleGrid>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="h4" mb="md">
                {t('loginConfig.images')}
              </Title>
              <Stack gap="md">
                {languageCodes.map((lang) => (
                  <ImageField
                    key={lang}
                    kind="logo"
                    label={t('loginConfig.logoFor', { language: t(`common:language.names.${lang}`) })}
                    value={draft.logos[lang] ?? ''}
                    onChange={(v) => set({ ...draft, logos: { ...draft.logos, [lang]: v } })}
                  />
                ))}
                <ImageField
                  kind="background"
                  label={t('loginConfig.background')}
                  value={draft.backgroundImage ?? ''}
                  onChange={(v) => set({ ...draft, backgroundImage: v || null })}
                />
                {draft.backgroundImage ? (
                  <Button
                    variant="subtle"
                    size="xs"
                    color="red"
                    w="fit-content"
                    onClick={() => set({ ...draft, backgroundImage: null })}
                  >
                    {t('loginConfig.removeBackground')}
                  </Button>
                ) : null}
                {Object.keys(errors).some((k) => k.startsWith('logos') || k === 'backgroundImage') ? (
                  <Text c="red" fz="sm">
                    {errorText('PROFILE_FIELD_INVALID')}
                  </Text>
                ) : null}
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="h4" mb="md">
                {t('loginConfig.features')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {switches.map((key) => (
                  <Switch
                    key={key}
                    label={t(`loginConfig.switches.${key}`)}
                    checked={readSwitch(draft, key)}
                    onChange={(e) => set(writeSwitch(draft, key, e.currentTarget.checked))}
                    color={key === 'maintenance' ? 'orange' : undefined}
                  />
                ))}
              </SimpleGrid>
              <MultiSelect
                mt="lg"
                label={t('loginConfig.registerFields')}
                data={registerFieldOptions.map((f) => ({ value: f, label: t(`loginConfig.fields.${f}`) }))}
                value={draft.registerFields}
                onChange={(v) => set({ ...draft, registerFields: v })}
              />
              <Text fz="sm" fw={500} mt="lg" mb={6} id="password-strength-label">
                {t('loginConfig.passwordStrength')}
              </Text>
              <SegmentedControl
                aria-labelledby="password-strength-label"
                value={draft.passwordStrength}
                onChange={(v) =>
                  set({ ...draft, passwordStrength: v as LoginConfigBody['passwordStrength'] })
                }
                data={(['weak', 'medium', 'strong'] as const).map((v) => ({
                  value: v,
                  label: t(`loginConfig.strength.${v}`),
                }))}
              />
              <Text fz="xs" c="dimmed" mt={6}>
                {t(`loginConfig.strengthHint.${draft.passwordStrength}`)}
              </Text>
            </Card>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setDraft(withoutSiteId(saved));
                  setErrors({});
                }}
              >
                {t('loginConfig.discard')}
              </Button>
              <Button onClick={() => void submit()} loading={save.isPending}>
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="sm" style={{ position: 'sticky', top: 80 }}>
            <Group justify="space-between">
              <Title order={2} fz="h4">
                {t('loginConfig.preview')}
              </Title>
              <SegmentedControl
                size="xs"
                value={previewLang}
                onChange={setPreviewLang}
                data={languageCodes.map((c) => ({ value: c, label: c }))}
                aria-label={t('loginConfig.previewLanguage')}
              />
            </Group>
            <LoginPreview config={draft} language={previewLang} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
