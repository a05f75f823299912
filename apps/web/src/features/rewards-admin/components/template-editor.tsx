import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import type {
  CertificateSignature,
  CertificateTemplate,
  CertificateTemplateBody,
} from '@trilha/contracts/rewards/certificates';
import { languages, type Language } from '@trilha/i18n/languages';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { selectedClientOf, useSession } from '../../../lib/session-store';
import {
  useCertificatePreview,
  useSaveCertificateTemplate,
  useUploadCertificateLogo,
} from '../api/rewards-admin';
import { CertificatePreview } from './certificate-preview';
import { uploadErrorText } from './upload-error';

const HEX = /^#[0-9a-f]{6}$/i;

interface Draft {
  titles: Record<Language, string>;
  primaryColor: string;
  accentColor: string;
  signatures: CertificateSignature[];
  keepLogo: boolean;
}

const draftOf = (t: CertificateTemplate): Draft => ({
  // A default template's titles are the defaults: the fields stay empty and show them as placeholders.
  titles: Object.fromEntries(languages.map((l) => [l, t.isDefault ? '' : (t.titles[l] ?? '')])) as Record<
    Language,
    string
  >,
  primaryColor: t.primaryColor,
  accentColor: t.accentColor,
  signatures: t.signatures,
  keepLogo: true,
});

/** What the draft would save, or null while something in it is not valid yet. */
function bodyOf(draft: Draft): CertificateTemplateBody | null {
  if (!HEX.test(draft.primaryColor) || !HEX.test(draft.accentColor)) return null;
  if (draft.signatures.some((s) => !s.name.trim())) return null;
  if (languages.some((l) => draft.titles[l].trim().length > 120)) return null;
  const titles: Partial<Record<Language, string>> = {};
  for (const l of languages) if (draft.titles[l].trim()) titles[l] = draft.titles[l].trim();
  return {
    titles,
    primaryColor: draft.primaryColor,
    accentColor: draft.accentColor,
    signatures: draft.signatures.map((s) => ({ name: s.name.trim(), role: s.role.trim() })),
    keepLogo: draft.keepLogo,
  };
}

/** The certificate template's form beside its preview. */
export function TemplateEditor({ template }: { template: CertificateTemplate }) {
  const { t } = useTranslation(['rewards-admin', 'common']);
  const session = useSession();
  const [draft, setDraft] = useState(() => draftOf(template));
  const [previewLanguage, setPreviewLanguage] = useState<Language>(currentLanguage());
  const body = bodyOf(draft);
  // The body is rebuilt on every render: its text is what settles, then the PDF is asked for once.
  const bodyText = JSON.stringify(body);
  const [debouncedText] = useDebouncedValue(bodyText, 600);
  const debounced = useMemo(
    () => JSON.parse(debouncedText) as CertificateTemplateBody | null,
    [debouncedText],
  );
  const pdf = useCertificatePreview(debounced, previewLanguage);
  const save = useSaveCertificateTemplate();
  const logo = useUploadCertificateLogo();
  const logoUrl = draft.keepLogo ? template.logoUrl : null;
  const defaults = template.isDefault ? template.titles : null;

  const setSignature = (index: number, patch: Partial<CertificateSignature>) =>
    setDraft({
      ...draft,
      signatures: draft.signatures.map((s, i) => (i === index ? { ...s, ...patch } : s)),
    });

  const onSave = async () => {
    if (!body) return;
    try {
      const saved = await save.mutateAsync(body);
      setDraft(draftOf(saved));
      notifications.show({ color: 'teal', message: t('certificates.template.saved') });
    } catch {
      // The alert below tells why.
    }
  };
  const onLogo = async (file: File | null) => {
    if (!file) return;
    try {
      await logo.mutateAsync(file);
      setDraft({ ...draft, keepLogo: true });
    } catch (error) {
      notifications.show({ color: 'red', message: uploadErrorText(error) });
    }
  };
  const download = () => {
    if (!pdf.data) return;
    const url = URL.createObjectURL(pdf.data);
    const link = document.createElement('a');
    link.href = url;
    link.download = t('certificates.template.previewFile');
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void onSave();
          }}
          noValidate
        >
          <Stack gap="md">
            <Stack gap="xs">
              <Text fw={600} fz="sm">
                {t('certificates.template.titles')}
              </Text>
              {languages.map((l) => (
                <TextInput
                  key={l}
                  label={t(`common:language.names.${l}`)}
                  placeholder={defaults?.[l] ?? t('certificates.template.defaultTitle')}
                  value={draft.titles[l]}
                  onChange={(e) =>
                    setDraft({ ...draft, titles: { ...draft.titles, [l]: e.currentTarget.value } })
                  }
                  maxLength={120}
                />
              ))}
            </Stack>
            <SimpleGrid cols={2} spacing="sm">
              <ColorInput
                label={t('certificates.template.primary')}
                value={draft.primaryColor}
                onChange={(v) => setDraft({ ...draft, primaryColor: v })}
                format="hex"
                error={HEX.test(draft.primaryColor) ? undefined : t('certificates.template.colorInvalid')}
              />
              <ColorInput
                label={t('certificates.template.accent')}
                value={draft.accentColor}
                onChange={(v) => setDraft({ ...draft, accentColor: v })}
                format="hex"
                error={HEX.test(draft.accentColor) ? undefined : t('certificates.template.colorInvalid')}
              />
            </SimpleGrid>
            <Stack gap="xs">
              <Text fw={600} fz="sm">
                {t('certificates.template.logo')}
              </Text>
              <Group gap="sm">
                {logoUrl ? (
                  <Image
                    src={logoUrl}
                    alt={t('certificates.template.logoAlt')}
                    h={48}
                    w="auto"
                    fit="contain"
                  />
                ) : (
                  <Text fz="sm" c="dimmed">
                    {t('certificates.template.noLogo')}
                  </Text>
                )}
                <FileButton onChange={(f) => void onLogo(f)} accept="image/png,image/jpeg,image/webp">
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      size="compact-sm"
                      leftSection={<IconUpload size={14} aria-hidden />}
                      loading={logo.isPending}
                    >
                      {template.logoUrl
                        ? t('certificates.template.logoReplace')
                        : t('certificates.template.logoUpload')}
                    </Button>
                  )}
                </FileButton>
                {template.logoUrl ? (
                  <Button
                    variant="subtle"
                    color={draft.keepLogo ? 'red' : 'gray'}
                    size="compact-sm"
                    onClick={() => setDraft({ ...draft, keepLogo: !draft.keepLogo })}
                  >
                    {draft.keepLogo
                      ? t('certificates.template.logoRemove')
                      : t('certificates.template.logoKeep')}
                  </Button>
                ) : null}
              </Group>
              <Text fz="xs" c="dimmed">
                {t('certificates.template.logoHint')}
              </Text>
            </Stack>
            <Stack gap="xs">
              <Text fw={600} fz="sm">
                {t('certificates.template.signatures')}
              </Text>
              {draft.signatures.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('certificates.template.noSignatures')}
                </Text>
              ) : null}
              {draft.signatures.map((s, i) => (
                <Paper key={i} withBorder p="xs" radius="md">
                  <Group align="flex-end" wrap="nowrap" gap="xs">
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
                      <TextInput
                        label={t('certificates.template.signatureName', { n: i + 1 })}
                        value={s.name}
                        onChange={(e) => setSignature(i, { name: e.currentTarget.value })}
                        maxLength={80}
                        required
                        error={s.name.trim() ? undefined : t('certificates.template.signatureNameRequired')}
                      />
                      <TextInput
                        label={t('certificates.template.signatureRole', { n: i + 1 })}
                        value={s.role}
                        onChange={(e) => setSignature(i, { role: e.currentTarget.value })}
                        maxLength={80}
                      />
                    </SimpleGrid>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mb={4}
                      onClick={() =>
                        setDraft({ ...draft, signatures: draft.signatures.filter((_, j) => j !== i) })
                      }
                      aria-label={t('certificates.template.signatureRemove', { n: i + 1 })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Paper>
              ))}
              {draft.signatures.length < 3 ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  w="fit-content"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() =>
                    setDraft({ ...draft, signatures: [...draft.signatures, { name: '', role: '' }] })
                  }
                >
                  {t('certificates.template.signatureAdd')}
                </Button>
              ) : null}
            </Stack>
            {save.isError ? (
              <Alert color="red" role="alert">
                {apiErrorText(save.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!body}>
                {t('actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm" pos="sticky" top={16}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} fz="h4">
              {t('certificates.template.preview')}
            </Title>
            <Group gap="xs">
              <Select
                aria-label={t('certificates.template.previewLanguage')}
                data={languages.map((l) => ({ value: l, label: t(`common:language.names.${l}`) }))}
                value={previewLanguage}
                onChange={(v) => v && setPreviewLanguage(v as Language)}
                allowDeselect={false}
                w={190}
                size="xs"
              />
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={download}
                disabled={!pdf.data || pdf.isFetching || bodyText !== debouncedText}
                loading={pdf.isFetching}
              >
                {t('certificates.template.download')}
              </Button>
            </Group>
          </Group>
          <Paper withBorder shadow="sm" radius="sm" style={{ overflow: 'hidden' }}>
            <CertificatePreview
              template={{
                title: draft.titles[previewLanguage],
                primaryColor: draft.primaryColor,
                accentColor: draft.accentColor,
                signatures: draft.signatures.filter((s) => s.name.trim()),
                logoUrl,
              }}
              language={previewLanguage}
              issuerName={selectedClientOf(session)?.name ?? ''}
              label={t('certificates.template.previewLabel')}
            />
          </Paper>
          <Text fz="xs" c="dimmed">
            {t('certificates.template.previewNote')}
          </Text>
          {pdf.isError ? (
            <Alert color="red" role="alert">
              {apiErrorText(pdf.error)}
            </Alert>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
