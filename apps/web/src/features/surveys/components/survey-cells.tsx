import { Badge, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n';

interface SurveyRow {
  startsAt: string;
  endsAt: string;
  published: boolean;
  mandatory: boolean;
}

/** The period and status cells a survey's row shows in the back office lists (authoring and results). */
export function SurveyPeriodAndStatus({ survey }: { survey: SurveyRow }) {
  const { t } = useTranslation('surveys');
  return (
    <>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatDate(survey.startsAt)} – {formatDate(survey.endsAt)}
      </Table.Td>
      {/* The badges keep their words; on a phone the table scrolls sideways instead. */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap">
          <Badge
            variant="light"
            color={survey.published ? 'green' : 'gray'}
            style={{ flexShrink: 0, width: 'max-content' }}
          >
            {survey.published ? t('admin.published') : t('admin.draft')}
          </Badge>
          {survey.mandatory ? (
            <Badge variant="light" color="orange" style={{ flexShrink: 0, width: 'max-content' }}>
              {t('admin.mandatory')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
    </>
  );
}
