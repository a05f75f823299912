import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCertificateOff,
  IconCircleCheck,
  IconClockExclamation,
  IconShieldX,
} from '@tabler/icons-react';
import type { PublicCertificate } from '@trilha/contracts/rewards/certificates';
import { formatDate } from '@trilha/domain/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { usePublicCertificate } from '../api/public-certificate';
import classes from './certificate-verification-page.module.css';

// Mantine's light alert writes its title in the colour's own shade, under 4.5:1 on the tinted background.
const readableTitle = { title: { color: 'color-mix(in srgb, var(--alert-color) 55%, black)' } };

const statusLook = {
  valid: { color: 'teal', Icon: IconCircleCheck },
  expired: { color: 'orange', Icon: IconClockExclamation },
  revoked: { color: 'red', Icon: IconShieldX },
} as const;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.detail}>
      <Text component="dt" fz="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function StatusBanner({ certificate }: { certificate: PublicCertificate }) {
  const { t } = useTranslation('rewards');
  const language = currentLanguage();
  const { color, Icon } = statusLook[certificate.status];
  const day = (d: string | null) => (d ? formatDate(d, language) : '');
  const text =
    certificate.status === 'valid'
      ? certificate.expiresAt
        ? t('public.status.validUntil', { date: day(certificate.expiresAt) })
        : t('public.status.validForever')
      : certificate.status === 'expired'
        ? t('public.status.expired', { date: day(certificate.expiresAt) })
        : certificate.revokedAt
          ? t('public.status.revokedOn', { date: day(certificate.revokedAt) })
          : t('public.status.revoked');
  return (
    <Alert
      color={color}
      variant="light"
      radius="md"
      icon={<Icon size={28} aria-hidden />}
      title={t(`public.status.title.${certificate.status}`)}
      data-testid="certificate-status"
      data-status={certificate.status}
      styles={readableTitle}
      role="status"
    >
      <Stack gap={4}>
        <Text fz="sm">{text}</Text>
        {certificate.status === 'revoked' && certificate.revokeReason ? (
          <Text fz="sm">{t('public.status.reason', { reason: certificate.revokeReason })}</Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

function Workload({ minutes }: { minutes: number }) {
  const { t } = useTranslation('rewards');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? t('public.hours', { count: hours }) : null,
    rest > 0 || hours === 0 ? t('public.minutes', { count: rest }) : null,
  ].filter(Boolean);
  return <>{parts.join(' ')}</>;
}

function CertificateView({ certificate }: { certificate: PublicCertificate }) {
  const { t } = useTranslation('rewards');
  const language = currentLanguage();
  return (
    <Paper radius="lg" shadow="sm" withBorder className={classes.card}>
      <div className={classes.band}>
        <Group gap="md" wrap="nowrap">
          {certificate.issuer.logoUrl ? (
            <Box className={classes.logo}>
              <Image src={certificate.issuer.logoUrl} alt="" h={40} w="auto" fit="contain" />
            </Box>
          ) : null}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="xs" tt="uppercase" fw={700} className={classes.kicker}>
              {t('public.issuedBy')}
            </Text>
            <Text fw={700} fz="lg" data-testid="certificate-issuer" style={{ overflowWrap: 'anywhere' }}>
              {certificate.issuer.name}
            </Text>
          </Stack>
        </Group>
      </div>
      <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
        <StatusBanner certificate={certificate} />
        <Stack gap={4}>
          <Text fz="sm" c="dimmed">
            {t('public.certifies')}
          </Text>
          <Title order={2} fz={{ base: 24, sm: 30 }} data-testid="certificate-learner">
            {certificate.learnerName}
          </Title>
          <Text fz="sm" c="dimmed">
            {t(`public.completed.${certificate.targetType}`)}
          </Text>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} data-testid="certificate-title">
            {certificate.title}
          </Text>
        </Stack>
        <dl className={classes.details}>
          <Detail label={t('public.issuedOn')}>{formatDate(certificate.issuedAt, language)}</Detail>
          <Detail label={t('public.expiresOn')}>
            {certificate.expiresAt ? formatDate(certificate.expiresAt, language) : t('public.noExpiry')}
          </Detail>
          {certificate.workloadMinutes ? (
            <Detail label={t('public.workload')}>
              <Workload minutes={certificate.workloadMinutes} />
            </Detail>
          ) : null}
          <Detail label={t('public.code')}>
            <span className={classes.code}>{certificate.code}</span>
          </Detail>
        </dl>
        <Text fz="xs" c="dimmed">
          {t('public.footnote', { issuer: certificate.issuer.name })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /certificates/:code — anyone holding a certificate's code checks who earned what, when, and whether it still holds. */
export default function CertificateVerificationPage() {
  const { t } = useTranslation('rewards');
  const code = useParams().code ?? '';
  const query = usePublicCertificate(code);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <Stack gap="lg" py="xl" maw={760} mx="auto">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('public.title')}
        </Title>
        <Text c="dimmed">{t('public.intro')}</Text>
      </div>
      {query.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t('states.loading')}>
          <Skeleton h={72} radius="md" />
          <Skeleton h={280} radius="md" />
        </Stack>
      ) : notFound ? (
        <Paper withBorder radius="lg" p="xl" data-testid="certificate-not-found">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
              <IconCertificateOff size={36} />
            </ThemeIcon>
            <Title order={2} fz="h3">
              {t('public.notFound.title')}
            </Title>
            <Text c="dimmed" maw={460}>
              {t('public.notFound.description', { code })}
            </Text>
            <Anchor component={Link} to="/">
              {t('public.notFound.home')}
            </Anchor>
          </Stack>
        </Paper>
      ) : query.isError ? (
        <Alert
          color="red"
          role="alert"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('states.errorTitle')}
        >
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{apiErrorText(query.error)}</Text>
            <Button size="compact-sm" variant="white" color="red" onClick={() => void query.refetch()}>
              {t('states.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <CertificateView certificate={query.data} />
      )}
    </Stack>
  );
}
