import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { isChoiceKind, justifiedKinds, type SurveyResults } from '@trilha/contracts/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/i18n';
import { OptionBars } from '../../../components/surveys/option-bars';
import { downloadSurveyCsv, TEXTS_PAGE_SIZE, useSurveyResults, useSurveyTexts } from '../api/surveys';

type Question = SurveyResults['questions'][number];

function Texts({ surveyId, question }: { surveyId: number; question: Question }) {
  const { t } = useTranslation('surveys');
  const [page, setPage] = useState(1);
  const query = useSurveyTexts(surveyId, question.index, page, question.texts > 0);
  if (question.texts === 0)
    return (
      <Text c="dimmed" fz="sm">
        {t('results.noTexts')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm">
        {t('results.texts', { count: question.texts })}
      </Text>
      {query.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(query.error)}
        </Alert>
      ) : null}
      {query.isPending ? <Loader size="sm" aria-label={t('results.loading')} /> : null}
      <Stack gap={4} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
        {query.data?.texts.map((x, i) => (
          <li key={`${page}-${i}`}>
            <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
              {x.text}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatDate(x.answeredAt)}
            </Text>
          </li>
        ))}
      </Stack>
      <PaginationBar page={page} pageSize={TEXTS_PAGE_SIZE} total={question.texts} onChange={setPage} />
    </Stack>
  );
}

/** /admin/content/surveys/:id/results: per question a bar per option, the written answers, the CSV. */
export default function SurveyResultsPage() {
  const { t } = useTranslation('surveys');
  const id = Number(useParams().id);
  const query = useSurveyResults(id);
  const [csvError, setCsvError] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setCsvError(false);
    setDownloading(true);
    try {
      await downloadSurveyCsv(id);
    } catch {
      setCsvError(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" maw={900}>
      <Group>
        <Button
          component={Link}
          to="/admin/survey-results"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('admin.back')}
        </Button>
      </Group>
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('results.loading')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text>{apiErrorText(query.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void query.refetch()}>
              {t('answer.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div>
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {t('results.title', { title: query.data.survey.title })}
              </Title>
              <Text c="dimmed">{t('results.responses', { count: query.data.responses })}</Text>
            </div>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download()}
              loading={downloading}
            >
              {t('results.csv')}
            </Button>
          </Group>
          {csvError ? (
            <Alert color="red" role="alert">
              {t('results.csvError')}
            </Alert>
          ) : null}
          {query.data.questions.map((q) => (
            <Paper
              key={q.index}
              withBorder
              p="md"
              radius="md"
              component="section"
              aria-labelledby={`result-${q.index}`}
            >
              <Stack gap="sm">
                <div>
                  <Title order={2} fz="lg" id={`result-${q.index}`}>
                    {q.index + 1}. {q.text}
                  </Title>
                  <Text c="dimmed" fz="sm">
                    {t(`kinds.${q.kind}`)} · {t('results.answered', { count: q.answered })}
                  </Text>
                </div>
                {isChoiceKind(q.kind) ? <OptionBars question={q} /> : null}
                {!isChoiceKind(q.kind) || justifiedKinds.includes(q.kind) ? (
                  <Texts surveyId={id} question={q} />
                ) : null}
              </Stack>
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
