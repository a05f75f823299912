import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** The card public account screens sit in: a heading, an introduction and the form. */
export function PublicCard({
  title,
  intro,
  children,
  width = 560,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      maw={width}
      mx="auto"
      my={{ base: 'md', sm: 'xl' }}
      // Field errors in the default red (red.6) fall short of 4.5:1 on white; a darker red reads.
      style={{ '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties}
    >
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {intro ? (
            <Text c="dimmed" mt={6}>
              {intro}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Fieldset legends of the public forms read as the section titles they are. */
export const legendStyles = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-md)' } };
