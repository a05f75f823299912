import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import type { ReactionResults } from '@trilha/contracts/learning';
import { isChoiceKind, justifiedKinds } from '@trilha/contracts/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/i18n';
import { OptionBars } from '../../../components/surveys/option-bars';
import {
  downloadReactionCsv,
  REACTION_TEXTS_PAGE_SIZE,
  useReactionResults,
  useReactionTexts,
} from '../api/reactions';

type Question = ReactionResults['questions'][number];

function Texts({ activityId, question }: { activityId: number; question: Question }) {
  const { t } = useTranslation('surveys');
  const [page, setPage] = useState(1);
  const query = useReactionTexts(activityId, question.index, page, question.texts > 0);
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
      <PaginationBar
        page={page}
        pageSize={REACTION_TEXTS_PAGE_SIZE}
        total={question.texts}
        onChange={setPage}
      />
    </Stack>
  );
}

/**
 * `/admin/reaction-results/:id`: a reaction evaluation's results for the client's instructors and managers
 * (the survey results' screen: a bar per option, the written answers paged, the CSV).
 */
export default function ReactionResultsPage() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useReactionResults(id);
  const [csvError, setCsvError] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setCsvError(false);
    setDownloading(true);
    try {
      await downloadReactionCsv(id);
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
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate(-1)}
        >
          {t('reaction.back')}
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
                {t('reaction.resultsOf', { title: query.data.survey.title })}
              </Title>
              <Text c="dimmed">{t('reaction.resultsCourse', { title: query.data.course.title })}</Text>
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
              aria-labelledby={`reaction-result-${q.index}`}
            >
              <Stack gap="sm">
                <div>
                  <Title order={2} fz="lg" id={`reaction-result-${q.index}`}>
                    {q.index + 1}. {q.text}
                  </Title>
                  <Text c="dimmed" fz="sm">
                    {t(`kinds.${q.kind}`)} · {t('results.answered', { count: q.answered })}
                  </Text>
                </div>
                {isChoiceKind(q.kind) ? <OptionBars question={q} /> : null}
                {!isChoiceKind(q.kind) || justifiedKinds.includes(q.kind) ? (
                  <Texts activityId={id} question={q} />
                ) : null}
              </Stack>
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
