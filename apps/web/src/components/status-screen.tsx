import { Badge, Center, EmptyState, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatusScreenProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  badge?: string;
  actions?: ReactNode;
  color?: string;
  /** Announce the screen to assistive technology as soon as it appears (errors). */
  alert?: boolean;
}

/** A full-height, centred message with a heading and actions: errors, not-found, coming soon. */
export function StatusScreen({ icon, title, description, badge, actions, color, alert }: StatusScreenProps) {
  return (
    <Center mih="60vh" px="md" py="xl">
      <Stack maw={520} gap="md" align="center" role={alert ? 'alert' : undefined}>
        {badge ? (
          <Badge variant="light" color={color} size="lg">
            {badge}
          </Badge>
        ) : null}
        <EmptyState variant="light" color={color} size="lg" icon={icon}>
          <EmptyState.Title order={1}>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
          {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
        </EmptyState>
      </Stack>
    </Center>
  );
}
