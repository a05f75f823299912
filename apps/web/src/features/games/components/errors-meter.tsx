import { Group, Text } from '@mantine/core';
import { IconHeart, IconHeartBroken } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Errors so far against the errors allowed: hearts while few, a count always. */
export function ErrorsMeter({ used, allowed }: { used: number; allowed: number }) {
  const { t } = useTranslation('games');
  const label = t('shell.errorsOf', { used, allowed });
  const hearts = allowed > 0 && allowed <= 8;
  return (
    <Group gap={4} aria-live="polite" aria-atomic data-testid="game-errors">
      {hearts
        ? Array.from({ length: allowed }, (_, i) =>
            i < allowed - used ? (
              <IconHeart
                key={i}
                size={18}
                color="var(--mantine-color-red-7)"
                fill="currentColor"
                aria-hidden
              />
            ) : (
              <IconHeartBroken key={i} size={18} color="var(--mantine-color-gray-6)" aria-hidden />
            ),
          )
        : null}
      <Text fz="sm" fw={600}>
        {label}
      </Text>
    </Group>
  );
}
