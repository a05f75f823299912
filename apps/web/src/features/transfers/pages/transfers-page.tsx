import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { transferLimits, type TransferStatus } from '@trilha/contracts/transfers';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { useRewardsSummary } from '../../../lib/rewards-summary';
import { useMyTransfers, useSendTransfer } from '../api/transfers';

const statusColor: Record<TransferStatus, string> = {
  requested: 'gray',
  sent: 'blue',
  confirmed: 'green',
  refused: 'red',
  failed: 'orange',
};

const newKey = () => crypto.randomUUID();

/** Points transfer to the partner program: send points to a partner account, and my transfers. */
export default function TransfersPage() {
  const { t, i18n } = useTranslation('rewards');
  const [document, setDocument] = useState('');
  const [points, setPoints] = useState<number | string>('');
  const [key, setKey] = useState(newKey);
  const [page, setPage] = useState(1);
  const send = useSendTransfer();
  const mine = useMyTransfers(page);
  const summary = useRewardsSummary();
  const amount = typeof points === 'number' ? points : Number.NaN;
  const valid =
    document.trim().length > 0 &&
    document.length <= transferLimits.documentInput &&
    Number.isInteger(amount) &&
    amount >= 1 &&
    amount <= transferLimits.points;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    send.mutate(
      { body: { document: document.trim(), points: amount }, key },
      {
        onSuccess: () => {
          setDocument('');
          setPoints('');
          setKey(newKey());
        },
      },
    );
  };
  const problem = send.error ? apiErrorText(send.error) : null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Stack gap="lg" maw={860} mx="auto">
      <Title order={1}>{t('transfers.title')}</Title>
      <Text>{t('transfers.intro')}</Text>
      <Card
        withBorder
        radius="md"
        p="lg"
        component="form"
        onSubmit={submit}
        aria-label={t('transfers.formLabel')}
      >
        <Stack gap="md">
          <TextInput
            label={t('transfers.document')}
            description={t('transfers.documentHint')}
            value={document}
            maxLength={transferLimits.documentInput}
            onChange={(e) => setDocument(e.currentTarget.value)}
            required
          />
          <NumberInput
            label={t('transfers.points')}
            description={
              summary.data
                ? t('transfers.available', { points: summary.data.available.toLocaleString(i18n.language) })
                : undefined
            }
            value={points}
            min={1}
            max={transferLimits.points}
            allowDecimal={false}
            allowNegative={false}
            onChange={setPoints}
            required
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {send.isSuccess && !send.isPending && (
            <Alert color="green" role="status">
              {t('transfers.requested')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={send.isPending} disabled={!valid}>
              {t('transfers.send')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Title order={2}>{t('transfers.history')}</Title>
      {mine.isError && <Alert color="red">{apiErrorText(mine.error)}</Alert>}
      {mine.data && mine.data.items.length === 0 && <Text c="dimmed">{t('transfers.empty')}</Text>}
      {mine.data && mine.data.items.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('transfers.columns.date')}</Table.Th>
                  <Table.Th>{t('transfers.columns.document')}</Table.Th>
                  <Table.Th>{t('transfers.columns.points')}</Table.Th>
                  <Table.Th>{t('transfers.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mine.data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{date.format(new Date(item.createdAt))}</Table.Td>
                    <Table.Td>{item.document}</Table.Td>
                    <Table.Td>{item.points.toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td>
                      <Badge color={statusColor[item.status]} variant="light">
                        {t(`transfers.status.${item.status}`)}
                      </Badge>
                      {item.status === 'refused' && item.error && (
                        <Text fz="xs" c="dimmed">
                          {item.error}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PaginationBar
            page={page}
            pageSize={mine.data.pageSize}
            total={mine.data.total}
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
