import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { importErrors, loyaltyLimits } from '@trilha/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { useImport, type ImportKind } from '../api/loyalty-admin';
import { useFormat } from './format';

const columns: Record<ImportKind, string> = {
  stores: 'code, name, city, retailer, country, time_zone, phones_and_cameras_allowed, active',
  products: 'sku, name, brand, product_type, processor, processor_generation, form_factor, active',
};

type Problem = ReturnType<typeof importErrors.parse>['rows'][number];

/** The refused rows of LOYALTY_IMPORT_INVALID, or none when the refusal is of another kind. */
function refusedRows(error: unknown): Problem[] {
  if (!(error instanceof ApiError) || error.code !== 'LOYALTY_IMPORT_INVALID') return [];
  const parsed = importErrors.safeParse(error.details);
  return parsed.success ? parsed.data.rows : [];
}

/** The API's problem of a row, in the user's language where it is one we know. */
function useProblemText() {
  const { t } = useTranslation('loyalty');
  return (problem: string) => {
    const repeats = /^repeats line (\d+)$/.exec(problem);
    if (repeats) return t('admin.import.problems.repeats', { line: repeats[1] });
    const tooMany = /^more than (\d+) rows$/.exec(problem);
    if (tooMany) return t('admin.import.problems.tooMany', { max: tooMany[1] });
    if (problem === 'missing column') return t('admin.import.problems.missingColumn');
    if (problem === 'unknown country') return t('admin.import.problems.unknownCountry');
    if (problem === 'not an IANA time zone') return t('admin.import.problems.timeZone');
    if (problem === 'not yes or no') return t('admin.import.problems.yesNo');
    return t('admin.import.problems.invalid');
  };
}

/**
 * Imports a CSV of stores or products: every row is checked by the API first and nothing is written if
 * any is refused; then each refused row is listed with its line, column and problem.
 */
export function ImportDialog({
  kind,
  opened,
  onClose,
}: {
  kind: ImportKind;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const phone = useMediaQuery('(max-width: 30em)');
  const importer = useImport(kind);
  const problemText = useProblemText();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const maxKb = Math.floor(loyaltyLimits.csvChars / 1024);

  const close = () => {
    setFile(null);
    setTooLarge(false);
    importer.reset();
    onClose();
  };
  const choose = (next: File | null) => {
    setFile(next);
    importer.reset();
    setTooLarge(!!next && next.size > loyaltyLimits.csvChars * 4);
  };
  const send = async () => {
    if (!file || importer.isPending) return;
    const csv = await file.text();
    if (csv.length > loyaltyLimits.csvChars) {
      setTooLarge(true);
      return;
    }
    importer.mutate(csv);
  };
  const rows = refusedRows(importer.error);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(`admin.import.title.${kind}`)}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('admin.close') }}
    >
      <Stack gap="sm">
        <Text fz="sm">{t('admin.import.help', { rows: f.number(loyaltyLimits.csvRows) })}</Text>
        <Text fz="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {columns[kind]}
        </Text>
        <FileInput
          label={t('admin.import.file')}
          placeholder={t('admin.import.pick')}
          accept=".csv,text/csv,text/plain"
          value={file}
          onChange={choose}
          error={tooLarge ? t('admin.import.tooLarge', { kb: f.number(maxKb) }) : undefined}
          clearable
        />
        {importer.isSuccess ? (
          <Alert color="teal" role="status" data-testid="import-result">
            {t('admin.import.done', {
              created: f.number(importer.data.created),
              updated: f.number(importer.data.updated),
            })}
          </Alert>
        ) : null}
        {importer.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(importer.error)}
          </Alert>
        ) : null}
        {rows.length > 0 ? (
          <Table.ScrollContainer
            minWidth={480}
            mah={360}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('admin.import.report') },
            }}
          >
            <Table striped aria-label={t('admin.import.report')} data-testid="import-report">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.import.line')}</Table.Th>
                  <Table.Th>{t('admin.import.column')}</Table.Th>
                  <Table.Th>{t('admin.import.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={`${r.line}-${r.field}-${i}`}>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td ff="monospace">{r.field || '—'}</Table.Td>
                    <Table.Td c="red.8">{problemText(r.problem)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('admin.close')}
          </Button>
          <Button onClick={() => void send()} loading={importer.isPending} disabled={!file || tooLarge}>
            {t('admin.import.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
