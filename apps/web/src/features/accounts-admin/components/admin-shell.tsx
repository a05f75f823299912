import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/** Title, description and the area's sub-screens as tabs that change the address. */
export function AdminHeader({
  title,
  description,
  tabs,
}: {
  title: string;
  description?: string;
  tabs?: { to: string; label: string }[];
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {tabs ? (
        <Tabs value={pathname} onChange={(v) => v && void navigate(v)}>
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.to} value={tab.to}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
    </Stack>
  );
}
