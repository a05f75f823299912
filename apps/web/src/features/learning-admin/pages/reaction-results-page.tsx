import { Button, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SurveyResultsView } from '../../../components/surveys/results-view';
import {
  downloadReactionCsv,
  REACTION_TEXTS_PAGE_SIZE,
  useReactionResults,
  useReactionTexts,
} from '../api/reactions';

/**
 * `/admin/reaction-results/:id`: a reaction evaluation's results for the client's instructors and managers
 * (the survey results' screen: a bar per option, the written answers paged, the CSV).
 */
export default function ReactionResultsPage() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useReactionResults(id);
  return (
    <SurveyResultsView
      ownerId={id}
      back={
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate(-1)}
        >
          {t('reaction.back')}
        </Button>
      }
      query={query}
      heading={(r) => (
        <>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('reaction.resultsOf', { title: r.survey.title })}
          </Title>
          <Text c="dimmed">{t('reaction.resultsCourse', { title: r.course.title })}</Text>
        </>
      )}
      useTexts={useReactionTexts}
      textsPageSize={REACTION_TEXTS_PAGE_SIZE}
      downloadCsv={() => downloadReactionCsv(id)}
      idPrefix="reaction-result"
    />
  );
}
