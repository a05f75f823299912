import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import type { InstitutionalSlug } from '@trilha/contracts/institutional';
import { formatDate } from '@trilha/domain/dates';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { apiErrorText } from '../../../lib/form-errors';
import { useInstitutionalPage } from '../api/institutional';
import { openCookiePreferences } from '../api/cookie-store';
import { Markdown } from '../../../components/markdown';
import { SupportForm } from './support-form';

/** One institutional page: its text (Markdown), and the form or the cookie choices where they belong. */
export function InstitutionalView({ slug, scope }: { slug: InstitutionalSlug; scope: 'public' | 'client' }) {
  const { t, i18n } = useTranslation('institutional');
  const page = useInstitutionalPage(slug, scope, i18n.language);
  const title = page.data?.title || t(`titles.${slug}`);

  return (
    <Stack gap="lg" maw={860} mx="auto" py={{ base: 'md', sm: 'xl' }}>
      <Title order={1}>{title}</Title>
      {page.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : page.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            {apiErrorText(page.error)}
            <Button size="compact-sm" variant="white" onClick={() => void page.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : page.data.body ? (
        <Card withBorder radius="md" padding="lg">
          <Markdown source={page.data.body} />
          {page.data.updatedAt ? (
            <Text fz="xs" c="dimmed" mt="md">
              {t('updatedAt', { date: formatDate(page.data.updatedAt, currentLanguage()) })}
            </Text>
          ) : null}
        </Card>
      ) : (
        <Text c="dimmed">{t('noContent')}</Text>
      )}
      {slug === 'cookies' ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconCookie size={18} aria-hidden />}
            onClick={openCookiePreferences}
          >
            {t('cookies.preferences')}
          </Button>
        </Group>
      ) : null}
      {slug === 'support' || slug === 'contact' ? <SupportForm kind={slug} /> : null}
    </Stack>
  );
}
