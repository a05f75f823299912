import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface PublicFooterProps {
  siteName: string;
  showSupport: boolean;
}

/** Institutional links of the public screens. */
export function PublicFooter({ siteName, showSupport }: PublicFooterProps) {
  const { t } = useTranslation();
  const links = [
    { to: '/institutional/about', label: t('footer.about') },
    { to: '/institutional/privacy-policy', label: t('footer.privacyPolicy') },
    { to: '/institutional/terms-and-conditions', label: t('footer.terms') },
    { to: '/institutional/cookies_policy', label: t('footer.cookies') },
    ...(showSupport ? [{ to: '/institutional/support', label: t('footer.support') }] : []),
  ];
  return (
    <Container component="footer" size="lg" py="lg" w="100%">
      <Group justify="space-between" gap="sm">
        <Text fz="xs" c="dimmed">
          {t('footer.rights', { year: new Date().getFullYear(), name: siteName })}
        </Text>
        <Group component="nav" aria-label={t('footer.label')} gap="md">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} fz="xs" c="dimmed">
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Group>
    </Container>
  );
}
