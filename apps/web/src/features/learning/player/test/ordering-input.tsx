import { ActionIcon, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface OrderItem {
  id: string;
  text: string;
}

/**
 * Puts items in order with move up / move down buttons: every step works from the keyboard, and the new
 * position is read out. The focus follows the moved item, so pressing again keeps moving it.
 */
export function OrderingInput({
  items,
  order,
  onChange,
  label,
}: {
  items: OrderItem[];
  /** Item ids in the learner's order. */
  order: string[];
  onChange: (order: string[]) => void;
  label: string;
}) {
  const { t } = useTranslation('assessments-player');
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const byId = new Map(items.map((item) => [item.id, item]));
  const shown = order.filter((id) => byId.has(id));

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= shown.length) return;
    const next = [...shown];
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved!);
    onChange(next);
    setAnnouncement(
      t('ordering.moved', { item: byId.get(moved!)!.text, position: target + 1, total: next.length }),
    );
    // The button pressed may now be disabled (top or bottom): keep the focus on the moved item's row.
    const key = `${moved}:${delta < 0 && target === 0 ? 'down' : delta > 0 && target === next.length - 1 ? 'up' : delta < 0 ? 'up' : 'down'}`;
    requestAnimationFrame(() => buttons.current.get(key)?.focus());
  };

  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text fz="sm" c="dimmed">
        {t('ordering.hint')}
      </Text>
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {shown.map((id, index) => {
          const item = byId.get(id)!;
          return (
            <Paper component="li" key={id} withBorder radius="sm" p="xs" data-testid="ordering-item">
              <Group wrap="nowrap" gap="sm" justify="space-between">
                <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                  <Text fw={700} w={24} ta="right" aria-hidden>
                    {index + 1}.
                  </Text>
                  <Text style={{ overflowWrap: 'anywhere' }}>{item.text}</Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    ref={(el) => void buttons.current.set(`${id}:up`, el)}
                    variant="default"
                    size="lg"
                    aria-label={t('ordering.up', { item: item.text })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    ref={(el) => void buttons.current.set(`${id}:down`, el)}
                    variant="default"
                    size="lg"
                    aria-label={t('ordering.down', { item: item.text })}
                    disabled={index === shown.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
