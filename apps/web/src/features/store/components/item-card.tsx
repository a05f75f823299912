import { Card, Group, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import type { storeItem } from '@trilha/contracts/store';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../components/wrap-badge';
import { usePoints } from './format';
import { ItemPhoto } from './item-photo';
import { StockBadge } from './stock-badge';
import classes from './store.module.css';

export type StoreItem = z.infer<typeof storeItem>;

/** One reward of the store's grid: its photo, name, price and stock; the whole card opens its details. */
export function ItemCard({ item }: { item: StoreItem }) {
  const { t } = useTranslation('store');
  const { points } = usePoints();
  const soldOut = item.stock <= 0;
  return (
    <Card
      component={Link}
      to={`/reward-store/details/${item.id}`}
      withBorder
      shadow="xs"
      padding="sm"
      className={`${classes.card} ${soldOut ? classes.soldOut : ''}`}
      data-testid="store-item"
    >
      <Card.Section>
        <ItemPhoto src={item.imageUrl} alt="" height={160} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} lineClamp={2} className={classes.cardTitle}>
          {item.title}
        </Text>
        <Text fw={700} c="brand.7">
          {points(item.price)}
        </Text>
        <Group gap={6} mt="auto">
          <StockBadge stock={item.stock} />
          {item.kind === 'digital' ? (
            <WrapBadge variant="light" color="grape">
              {t('kind.digital')}
            </WrapBadge>
          ) : null}
          {!soldOut && !item.affordable ? (
            <WrapBadge variant="light" color="gray">
              {t('card.notEnough')}
            </WrapBadge>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
