import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import {
  certificateStatus,
  type AdminCertificate,
  type CertificateStatus,
} from '@trilha/contracts/rewards/certificates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage, formatDate } from '../../../lib/i18n';
import { useAdminCertificates, useCertificateTemplate, useRevokeCertificate } from '../api/rewards-admin';
import { RewardsHeader } from '../components/rewards-header';
import { TemplateEditor } from '../components/template-editor';

const statusColor = { valid: 'teal', expired: 'gray', revoked: 'red' } as const;

function RevokeModal({
  certificate,
  onClose,
}: {
  certificate: AdminCertificate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('rewards-admin');
  const revoke = useRevokeCertificate();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = reason.trim().length >= 3 && reason.trim().length <= 500;
  const close = () => {
    setReason('');
    setTouched(false);
    revoke.reset();
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (!certificate || !valid) return;
    try {
      await revoke.mutateAsync({ id: certificate.id, reason: reason.trim() });
      notifications.show({
        color: 'teal',
        message: t('certificates.revoke.done', { code: certificate.code }),
      });
      close();
    } catch {
      // The alert below tells why.
    }
  };
  return (
    <Modal opened={certificate !== null} onClose={close} title={t('certificates.revoke.title')} centered>
      {certificate ? (
        <Stack gap="md">
          <Text>
            {t('certificates.revoke.text', {
              name: certificate.learnerName,
              title: certificate.title,
              code: certificate.code,
            })}
          </Text>
          <Textarea
            label={t('certificates.revoke.reason')}
            description={t('certificates.revoke.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            rows={3}
            required
            error={touched && !valid ? t('certificates.revoke.reasonInvalid') : undefined}
            data-autofocus
          />
          {revoke.isError ? (
            <Alert color="red" role="alert">
              {apiErrorText(revoke.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => void submit()}>
              {t('certificates.revoke.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function IssuedList() {
  const { t } = useTranslation('rewards-admin');
  const language = currentLanguage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<CertificateStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = useAdminCertificates(debounced, status, page);
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('certificates.issued.title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('certificates.issued.search')}
            placeholder={t('certificates.issued.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label={t('certificates.issued.status')}
            placeholder={t('certificates.issued.anyStatus')}
            data={certificateStatus.options.map((s) => ({ value: s, label: t(`certificates.status.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus(v as CertificateStatus | null);
              setPage(1);
            }}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      </Paper>
      <PagedList query={list} page={page} onPage={setPage} emptyText={t('certificates.issued.empty')}>
        {(data) => (
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            miw={340}
            aria-label={t('certificates.issued.title')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('certificates.issued.columns.learner')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('certificates.issued.columns.issued')}</Table.Th>
                <Table.Th>{t('certificates.issued.columns.status')}</Table.Th>
                <Table.Th w={100}>
                  <VisuallyHidden>{t('certificates.issued.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {c.learnerName}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t(`certificates.issued.target.${c.targetType}`, { title: c.title })}
                    </Text>
                    <Text fz="xs" c="dimmed" ff="monospace">
                      {c.code}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm">{formatDate(c.issuedAt, language)}</Text>
                    {c.expiresAt ? (
                      <Text fz="xs" c="dimmed">
                        {t('certificates.issued.validUntil', { date: formatDate(c.expiresAt, language) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[c.status]} variant="light" size="sm">
                      {t(`certificates.status.${c.status}`)}
                    </Badge>
                    {c.revokeReason ? (
                      <Text fz="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
                        {c.revokeReason}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {c.status !== 'revoked' ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setRevoking(c)}
                        aria-label={t('certificates.revoke.for', { name: c.learnerName, code: c.code })}
                      >
                        {t('certificates.revoke.action')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <RevokeModal certificate={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

/** /admin/rewards/certificates: the template with its live preview, and the certificates issued. */
export default function CertificatesPage() {
  const { t } = useTranslation('rewards-admin');
  const template = useCertificateTemplate();
  return (
    <Stack gap="xl">
      <RewardsHeader title={t('sections.certificates')} description={t('certificates.description')} />
      {template.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('states.loading')} />
        </Center>
      ) : template.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            {apiErrorText(template.error)}
            <Button size="compact-sm" variant="white" onClick={() => void template.refetch()}>
              {t('actions.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <TemplateEditor template={template.data} />
      )}
      <IssuedList />
    </Stack>
  );
}
