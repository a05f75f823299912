import { Alert, Box, Button, Divider, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBrandGoogle, IconTool } from '@tabler/icons-react';
import type { LoginConfigBody } from '@trilha/contracts/accounts-admin';
import { useTranslation } from 'react-i18next';

/**
 * A scaled-down login screen drawn from the configuration being edited: colours, the logo of the chosen
 * language, the background and the switches that add or remove parts of the screen.
 */
export function LoginPreview({ config, language }: { config: LoginConfigBody; language: string }) {
  const { t } = useTranslation(['auth', 'accounts-admin']);
  const logo =
    config.logos[language] ?? config.logos[config.defaultLanguage] ?? Object.values(config.logos)[0];
  const { primary, background, text } = config.colors;
  return (
    <Box
      role="figure"
      aria-label={t('accounts-admin:loginConfig.previewLabel')}
      style={{
        display: 'grid',
        gridTemplateColumns: '1fr 1.1fr',
        borderRadius: 12,
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-gray-3)',
        minHeight: 380,
        background: '#fff',
      }}
    >
      <Box
        style={{
          backgroundColor: background,
          backgroundImage: config.backgroundImage ? `url("${config.backgroundImage}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          display: 'flex',
          alignItems: 'flex-end',
          padding: 16,
        }}
      >
        <Text fw={800} fz={22} lh={1.1} c="white" style={{ textShadow: '0 1px 10px rgb(0 0 0 / 45%)' }}>
          {config.name}
        </Text>
      </Box>
      <Stack gap={10} p="md" justify="center" style={{ color: text }} aria-hidden inert>
        {logo ? (
          <Image src={logo} alt="" h={30} w="auto" fit="contain" style={{ alignSelf: 'flex-start' }} />
        ) : null}
        {config.maintenance ? (
          <Alert color="yellow" p={6} icon={<IconTool size={14} />} fz="xs">
            {t('auth:maintenance.title')}
          </Alert>
        ) : null}
        <Title order={3} fz={17} c={text}>
          {t('auth:login.title')}
        </Title>
        <TextInput size="xs" label={t('auth:login.username')} readOnly tabIndex={-1} />
        <TextInput
          size="xs"
          label={t('auth:login.password')}
          type="password"
          value="••••••"
          readOnly
          tabIndex={-1}
        />
        <Text fz={10} ta="right" c={primary}>
          {t('auth:login.forgotPassword')}
        </Text>
        <Button size="xs" fullWidth style={{ backgroundColor: primary }} tabIndex={-1}>
          {t('auth:login.submit')}
        </Button>
        {config.oauth2.google || config.directAccess ? <Divider /> : null}
        {config.oauth2.google ? (
          <Button size="xs" variant="default" leftSection={<IconBrandGoogle size={14} />} tabIndex={-1}>
            {t('accounts-admin:loginConfig.googlePreview')}
          </Button>
        ) : null}
        {config.directAccess ? (
          <Button size="xs" variant="outline" style={{ color: primary, borderColor: primary }} tabIndex={-1}>
            {t('accounts-admin:loginConfig.directAccessPreview')}
          </Button>
        ) : null}
        {config.register || config.preRegister ? (
          <Text fz={10} ta="center">
            {t('auth:login.noAccount')}{' '}
            <Text span fz={10} fw={700} c={primary}>
              {config.register ? t('auth:login.register') : t('auth:login.preRegister')}
            </Text>
          </Text>
        ) : null}
        <Group gap={8} justify="center">
          {config.publicFaq ? (
            <Text fz={9} c="dimmed">
              FAQ
            </Text>
          ) : null}
          {config.support ? (
            <Text fz={9} c="dimmed">
              {t('accounts-admin:loginConfig.switches.support')}
            </Text>
          ) : null}
          {config.recaptcha ? (
            <Text fz={9} c="dimmed">
              reCAPTCHA
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Box>
  );
}
