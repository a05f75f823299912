import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { salesLimits } from '@trilha/contracts/sales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignProduct } from '../api/sales';
import { cascade, cascadeState, type CascadeChoice, type CascadeStep } from './sale-form';

/**
 * The product of a sale line picked step by step: brand → product type → processor → generation → form
 * factor → SKU (a step with one option is taken by itself), then the quantity and "add".
 */
export function ProductPicker({
  products,
  onAdd,
}: {
  products: readonly CampaignProduct[];
  onAdd: (product: CampaignProduct, quantity: number) => void;
}) {
  const { t } = useTranslation('sales');
  const [chosen, setChosen] = useState<CascadeChoice>({});
  const [quantity, setQuantity] = useState<number | string>(1);
  const { options, value, product } = cascadeState(products, chosen);
  const qty = typeof quantity === 'number' ? quantity : Number.NaN;
  const validQty = Number.isInteger(qty) && qty >= 1 && qty <= salesLimits.quantity;

  const pick = (step: CascadeStep, v: string | null) => {
    const next: CascadeChoice = {};
    for (const s of cascade) {
      if (s === step) {
        if (v) next[s] = v;
        break;
      }
      if (chosen[s]) next[s] = chosen[s];
    }
    setChosen(next);
  };

  return (
    <Stack gap="sm" role="group" aria-label={t('form.pickProduct')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {cascade.map((step, i) => {
          const before = cascade.slice(0, i).every((s) => value[s] !== null);
          return (
            <Select
              key={step}
              label={t(`form.cascade.${step}`)}
              placeholder={t('form.choose')}
              data={
                step === 'sku'
                  ? options.sku.map((sku) => ({
                      value: sku,
                      label: `${sku} · ${products.find((p) => p.sku === sku)?.name ?? ''}`,
                    }))
                  : options[step]
              }
              value={value[step]}
              onChange={(v) => pick(step, v)}
              disabled={!before || options[step].length === 0}
              searchable={options[step].length > 8}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          );
        })}
      </SimpleGrid>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={t('form.quantity')}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={salesLimits.quantity}
          allowDecimal={false}
          allowNegative={false}
          w={120}
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          variant="light"
          disabled={!product || !validQty}
          onClick={() => {
            if (!product || !validQty) return;
            onAdd(product, qty);
            setChosen({});
            setQuantity(1);
          }}
        >
          {t('form.addProduct')}
        </Button>
        {product ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {t('form.productPoints', { name: product.name, points: product.myPoints })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
