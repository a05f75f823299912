import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The facts of a sale or a store photo as a definition list: "label: value", one a line. */
export function FactList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  const { t } = useTranslation('sales-audit');
  return (
    <Stack gap={2} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap={6} wrap="wrap" align="baseline">
          <Text component="dt" fz="sm" fw={600}>
            {t('detail.term', { label })}
          </Text>
          <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
