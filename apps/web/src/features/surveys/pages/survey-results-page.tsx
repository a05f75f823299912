import { Button, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SurveyResultsView } from '../../../components/surveys/results-view';
import { downloadSurveyCsv, TEXTS_PAGE_SIZE, useSurveyResults, useSurveyTexts } from '../api/surveys';

/** /admin/content/surveys/:id/results: per question a bar per option, the written answers, the CSV. */
export default function SurveyResultsPage() {
  const { t } = useTranslation('surveys');
  const id = Number(useParams().id);
  const query = useSurveyResults(id);
  return (
    <SurveyResultsView
      ownerId={id}
      back={
        <Button
          component={Link}
          to="/admin/survey-results"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('admin.back')}
        </Button>
      }
      query={query}
      heading={(r) => (
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('results.title', { title: r.survey.title })}
        </Title>
      )}
      useTexts={useSurveyTexts}
      textsPageSize={TEXTS_PAGE_SIZE}
      downloadCsv={() => downloadSurveyCsv(id)}
      idPrefix="result"
    />
  );
}
