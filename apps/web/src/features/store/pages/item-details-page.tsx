import { useRewardsSummary } from '../../../lib/rewards-summary';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Chip,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { WrapBadge } from '../../../components/wrap-badge';
import { apiErrorText } from '../../../lib/form-errors';
import { FEW_LEFT, useStoreItem } from '../api/store';
import { usePoints } from '../components/format';
import { ItemGallery } from '../components/item-gallery';
import { RedeemDialog } from '../components/redeem-dialog';
import { Requirements } from '../components/requirements';
import { StockBadge } from '../components/stock-badge';

/** /reward-store/details/:id: the reward, its options, what is needed to redeem it, and the redemption. */
export default function ItemDetailsPage() {
  const { t } = useTranslation('store');
  const { points } = usePoints();
  const id = Number.parseInt(useParams().id ?? '', 10) || 0;
  const query = useStoreItem(id);
  const summary = useRewardsSummary();
  const [variantId, setVariantId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);

  const back = (
    <Anchor component={Link} to="/reward-store" fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('details.back')}
      </Group>
    </Anchor>
  );

  if (query.isPending)
    return (
      <Center mih="40vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  if (query.isError)
    return (
      <Stack maw={1100} mx="auto">
        {back}
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{apiErrorText(query.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );

  const detail = query.data;
  const item = detail.item;
  const hasVariants = item.variants.length > 0;
  const variant = item.variants.find((v) => v.id === variantId) ?? null;
  const left = variant ? variant.stock : item.stock;
  const needsVariant = hasVariants && !variant;
  const canRedeem = detail.canRedeem && !needsVariant && left > 0;

  return (
    <Stack gap="md" maw={1100} mx="auto">
      {back}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Card withBorder padding={0} radius="md" component="figure" m={0} style={{ lineHeight: 0 }}>
          <ItemGallery
            title={item.title}
            photos={[...(item.imageUrl ? [item.imageUrl] : []), ...item.gallery]}
          />
        </Card>
        <Stack gap="md">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
              {item.title}
            </Title>
            <Group gap="xs">
              <Text fz="xl" fw={700} c="brand.7" data-testid="item-price">
                {points(item.price)}
              </Text>
              <StockBadge stock={hasVariants && !variant ? item.stock : left} />
              {item.kind === 'digital' ? (
                <WrapBadge variant="light" color="grape">
                  {t('kind.digital')}
                </WrapBadge>
              ) : null}
            </Group>
          </Stack>
          {hasVariants ? (
            <Stack gap={6}>
              <Text fw={600} id="variant-label">
                {t('details.option')}
              </Text>
              <Chip.Group value={variant ? String(variant.id) : ''} onChange={(v) => setVariantId(Number(v))}>
                <Group gap="xs" role="radiogroup" aria-labelledby="variant-label">
                  {item.variants.map((v) => (
                    <Chip key={v.id} value={String(v.id)} type="radio" disabled={v.stock <= 0}>
                      {v.stock <= 0
                        ? t('details.optionOut', { option: v.label })
                        : v.stock <= FEW_LEFT
                          ? t('details.optionFew', { option: v.label, count: v.stock })
                          : v.label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
          ) : null}
          <Requirements detail={detail} />
          <Button size="md" onClick={() => setOpen(true)} disabled={!canRedeem} data-testid="redeem-open">
            {t('details.redeem')}
          </Button>
          {detail.canRedeem && needsVariant ? (
            <Text fz="sm" c="dimmed">
              {t('details.chooseOption')}
            </Text>
          ) : null}
          {item.description ? (
            <Stack gap={4}>
              <Title order={2} fz="h4">
                {t('details.description')}
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }}>{item.description}</Text>
            </Stack>
          ) : null}
        </Stack>
      </SimpleGrid>
      <RedeemDialog
        opened={open}
        onClose={() => setOpen(false)}
        detail={detail}
        variantId={variant?.id ?? null}
        available={summary.data?.available}
      />
    </Stack>
  );
}
