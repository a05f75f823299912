import { Alert, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/i18n';
import { selectedClientOf, useSession } from '../../../lib/session-store';
import { useAnswerSurvey, useLearnerSurvey } from '../api/surveys';
import { SurveyForm, SurveyHeading } from '../../../components/surveys/survey-form';

/** `home/surveys/:survey_id`: a survey to answer, once; the mandatory-survey guard brings users here. */
export default function SurveyPage() {
  const { t } = useTranslation('surveys');
  const id = Number(useParams().survey_id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const query = useLearnerSurvey(valid ? id : 0);
  const answer = useAnswerSurvey(id);
  const session = useSession();
  const home = selectedClientOf(session)?.homeRoute ?? '/home';
  // When the screen opened: whether the survey is open is decided then (the server decides again on send).
  const [now] = useState(() => Date.now());

  const goHome = (
    <Button component={Link} to={home} variant="light">
      {t('answer.goHome')}
    </Button>
  );

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Container size="sm" py="lg">
        <Stack>
          <Alert color="yellow" icon={<IconInfoCircle aria-hidden />}>
            {t('answer.notFound')}
          </Alert>
          {goHome}
        </Stack>
      </Container>
    );
  }
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('answer.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Container size="sm" py="lg">
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text>{apiErrorText(query.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void query.refetch()}>
              {t('answer.retry')}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }

  const survey = query.data.survey;
  const open = Date.parse(survey.startsAt) <= now && Date.parse(survey.endsAt) > now;
  const done = answer.isSuccess || survey.answered;

  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <SurveyHeading title={survey.title} />
        <Text c="dimmed" fz="sm">
          {t('answer.period', {
            start: formatDate(survey.startsAt),
            end: formatDate(survey.endsAt),
          })}
        </Text>
        {done ? (
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
            {answer.isSuccess ? t('answer.sent') : t('answer.answered')}
          </Alert>
        ) : null}
        {!done && survey.mandatory ? (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
            {t('answer.mandatoryNotice')}
          </Alert>
        ) : null}
        {!done && !open ? <Alert color="yellow">{t('answer.notOpen')}</Alert> : null}
        {!done && open ? (
          <SurveyForm
            survey={survey}
            onSubmit={(body) => answer.mutate(body)}
            pending={answer.isPending}
            error={answer.error}
          />
        ) : (
          goHome
        )}
      </Stack>
    </Container>
  );
}
