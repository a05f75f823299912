import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconDownload, IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import type { CertificateStatus, MyCertificate } from '@trilha/contracts/rewards/certificates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../../lib/i18n';
import { showNotification } from '../../../../lib/notify';
import { downloadCertificateCredential, downloadCertificatePdf, useMyCertificates } from '../../api/rewards';
import { formatDay } from './format';
import { RewardsError } from './rewards-states';

export const certificateStatusColors: Record<CertificateStatus, string> = {
  valid: 'teal',
  expired: 'orange',
  revoked: 'red',
};

function CertificateCard({ certificate }: { certificate: MyCertificate }) {
  const { t } = useTranslation('rewards');
  const language = currentLanguage();
  const [busy, setBusy] = useState<'pdf' | 'credential' | null>(null);
  const run = async (kind: 'pdf' | 'credential') => {
    setBusy(kind);
    try {
      if (kind === 'pdf') await downloadCertificatePdf(certificate.id, certificate.code);
      else await downloadCertificateCredential(certificate.id, certificate.code);
    } catch {
      showNotification({
        color: 'red',
        message: t(kind === 'pdf' ? 'certificates.pdfFailed' : 'credential.failed'),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="certificate">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0, flex: '1 1 240px' }}>
            <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
              <IconCertificate size={24} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} fz="h5" style={{ overflowWrap: 'anywhere' }}>
                {certificate.title}
              </Title>
              <Text fz="sm" c="dimmed">
                {t(`certificates.kinds.${certificate.targetType}`)}
              </Text>
            </Stack>
          </Group>
          <Badge color={certificateStatusColors[certificate.status]} variant="dot" size="lg" tt="none">
            {t(`status.${certificate.status}`)}
          </Badge>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text fz="sm">
            {t('certificates.issuedOn', { date: formatDay(certificate.issuedAt, language) })}
          </Text>
          <Text fz="sm">
            {certificate.status === 'revoked' && certificate.revokedAt
              ? t('certificates.revokedOn', { date: formatDay(certificate.revokedAt, language) })
              : certificate.expiresAt
                ? t(certificate.status === 'expired' ? 'certificates.expiredOn' : 'certificates.validUntil', {
                    date: formatDay(certificate.expiresAt, language),
                  })
                : t('certificates.noExpiry')}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('certificates.code', { code: certificate.code })}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            loading={busy === 'pdf'}
            onClick={() => void run('pdf')}
            aria-label={t('certificates.downloadPdfOf', { title: certificate.title })}
          >
            {t('certificates.downloadPdf')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy === 'credential'}
            onClick={() => void run('credential')}
            aria-label={t('certificates.downloadCredentialOf', { title: certificate.title })}
          >
            {t('certificates.downloadCredential')}
          </Button>
          <Anchor
            component={Link}
            to={`/certificates/${encodeURIComponent(certificate.code)}`}
            fz="sm"
            fw={600}
            aria-label={t('certificates.verifyOf', { title: certificate.title })}
          >
            <Group gap={4} component="span">
              {t('certificates.verify')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Profile → Certificates: each certificate with its status, the PDF, the credential and the public check. */
export function CertificatesTab() {
  const { t } = useTranslation('rewards');
  const certificates = useMyCertificates();
  if (certificates.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('states.loading')}>
        {[0, 1].map((i) => (
          <Skeleton key={i} h={140} radius="md" />
        ))}
      </Stack>
    );
  }
  if (certificates.isError) {
    return <RewardsError error={certificates.error} onRetry={() => void certificates.refetch()} />;
  }
  const items = certificates.data.items;
  if (items.length === 0) {
    return (
      <Stack align="center" py={48} gap="sm" ta="center">
        <ThemeIcon variant="light" size={64} radius="xl" aria-hidden>
          <IconCertificate size={36} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {t('certificates.empty.title')}
        </Title>
        <Text c="dimmed" maw={420}>
          {t('certificates.empty.description')}
        </Text>
        <Anchor component={Link} to="/online-courses" fw={600}>
          {t('certificates.empty.link')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('certificates.title')}
    >
      {items.map((c) => (
        <CertificateCard key={c.id} certificate={c} />
      ))}
    </Stack>
  );
}
