import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

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
