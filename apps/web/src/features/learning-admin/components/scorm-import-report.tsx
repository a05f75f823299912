import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminActivity } from '@trilha/contracts/learning';
import { WrapBadge } from '../../../components/wrap-badge';

type ScormReport = NonNullable<AdminActivity['scorm']>;

function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return `${number.format(value)}\u00a0${units[unit]}`;
}

/**
 * What the import found in a SCORM package: its version, SCOs, whether it declares sequencing and its
 * size, with what the player does not do yet said plainly (only the first SCO plays; sequencing rules
 * are not applied). Packages imported before the report show only their version.
 */
export function ScormImportReport({ scorm }: { scorm: ScormReport }) {
  const { t, i18n } = useTranslation('learning-admin');
  const multi = scorm.scoCount !== null && scorm.scoCount > 1;
  return (
    <Stack gap={6} data-testid="scorm-report">
      <Text fz="sm" fw={600}>
        {t('activity.scormReport.title')}
      </Text>
      <Group gap={6} wrap="wrap">
        <WrapBadge variant="light" color="blue">
          {t('activity.scormReport.version', { version: scorm.version })}
        </WrapBadge>
        {scorm.scoCount !== null ? (
          <WrapBadge variant="light" color="gray" data-testid="scorm-report-scos">
            {t('activity.scormReport.scos', { count: scorm.scoCount })}
          </WrapBadge>
        ) : null}
        {scorm.sequencing !== null ? (
          <WrapBadge variant="light" color="gray" data-testid="scorm-report-sequencing">
            {scorm.sequencing ? t('activity.scormReport.sequencing') : t('activity.scormReport.noSequencing')}
          </WrapBadge>
        ) : null}
        {scorm.size !== null ? (
          <WrapBadge variant="light" color="gray" data-testid="scorm-report-size">
            {formatSize(scorm.size, i18n.language)}
          </WrapBadge>
        ) : null}
      </Group>
      {multi || scorm.sequencing ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          data-testid="scorm-report-limits"
        >
          <Stack gap={4}>
            {multi ? (
              <Text fz="sm">{t('activity.scormReport.multiSco', { count: scorm.scoCount })}</Text>
            ) : null}
            {scorm.sequencing ? <Text fz="sm">{t('activity.scormReport.sequencingNote')}</Text> : null}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
