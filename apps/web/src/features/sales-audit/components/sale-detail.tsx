import { Alert, Center, Grid, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { saleAuditRules, type AuditSale, type RelatedSale } from '@trilha/contracts/sales';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage, formatDate } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import { useAuditSale, useDecide } from '../api/sales-audit';
import { FlagBadges, SaleStatusBadge } from './badges';
import { DecisionForm } from './decision-form';
import { FactList } from './facts';
import { PhotoViewer } from './photo-viewer';
import classes from './sales-audit.module.css';

const number = (n: number) => new Intl.NumberFormat(currentLanguage()).format(n);

function Related({ items, distance }: { items: RelatedSale[]; distance?: boolean }) {
  const { t } = useTranslation('sales-audit');
  return (
    <Stack gap={2} component="ul" m={0} pl="md">
      {items.map((r) => (
        <Text component="li" fz="sm" key={r.id}>
          {t('detail.related', {
            number: r.invoiceNumber,
            name: r.userName,
            campaign: r.campaignName,
            store: r.storeName,
            status: t(`status.${r.status}`),
          })}
          {distance && r.distance !== null ? ` · ${t('detail.distance', { bits: r.distance })}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function Signals({ sale }: { sale: AuditSale }) {
  const { t } = useTranslation('sales-audit');
  const s = sale.signals;
  const q = s.unusualQuantity;
  return (
    <Stack gap="xs" data-testid="signals">
      <Title order={3} fz="md">
        {t('detail.signals')}
      </Title>
      {sale.flags.length === 0 ? <Text fz="sm">{t('detail.noSignals')}</Text> : null}
      {s.sameImage.length > 0 ? (
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {t('flags.same_image')}
          </Text>
          <Related items={s.sameImage} />
        </Stack>
      ) : null}
      {s.similarImage.length > 0 ? (
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {t('flags.similar_image')}
          </Text>
          <Related items={s.similarImage} distance />
        </Stack>
      ) : null}
      {s.invoiceElsewhere.length > 0 ? (
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {t('flags.invoice_elsewhere')}
          </Text>
          <Related items={s.invoiceElsewhere} />
        </Stack>
      ) : null}
      <Text fz="sm" fw={q.unusual ? 600 : undefined}>
        {q.unusual ? `${t('flags.unusual_quantity')}: ` : ''}
        {q.otherSales >= saleAuditRules.unusualMinSales && q.average !== null
          ? t('detail.unusual', {
              units: number(q.units),
              threshold: number(q.threshold),
              average: number(q.average),
              count: q.otherSales,
            })
          : t('detail.unusualFew', { units: number(q.units), threshold: number(q.threshold) })}
      </Text>
    </Stack>
  );
}

function History({ sale }: { sale: AuditSale }) {
  const { t } = useTranslation('sales-audit');
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {t('detail.history')}
      </Title>
      {sale.decisions.length === 0 ? <Text fz="sm">{t('detail.noHistory')}</Text> : null}
      {sale.decisions.map((d) => {
        const values = {
          date: formatDate(d.createdAt),
          name: d.actorName ?? t('detail.someone'),
          reason: d.reason ?? '',
          points: number(Math.abs(d.points)),
          xp: number(Math.abs(d.xp)),
        };
        const key =
          d.decision === 'approved'
            ? 'detail.decision.approved'
            : d.fromStatus === 'approved'
              ? 'detail.decision.reversed'
              : 'detail.decision.rejected';
        return (
          <Stack gap={0} key={d.id} data-testid="decision">
            <Text fz="sm">{t(key, values)}</Text>
            {d.pointsShortfall > 0 || d.xpShortfall > 0 ? (
              <Text fz="sm" c="orange.9">
                {t('detail.decision.shortfall', {
                  points: number(d.pointsShortfall),
                  xp: number(d.xpShortfall),
                })}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}

function Facts({ sale }: { sale: AuditSale }) {
  const { t } = useTranslation('sales-audit');
  const rows: [string, string][] = [
    [t('detail.seller'), sale.userEmail ? `${sale.userName} (${sale.userEmail})` : sale.userName],
    [t('detail.campaign'), sale.campaignName],
    [t('detail.retailer'), sale.retailerName],
    [t('detail.store'), sale.storeName],
    [t('detail.saleDate'), formatDate(sale.saleDate)],
    [t('detail.reportedAt'), formatDate(sale.createdAt)],
    [t('detail.observation'), sale.observation || t('detail.none')],
  ];
  return <FactList rows={rows} />;
}

/** Approve, or reject with a reason (after an approval, the rejection takes the points back). */
function Decide({ sale }: { sale: AuditSale }) {
  const { t } = useTranslation('sales-audit');
  const decide = useDecide();
  if (sale.status === 'rejected') return null;
  return (
    <DecisionForm
      canApprove={sale.status === 'pending'}
      rejectLabel={sale.status === 'approved' ? t('actions.rejectApproved') : t('actions.reject')}
      reasonHint={t('actions.reasonHint')}
      reasonMax={saleAuditRules.reason}
      pending={decide.isPending}
      error={decide.error}
      onDecide={(decision, done) =>
        decide.mutate(
          { id: sale.id, ...decision },
          {
            onSuccess: () => {
              showNotification({
                color: 'teal',
                message: t(decision.action === 'approve' ? 'actions.approved' : 'actions.rejected', {
                  number: sale.invoiceNumber,
                }),
              });
              done();
            },
          },
        )
      }
    />
  );
}

function Body({ sale }: { sale: AuditSale }) {
  const { t } = useTranslation('sales-audit');
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <PhotoViewer saleId={sale.id} hasPhoto={sale.hasPhoto} invoiceNumber={sale.invoiceNumber} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Group gap="xs">
            <SaleStatusBadge status={sale.status} />
            <FlagBadges flags={sale.flags} />
          </Group>
          <Facts sale={sale} />
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('detail.lines')}
            </Title>
            <div className={classes.linesTable} tabIndex={0} role="region" aria-label={t('detail.lines')}>
              <Table striped withTableBorder fz="sm" data-testid="sale-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('detail.product')}</Table.Th>
                    <Table.Th ta="right">{t('detail.quantity')}</Table.Th>
                    <Table.Th ta="right">{t('detail.unitPoints')}</Table.Th>
                    <Table.Th ta="right">{t('detail.subtotal')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sale.lines.map((l) => (
                    <Table.Tr key={l.productId}>
                      <Table.Td>
                        <Text fz="sm">{l.name}</Text>
                        <Text fz="xs" c="dimmed">
                          {t('detail.sku')} {l.sku}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{number(l.quantity)}</Table.Td>
                      <Table.Td ta="right">{number(l.points)}</Table.Td>
                      <Table.Td ta="right">{number(l.subtotal)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <Text fz="sm" fw={600}>
              {t('detail.base', { points: number(sale.basePoints) })}
            </Text>
            {sale.status === 'approved' && sale.creditedPoints !== null ? (
              <Text fz="sm" data-testid="credited">
                {t('detail.credited', {
                  points: number(sale.creditedPoints),
                  multiplier: number(sale.multiplier ?? 1),
                  xp: number(sale.creditedXp ?? 0),
                })}
              </Text>
            ) : null}
            {sale.status === 'rejected' && sale.rejectionReason ? (
              <Text fz="sm">{t('detail.reason', { reason: sale.rejectionReason })}</Text>
            ) : null}
          </Stack>
          <Decide sale={sale} />
          <Signals sale={sale} />
          <History sale={sale} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** A sale opened from the queue: the photo beside its lines, signals, history and the decision. */
export function SaleDetail({
  saleId,
  invoiceNumber,
  onClose,
}: {
  saleId: number | null;
  invoiceNumber: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('sales-audit');
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useAuditSale(saleId);
  return (
    <Modal
      opened={saleId !== null}
      onClose={onClose}
      size="80rem"
      fullScreen={Boolean(phone)}
      title={t('detail.title', { number: invoiceNumber })}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('detail.title', { number: invoiceNumber })} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {t('detail.loadError')} {apiErrorText(query.error)}
        </Alert>
      ) : (
        <Body sale={query.data} />
      )}
    </Modal>
  );
}
