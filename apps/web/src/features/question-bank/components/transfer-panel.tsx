import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import {
  IMPORT_MAX_BYTES,
  type QuestionFileFormat,
  type QuestionImportResponse,
} from '@trilha/contracts/assessments/import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';
import { uploadErrorText } from './upload-error';
import { exportQuestions, useCategories, useImportQuestions } from '../api/question-bank';

function FormatChoice({
  value,
  onChange,
  label,
}: {
  value: QuestionFileFormat;
  onChange: (v: QuestionFileFormat) => void;
  label: string;
}) {
  const { t } = useTranslation('question-bank');
  return (
    <Stack gap={4}>
      <Text fw={500} fz="sm">
        {label}
      </Text>
      <SegmentedControl
        aria-label={label}
        value={value}
        onChange={(v) => onChange(v as QuestionFileFormat)}
        data={[
          { value: 'gift', label: t('transfer.gift') },
          { value: 'aiken', label: t('transfer.aiken') },
        ]}
        maw={320}
      />
    </Stack>
  );
}

function CategoryChoice({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  label: string;
  placeholder: string;
}) {
  const categories = useCategories();
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      maw={400}
    />
  );
}

/** What an import did: the count written and each refused question with its line, reason and start. */
export function ImportReport({ report }: { report: QuestionImportResponse }) {
  const { t } = useTranslation('question-bank');
  return (
    <Stack gap="sm" data-testid="import-report">
      <Alert color={report.refused.length ? 'yellow' : 'green'} role="status">
        {t('transfer.imported', { count: report.imported })}{' '}
        {report.refused.length ? t('transfer.refusedCount', { count: report.refused.length }) : null}
      </Alert>
      {report.refused.length ? (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transfer.line')}</Table.Th>
                <Table.Th>{t('transfer.reason')}</Table.Th>
                <Table.Th>{t('transfer.excerpt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.refused.map((r, i) => (
                <Table.Tr key={`${r.line}-${i}`}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td miw={200}>{errorText(r.reason)}</Table.Td>
                  <Table.Td miw={200}>
                    <Text fz="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
                      {r.excerpt}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}

function ImportSection() {
  const { t } = useTranslation('question-bank');
  const [format, setFormat] = useState<QuestionFileFormat>('gift');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const run = useImportQuestions();
  const choose = (f: File | null) => {
    setLocalError(null);
    if (f && f.size > IMPORT_MAX_BYTES) {
      setLocalError(t('transfer.fileTooLarge'));
      return;
    }
    setFile(f);
  };
  const submit = () => {
    const category = categoryId === null ? null : Number(categoryId);
    run.mutate(file ? { format, categoryId: category, file } : { format, categoryId: category, text });
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="qb-import-title">
      <Title order={2} fz="h3" id="qb-import-title">
        {t('transfer.importTitle')}
      </Title>
      <FormatChoice value={format} onChange={setFormat} label={t('transfer.format')} />
      <Text fz="sm" c="dimmed">
        {t(format === 'gift' ? 'transfer.giftHelp' : 'transfer.aikenHelp')}
      </Text>
      <CategoryChoice
        value={categoryId}
        onChange={setCategoryId}
        label={t('transfer.category')}
        placeholder={t(format === 'gift' ? 'transfer.categoryFromFile' : 'transfer.noCategory')}
      />
      {file ? (
        <Group gap="xs">
          <Text fz="sm">{t('transfer.chosenFile', { name: file.name })}</Text>
          <Button variant="subtle" size="compact-sm" onClick={() => setFile(null)}>
            {t('transfer.removeFile')}
          </Button>
        </Group>
      ) : (
        <Textarea
          label={t('transfer.paste')}
          autosize
          minRows={6}
          maxRows={16}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      )}
      <Group wrap="wrap">
        <FileButton accept=".txt,.gift,text/plain" onChange={choose}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconFileUpload size={16} aria-hidden />}>
              {t('transfer.chooseFile')}
            </Button>
          )}
        </FileButton>
        <Button onClick={submit} loading={run.isPending} disabled={!file && !text.trim()}>
          {t('transfer.import')}
        </Button>
      </Group>
      {localError || run.isError ? (
        <Text c="red.8" fz="sm" role="alert">
          {localError ?? uploadErrorText(run.error)}
        </Text>
      ) : null}
      {run.data ? <ImportReport report={run.data} /> : null}
    </Stack>
  );
}

function ExportSection() {
  const { t } = useTranslation('question-bank');
  const [format, setFormat] = useState<QuestionFileFormat>('gift');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ skipped: number } | { error: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      const { blob, skipped } = await exportQuestions(
        format,
        categoryId === null ? null : Number(categoryId),
      );
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `questions-${format}.txt`;
      link.click();
      // The click has handed the address to the download; a moment later it can go.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setResult({ skipped });
    } catch (error) {
      setResult({ error: apiErrorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="qb-export-title">
      <Title order={2} fz="h3" id="qb-export-title">
        {t('transfer.exportTitle')}
      </Title>
      <FormatChoice value={format} onChange={setFormat} label={t('transfer.exportFormat')} />
      <CategoryChoice
        value={categoryId}
        onChange={setCategoryId}
        label={t('transfer.exportCategory')}
        placeholder={t('transfer.allCategories')}
      />
      <Group>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy}
          onClick={() => void run()}
        >
          {t('transfer.export')}
        </Button>
      </Group>
      {result && 'error' in result ? (
        <Text c="red.8" fz="sm" role="alert">
          {result.error}
        </Text>
      ) : null}
      {result && 'skipped' in result ? (
        <Text fz="sm" role="status">
          {result.skipped ? t('transfer.skipped', { count: result.skipped }) : t('transfer.exportedAll')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Import from and export to GIFT and Aiken files. */
export function TransferPanel() {
  return (
    <Stack gap="xl">
      <ImportSection />
      <ExportSection />
    </Stack>
  );
}
