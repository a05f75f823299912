import { Anchor, Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { PublicFooter } from '../../components/public-footer';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useLoginConfig } from '../../features/session/api/login-config';
import { LanguageMenu } from '../../features/session/components/language-menu';
import { logoFor } from '../../lib/branding';
import classes from './public-layout.module.css';

/** Header with the site's logo and the language switch, the screen, and the institutional footer. */
export function PublicFrameLayout() {
  const { t, i18n } = useTranslation();
  const { data: config } = useLoginConfig();
  const siteName = config?.name ?? t('appName');
  return (
    <div className={classes.frame}>
      <SkipLink label={t('skipToContent')} />
      <header className={classes.header}>
        <Container size="lg">
          <Group justify="space-between" h={64} wrap="nowrap">
            <Anchor component={Link} to="/" aria-label={`${siteName} — ${t('actions.backToHome')}`}>
              <BrandLogo src={logoFor(config, i18n.language)} name={siteName} height={36} />
            </Anchor>
            <LanguageMenu />
          </Group>
        </Container>
      </header>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Container size="lg">
          <Outlet />
        </Container>
      </Box>
      <PublicFooter siteName={siteName} showSupport={config?.support ?? false} />
    </div>
  );
}
