import { Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { storeBulkLimits, type ShipCsvResult } from '@trilha/contracts/store';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';
import { useShipCsv } from '../api/store';

const MAX_KB = Math.floor(storeBulkLimits.shipCsvChars / 1024);

/** The refusal of a whole file, with the limit it names. */
function refusalText(error: unknown) {
  if (error instanceof ApiError && error.code === 'STORE_CSV_TOO_MANY_ROWS') {
    return errorText(error.code, { max: storeBulkLimits.shipRows });
  }
  return apiErrorText(error);
}

/**
 * Ships the approved orders a CSV names (order, carrier, tracking code), then shows each row's result.
 * One sending of one file is one Idempotency-Key: a retry after a lost answer ships nothing twice.
 */
export function ShipCsvDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('store');
  const ship = useShipCsv();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [result, setResult] = useState<ShipCsvResult | null>(null);
  const close = () => {
    setFile(null);
    setProblem(null);
    setKey(null);
    setResult(null);
    ship.reset();
    onClose();
  };
  const choose = (f: File | null) => {
    setFile(f);
    setKey(null);
    setResult(null);
    ship.reset();
    setProblem(
      f && f.size > storeBulkLimits.shipCsvChars ? t('queue.shipCsv.tooLarge', { kb: MAX_KB }) : null,
    );
  };
  const submit = async () => {
    if (!file || problem || ship.isPending) return;
    const csv = await file.text();
    if (csv.length > storeBulkLimits.shipCsvChars) {
      setProblem(t('queue.shipCsv.tooLarge', { kb: MAX_KB }));
      return;
    }
    const sendKey = key ?? crypto.randomUUID();
    setKey(sendKey);
    ship.mutate(
      { csv, key: sendKey },
      {
        onSuccess: (r) => setResult(r),
        // A refusal ends this sending; a lost answer keeps the key for the retry.
        onError: (e) => {
          if (e instanceof ApiError && e.status >= 400 && e.status < 500) setKey(null);
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('queue.shipCsv.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="sm">
        <Text fz="sm">{t('queue.shipCsv.help', { rows: storeBulkLimits.shipRows })}</Text>
        <FileInput
          label={t('queue.shipCsv.file')}
          placeholder={t('queue.shipCsv.pick')}
          accept=".csv,text/csv,text/plain"
          value={file}
          onChange={choose}
          error={problem ?? undefined}
          clearable
        />
        {ship.isError ? (
          <Text c="red.8" role="alert" fz="sm">
            {refusalText(ship.error)}
          </Text>
        ) : null}
        {result ? (
          <Stack gap="xs">
            <Text fw={600} role="status">
              {t('queue.shipCsv.summary', { shipped: result.shipped, failed: result.failed })}
            </Text>
            <Table.ScrollContainer minWidth={420}>
              <Table striped data-testid="ship-csv-result">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('queue.shipCsv.line')}</Table.Th>
                    <Table.Th>{t('queue.shipCsv.order')}</Table.Th>
                    <Table.Th>{t('queue.shipCsv.outcome')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>{r.orderId ?? '—'}</Table.Td>
                      <Table.Td c={r.ok ? 'teal.8' : 'red.8'}>
                        {r.ok || !r.code ? t('queue.shipCsv.ok') : t(`queue.shipCsv.codes.${r.code}`)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('close')}
          </Button>
          <Button onClick={() => void submit()} loading={ship.isPending} disabled={!file || !!problem}>
            {t('queue.shipCsv.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
